import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mapRateRules } from '../src/lib/server/geo/map-rate-rules.ts';
import { rateRules, type RateRule } from '../src/lib/server/http/rate-limit.ts';
import { UPLOAD_RATE } from '../src/lib/server/uploads/upload-limits.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { createUser, login, outboxSent, query, run, setUserPlan, withCookie, type TestUser } from './helpers/auth.ts';
import { startAppStripeStandIn, stripeEnv } from './helpers/billing.ts';
import { startGoogleStub, TEST_GOOGLE_CLIENT_ID, type GoogleStub } from './helpers/google-jwks.ts';
import { startSmoobuStandIn, type SmoobuStandIn } from './helpers/pms/smoobu-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import type { StripeStandIn } from './helpers/stripe/stripe-standin.ts';

/**
 * Every limited route under simultaneous requests (docs/security.md 31): a counter is left one
 * slot short of its limit, then a burst of requests arrives at once. At most one may get past the
 * limiter (an answer other than 429): the others must be refused before anything is compared,
 * mailed, fetched or stored. Before the limiter took its slot atomically, a burst of PIN guesses
 * or passwords all passed the check and were all compared (the right one among them got in).
 * Runs on SQLite and, under `npm run test:pg`, on PostgreSQL.
 */
const BURST = 16;
/** The test's own requests come from loopback; the server keys addresses as it sees them. */
const IP = '127.0.0.1';
const PIN = '482913';

let server: TestServer;
let host: TestUser;
let cookie: string;
let guidebook: Instruction;
let stay: Stay;
let png: Buffer;
let stripe: StripeStandIn;
let google: GoogleStub;
let smoobu: SmoobuStandIn;

beforeAll(async () => {
  // Google sign-in, billing and booking systems on, so their limits are reached (off, they answer 503 first).
  [stripe, google, smoobu] = await Promise.all([startAppStripeStandIn(), startGoogleStub(), startSmoobuStandIn()]);
  server = await startServer({
    NODE_ENV: 'test',
    ...stripeEnv(stripe.url),
    GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID,
    GOOGLE_JWKS_URL: google.jwksUrl,
    SECRETS_KEY: randomBytes(32).toString('base64'),
    SMOOBU_API_URL: smoobu.url,
  });
  host = await createUser(server);
  cookie = await login(server, host.email, host.password);
  setUserPlan(server, host.id, 'gold');
  guidebook = (await json<{ instruction: Instruction }>(await asHost('/api/instruction', { json: { nameInstruction: 'Burst House', secretsPolicy: 'pin', secretsPin: PIN, code: '7734' } }))).instruction;
  stay = (await json<{ stay: Stay }>(await asHost(`/api/instruction/${guidebook._id}/stays`, { json: { checkIn: '2030-07-04T15:00', checkOut: '2030-07-08T11:00' } }))).stay;
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#e0a030' } }).png().toBuffer();
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([stripe?.stop(), google?.close(), smoobu?.close()]);
});

async function json<T>(response: Response): Promise<T> {
  expect(response.status, await response.clone().text()).toBeLessThan(300);
  return (await response.json()) as T;
}

function asHost(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  return server.request(pathname, { ...init, headers: withCookie(cookie, Object.fromEntries(new Headers(init.headers))) });
}

/** Leaves `rule` with `left` slots in its window, whatever it held (written as the limiter keeps it). */
function leave(rule: RateRule, left: number): void {
  run(
    server,
    'INSERT INTO rate_limits (key, count, reset_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET count = excluded.count, reset_at = excluded.reset_at',
    rule.key,
    rule.limit - left,
    Date.now() + rule.windowMs,
  );
}

/** Sends `BURST` requests at once; answers their statuses. */
async function burst(send: (index: number) => Promise<Response>): Promise<number[]> {
  const responses = await Promise.all(Array.from({ length: BURST }, (_, index) => send(index)));
  await Promise.all(responses.map((response) => response.arrayBuffer()));
  return responses.map((response) => response.status);
}

/** With `rule` one slot short, a burst gets exactly one request past the limiter. */
async function expectOnePast(rule: RateRule, send: (index: number) => Promise<Response>): Promise<number[]> {
  leave(rule, 1);
  const statuses = await burst(send);
  const past = statuses.filter((status) => status !== 429);
  expect(past, `${rule.key}: ${statuses.join(' ')}`).toHaveLength(1);
  // The one that got through was answered by the route itself, not by an error.
  expect(past[0]).toBeLessThan(500);
  return statuses;
}

const wrongLogin = (email: string) => server.request('/api/users/auth', { json: { email, password: 'not the password' } });

describe('sign-in and account changes', () => {
  it('per account and address: a burst of passwords, the right one among them, compares one', async () => {
    const user = await createUser(server);
    const statuses = await expectOnePast(rateRules.loginAccountIp(user.email, IP), (index) =>
      server.request('/api/users/auth', { json: { email: user.email, password: index === BURST - 1 ? user.password : `wrong ${index}` } }),
    );
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
  });

  it('per address, across accounts (credential stuffing)', async () => {
    await expectOnePast(rateRules.loginIp(IP), (index) => wrongLogin(`stuffed-${index}@example.com`));
    leave(rateRules.loginIp(IP), rateRules.loginIp(IP).limit);
  });

  it('a signed-in owner’s password check (password change)', async () => {
    await expectOnePast(rateRules.loginAccountIp(host.email, IP), () => asHost('/api/users/password', { method: 'PATCH', json: { oldPassword: 'not it', newPassword: 'a new passphrase' } }));
    leave(rateRules.loginAccountIp(host.email, IP), 10);
  });

  it('registration, per address and per address registered', async () => {
    await expectOnePast(rateRules.registerIp(IP), (index) => server.request('/api/users', { json: { name: 'Burst', email: `burst-${index}@example.com`, password: 'a long passphrase' } }));
    leave(rateRules.registerIp(IP), rateRules.registerIp(IP).limit);
    await expectOnePast(rateRules.registerEmail('one@example.com'), () => server.request('/api/users', { json: { name: 'Burst', email: 'one@example.com', password: 'a long passphrase' } }));
  });

  it('password reset mails, per address and per account', async () => {
    await expectOnePast(rateRules.resetIp(IP), (index) => server.request('/api/users/requestResetPassword', { json: { email: `reset-${index}@example.com` } }));
    leave(rateRules.resetIp(IP), rateRules.resetIp(IP).limit);
    await expectOnePast(rateRules.resetEmail(host.email), () => server.request('/api/users/requestResetPassword', { json: { email: host.email } }));
  });

  it('verification links asked for again, per address and per address asked for', async () => {
    await expectOnePast(rateRules.resendVerificationIp(IP), (index) => server.request('/api/users/resend-verification', { json: { email: `resend-${index}@example.com` } }));
    leave(rateRules.resendVerificationIp(IP), rateRules.resendVerificationIp(IP).limit);
    await expectOnePast(rateRules.resendVerificationEmail(host.email), () => server.request('/api/users/resend-verification', { json: { email: host.email } }));
  });

  it('e-mail change verification mails', async () => {
    await expectOnePast(rateRules.emailChangeUser(host.id), (index) => asHost('/api/users/email', { method: 'PATCH', json: { newEmail: `new-${index}@example.com`, password: host.password } }));
  });

  it('Google sign-in attempts per address', async () => {
    await expectOnePast(rateRules.googleIp(IP), () => server.request('/api/users/authGoogle', { json: { credential: 'not-a-token' } }));
  });
});

describe('guest PINs', () => {
  const guess = (index: number) =>
    server.request(`/api/guest/${guidebook.token}/secrets`, { headers: { 'x-guest-pin': index === BURST - 1 ? PIN : `1000${String(index).padStart(2, '0')}` } });

  it('per link and address: a burst of guesses, the right PIN among them, compares one', async () => {
    const statuses = await expectOnePast(rateRules.pinLinkAddress(guidebook._id, IP), guess);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(1);
    leave(rateRules.pinLinkAddress(guidebook._id, IP), 10);
  });

  it('per address across links', async () => {
    await expectOnePast(rateRules.pinIp(IP), guess);
    leave(rateRules.pinIp(IP), 30);
  });

  it('link-wide, for guesses from many addresses', async () => {
    await expectOnePast(rateRules.pinLink(guidebook._id), guess);
    leave(rateRules.pinLink(guidebook._id), 100);
  });
});

describe('messages and mails', () => {
  const note = { name: 'Burst', email: 'guest@example.com', message: 'Hello' };

  it('support messages from a host', async () => {
    await expectOnePast(rateRules.userMessageUser(host.id), () => asHost('/api/messaging/sendMessageFromUser', { json: { ...note, name: host.name, email: host.email } }));
  });

  it('the landing page’s contact form, per address', async () => {
    await expectOnePast(rateRules.contactIp(IP), () => server.request('/api/messaging/contact', { json: note }));
  });

  it('guest messages: per address, per guidebook link and per stay link', async () => {
    await expectOnePast(rateRules.guestMessageIp(IP), () => server.request(`/api/guest/${guidebook.token}/message`, { json: note }));
    leave(rateRules.guestMessageIp(IP), 5);
    await expectOnePast(rateRules.guestMessageGuidebook(guidebook._id), () => server.request(`/api/guest/${guidebook.token}/message`, { json: note }));
    leave(rateRules.guestMessageIp(IP), 5);
    await expectOnePast(rateRules.guestMessageStay(stay._id), () => server.request(`/api/guest/${stay.token}/message`, { json: note }));
    leave(rateRules.guestMessageIp(IP), 5);
  });

  it('extras asked for from a stay link: per address and per stay', async () => {
    const saved = await json<Instruction>(await asHost(`/api/instruction/${guidebook._id}`));
    await json(await asHost(`/api/instruction/${guidebook._id}`, { method: 'PUT', json: { ...saved, extras: [{ id: 1, title: 'Bikes', price: 0, maxPerStay: 20 }] } }));
    const ask = () => server.request(`/api/guest/${stay.token}/extras/1`, { json: {} });
    await expectOnePast(rateRules.extraRequestIp(IP), ask);
    leave(rateRules.extraRequestIp(IP), 20);
    await expectOnePast(rateRules.extraRequestStay(stay._id), ask);
    leave(rateRules.extraRequestIp(IP), 20);
  });

  it('extras ordered from a guidebook’s public link: per guest e-mail when asked for, per guidebook when confirmed', async () => {
    const saved = await json<Instruction>(await asHost(`/api/instruction/${guidebook._id}`));
    await json(await asHost(`/api/instruction/${guidebook._id}`, { method: 'PUT', json: { ...saved, extrasOnPublicLink: true } }));
    const ask = (email: string) => server.request(`/api/guest/${guidebook.token}/extras/1`, { json: { guestName: 'Burst', guestEmail: email } });
    await expectOnePast(rateRules.extraRequestEmail('same@example.com'), () => ask('Same@Example.com'));
    leave(rateRules.extraRequestIp(IP), 20);
    // Strangers who never confirm take nothing of the guidebook's: a burst of requests from many addresses all pass.
    leave(rateRules.extraRequestGuidebook(guidebook._id), 1);
    const statuses = await burst((index) => ask(`stranger${index}@example.com`));
    expect(statuses.filter((status) => status === 202).length).toBeGreaterThan(1);
    leave(rateRules.extraRequestIp(IP), 20);
    // Confirming takes the guidebook's slot: of a burst of confirmations, one passes.
    const links = query<{ id: string }>(server, 'SELECT id FROM order_confirmations WHERE instruction_id = ? AND order_id IS NULL', guidebook._id).map((row) => row.id);
    expect(links.length).toBeGreaterThan(1);
    leave(rateRules.extraRequestGuidebook(guidebook._id), 1);
    // Each link's token is only in its mail (the database keeps its hash, and the outbox empties a
    // mail's body once sent): read from the mails sent, whose links the file mailer logs.
    await outboxSent(server);
    const mailed = server.logs.filter((line) => line.includes('mail: written to outbox folder')).flatMap((line) => (JSON.parse(line) as { links: string[] }).links);
    const tokenOf = (id: string) => mailed.map((link) => new RegExp(`/confirm/${id}\\?token=([\\w-]+)`).exec(link)?.[1]).find(Boolean);
    // (A link whose mail the recipient's daily budget held back has no token to press.)
    const tokens = new Map(links.map((id) => [id, tokenOf(id)] as const).filter(([, token]) => token !== undefined));
    expect(tokens.size).toBeGreaterThan(1);
    const confirmed = await Promise.all([...tokens].map(([id, token]) => server.request(`/api/order-confirmations/${id}`, { json: { token } })));
    expect(confirmed.filter((response) => response.status === 201)).toHaveLength(1);
    expect(confirmed.filter((response) => response.status === 429).length).toBe(confirmed.length - 1);
  });

  it('the Approve and Decline links of a host’s order mail, per address (the page and its button)', async () => {
    const token = 'A'.repeat(43);
    await expectOnePast(rateRules.orderLinkIp(IP), () => server.request(`/orders/no-such-order/approve?token=${token}`));
    await expectOnePast(rateRules.orderLinkIp(IP), () => server.request('/api/orders/no-such-order/decide', { json: { token, decision: 'approve' } }));
    leave(rateRules.orderLinkIp(IP), rateRules.orderLinkIp(IP).limit);
  });

  it('guidebook and stay links mailed to one guest: one budget per address, whichever route', async () => {
    await expectOnePast(rateRules.guestMailRecipient('guest@example.com'), () => asHost(`/api/instruction/${guidebook._id}/share`, { json: { email: 'guest@example.com' } }));
    await expectOnePast(rateRules.guestMailRecipient('other@example.com'), () => asHost(`/api/instruction/${guidebook._id}/stays/${stay._id}/send`, { json: { email: 'other@example.com' } }));
  });

  it('stays a host adds', async () => {
    let day = 100;
    await expectOnePast(rateRules.stayWriteUser(host.id), () => {
      day += 3;
      const at = (offset: number) => new Date(Date.now() + (day + offset) * 86_400_000).toISOString().slice(0, 10);
      return asHost(`/api/instruction/${guidebook._id}/stays`, { json: { checkIn: at(0), checkOut: at(1) } });
    });
  });
});

describe('uploads, geocoding, calendars, billing and payouts', () => {
  it('image uploads per host', async () => {
    await expectOnePast({ key: `upload:user:${host.id}`, ...UPLOAD_RATE }, () => {
      const form = new FormData();
      form.set('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'pixel.png');
      form.set('type', 'square');
      return asHost('/api/upload', { method: 'POST', body: form });
    });
  });

  it('map links and reverse geocoding per address', async () => {
    await expectOnePast(mapRateRules.resolveIp(IP), () => server.request('/api/map/resolve-map?url=not-a-link'));
    await expectOnePast(mapRateRules.reverseIp(IP), () => server.request('/api/map/reverse-geocode?lat=x&lng=y'));
  });

  it('calendar fetches a host asks for (save, sync now)', async () => {
    await expectOnePast(rateRules.calendarFetchUser(host.id), () => asHost(`/api/instruction/${guidebook._id}/calendar`, { method: 'PUT', json: { url: 'https://calendar.invalid/feed.ics' } }));
  });

  it('billing calls that reach Stripe', async () => {
    await expectOnePast(rateRules.billingUser(host.id), () => asHost('/api/billing-portal', { method: 'POST', json: {} }));
  });

  it('payout calls that reach Stripe (onboarding, refresh, the Stripe dashboard link)', async () => {
    for (const path of ['/api/payouts/onboarding', '/api/payouts/refresh', '/api/payouts/dashboard-link']) {
      await expectOnePast(rateRules.payoutsUser(host.id), () => asHost(path, { method: 'POST', json: {} }));
    }
  });
});

describe('booking systems', () => {
  it('connecting one, per team, and "Sync now", per connection', async () => {
    const { apiKey, apiSecret } = smoobu.addAccount({ apartments: [{ id: 31, name: 'Burst Loft' }] });
    const connect = () => asHost('/api/team/integrations', { method: 'POST', json: { system: 'smoobu', fields: { apiKey, apiSecret } } });
    const statuses = await expectOnePast(rateRules.integrationConnectTeam(host.teamId), connect);
    // The one past the limiter made the team's one connection.
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    const rows = query<{ id: string }>(server, 'SELECT id FROM pms_integrations WHERE team_id = ?', host.teamId);
    expect(rows).toHaveLength(1);
    await expectOnePast(rateRules.integrationSync(rows[0]!.id), () => asHost(`/api/team/integrations/${rows[0]!.id}/sync`, { method: 'POST', json: {} }));
  });
});
