import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { createUser, signedInHost as signedInOwner, withCookie } from './helpers/auth.ts';
import { PRICE_IDS, signedInHost, startAppStripeStandIn, stripeEnv, subscribe, type Host } from './helpers/billing.ts';
import { signedInMember } from './helpers/members.ts';
import { startS3StandIn, type S3StandIn } from './helpers/s3-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startSlowLink, type SlowLink } from './helpers/slow-link.ts';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';
import type { StripeStandIn } from './helpers/stripe/stripe-standin.ts';
import { createTestDatabase, onPostgres } from './helpers/test-database.ts';
import { until } from './helpers/until.ts';

// Two servers behind one address behave as one (docs/decisions/012): two app
// processes on one PostgreSQL database and one bucket. PostgreSQL only: on SQLite there is one server.
// NODE_ENV=test: guest answers say whether they came from a snapshot (`x-snapshot`) and how many
// statements they ran (`x-sqlite-queries`), so a test tells a stored page from a render.

let a: TestServer;
let b: TestServer;
let s3: S3StandIn;
let smtp: TestSmtpServer;
let stripe: StripeStandIn;
/** B reaches PostgreSQL through it: its answers (and the events B listens for) can be slowed. */
let bLink: SlowLink;

interface GuestAnswer {
  status: number;
  snapshot: string | null;
  queries: string | null;
  html: string;
}

async function guest(server: TestServer, pathname: string): Promise<GuestAnswer> {
  const response = await server.request(pathname);
  return { status: response.status, snapshot: response.headers.get('x-snapshot'), queries: response.headers.get('x-sqlite-queries'), html: await response.text() };
}

/** Every value `read` gives until one that `done` accepts (waited for as tests/helpers/until.ts waits). */
async function readsUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T[]> {
  const seen: T[] = [];
  const reading = async () => {
    const value = await read();
    seen.push(value);
    return value;
  };
  await until(reading, done, what, 20);
  return seen;
}

/** Waits until `server` rebuilds nothing (guest answers count the rebuilds under way). */
async function rebuildsSettled(server: TestServer): Promise<void> {
  await until(async () => (await server.request('/instruction')).headers.get('x-snapshot-rebuilds'), (count) => count === '0', 'rebuilds settled');
}

/** Makes `server` hold `pathname`'s page in memory: two answers from a snapshot, the last one showing `text`. */
async function warm(server: TestServer, pathname: string, text: string): Promise<void> {
  await until(() => guest(server, pathname), (page) => page.snapshot === 'hit' && page.html.includes(text), `${pathname} stored`);
  const again = await guest(server, pathname);
  expect(again.snapshot).toBe('hit');
  expect(again.queries).toBe('0');
}

async function create(host: Host, body: Record<string, unknown>): Promise<Instruction> {
  return (await host.json<{ instruction: Instruction }>('/api/instruction', { json: body })).instruction;
}

/** A host signed in on A and a new guidebook of theirs, its page rendered and stored by A. */
async function publishedOnA(body: Record<string, unknown>): Promise<{ host: Host; made: Instruction; page: string }> {
  const host = await signedInHost(a);
  const made = await create(host, body);
  await rebuildsSettled(a);
  return { host, made, page: `/instruction/${made.token}` };
}

describe.skipIf(!onPostgres)('two servers on one PostgreSQL and one bucket', () => {
  beforeAll(async () => {
    s3 = await startS3StandIn();
    // Each mail is held a moment, so both outboxes are busy on one queue at once.
    smtp = await startSmtpServer(0, { acceptDelayMs: 60 });
    stripe = await startAppStripeStandIn();
    const shared = { NODE_ENV: 'test', DATABASE_URL: await createTestDatabase(), ...s3.env(), SMTP_URL: smtp.url, ...stripeEnv(stripe.url) };
    bLink = await startSlowLink(shared.DATABASE_URL);
    // Started together: the migrations run once, under their advisory lock.
    [a, b] = await Promise.all([startServer({ ...shared, MAIL_FROM: 'server-a@porchlight.test' }), startServer({ ...shared, DATABASE_URL: bLink.url, MAIL_FROM: 'server-b@porchlight.test' })]);
    // Stripe tells server A of every subscription change.
    stripe.setWebhookUrl(`${a.url}/api/stripe/webhook`);
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await Promise.all([s3?.close(), smtp?.close(), stripe?.stop(), bLink?.close()]);
  });

  it('a save through A shows on B at once, from the store: B does not render it', async () => {
    const { host, made, page } = await publishedOnA({ nameInstruction: 'Harbour Loft' });
    await warm(b, page, 'Harbour Loft');

    await host.json(`/api/instruction/${made._id}`, { method: 'PUT', json: { ...made, nameInstruction: 'Harbour Loft, renovated' } });
    const answers = await readsUntil(() => guest(b, page), (answer) => answer.html.includes('Harbour Loft, renovated'), 'the save on B');
    // Meanwhile B answered the previous page from memory, then the new one from the store: never a render.
    for (const answer of answers) {
      expect(answer).toMatchObject({ status: 200, snapshot: 'hit', queries: '0' });
      expect(answer.html).toContain('Harbour Loft');
    }
  });

  it('a regenerated link is dead on both servers as soon as A answers', async () => {
    const { host, made, page: oldPage } = await publishedOnA({ nameInstruction: 'Quay House' });
    await warm(a, oldPage, 'Quay House');
    await warm(b, oldPage, 'Quay House');

    // B hears the revocation late (a busy machine, a distant link): A's answer waits for B's word.
    bLink.delayMs = 400;
    let regenerated: { instruction: Instruction };
    try {
      regenerated = await host.json<{ instruction: Instruction }>(`/api/instruction/preview/${made.token}`, { method: 'PATCH' });
    } finally {
      bLink.delayMs = 0;
    }
    const { instruction } = regenerated;
    // No poll: the first request after the answer, on either server.
    const [onB, onA] = await Promise.all([guest(b, oldPage), guest(a, oldPage)]);
    expect(onB.status).toBe(404);
    expect(onA.status).toBe(404);
    expect(instruction.token).not.toBe(made.token);
    const fresh = await guest(b, `/instruction/${instruction.token}`);
    expect(fresh.status).toBe(200);
    expect(fresh.html).toContain('Quay House');
    expect((await guest(b, oldPage)).status).toBe(404);
  });

  it('a write, a link regeneration and a delete through A drop every variant of a token on both servers and in the bucket', async () => {
    const { host, made } = await publishedOnA({ nameInstruction: 'Twin Tongues' });
    // The main page and its French variant (`?lang=fr`), each held in memory on both servers.
    const variants = (token: string) => [`/instruction/${token}`, `/instruction/${token}?lang=fr`];
    const inBucket = (token: string) => [token, `${token}~fr`].map((id) => [...s3.objects.keys()].filter((key) => key.startsWith(`snapshots/${id}/`)).length);
    const warmBoth = async (token: string, text: string) => {
      for (const url of variants(token)) for (const server of [a, b]) await warm(server, url, text);
      expect(inBucket(token)).toEqual([3, 3]);
    };
    await warmBoth(made.token, 'Twin Tongues');

    // A write on A: A renders again the pages its guests opened (the French one too, docs/decisions/022);
    // B answers the new French page within moments.
    await host.json(`/api/instruction/${made._id}`, { method: 'PUT', json: { ...made, nameInstruction: 'Twin Tongues, renovated' } });
    await until(() => guest(b, variants(made.token)[1]!), (answer) => answer.html.includes('Twin Tongues, renovated'), 'the French page on B');
    await rebuildsSettled(a);
    await warmBoth(made.token, 'Twin Tongues, renovated');

    // A link regeneration on A: every variant of the old link is dead on both servers as soon as A answers.
    const { instruction } = await host.json<{ instruction: Instruction }>(`/api/instruction/preview/${made.token}`, { method: 'PATCH' });
    for (const url of variants(made.token)) for (const server of [b, a]) expect((await guest(server, url)).status, url).toBe(404);
    await until(async () => inBucket(made.token), (left) => left.every((count) => count === 0), 'the old link\'s pages removed from the bucket');

    // A delete on A: the same for the new link.
    await warmBoth(instruction.token, 'Twin Tongues, renovated');
    expect((await host.call(`/api/instruction/${made._id}`, { method: 'DELETE' })).status).toBe(200);
    for (const url of variants(instruction.token)) for (const server of [b, a]) expect((await guest(server, url)).status, url).toBe(404);
    await until(async () => inBucket(instruction.token), (left) => left.every((count) => count === 0), 'the deleted guidebook\'s pages removed from the bucket');
  });

  it('a link regenerated on A during a bucket outage stays dead on B once the bucket answers', async () => {
    const { host, made, page: oldPage } = await publishedOnA({ nameInstruction: 'Weir Cottage' });
    await warm(b, oldPage, 'Weir Cottage');
    const inBucket = () => [...s3.objects.keys()].some((key) => key.startsWith(`snapshots/${made.token}/`));
    expect(inBucket()).toBe(true);

    s3.failWith = 503;
    try {
      await host.json(`/api/instruction/preview/${made.token}`, { method: 'PATCH' });
      expect((await guest(b, oldPage)).status).toBe(404);
    } finally {
      s3.failWith = null;
    }
    // The old page may still be in the bucket (A retries its removal), but B never reads it: A told it.
    expect((await guest(b, oldPage)).status).toBe(404);
    await until(async () => inBucket(), (left) => !left, 'the old page removed from the bucket');
    expect((await guest(b, oldPage)).status).toBe(404);
    expect((await guest(a, oldPage)).status).toBe(404);
  });

  it('a plan change through A rebrands the pages B serves (docs/product.md §4)', async () => {
    const { host, page } = await publishedOnA({ nameInstruction: 'Villa', brandingTitle: 'Villa Rentals Co', selectedTheme: '#4caf50' });
    await warm(b, page, 'Made with <a href="/">Porchlight</a>');
    expect((await guest(b, page)).html).not.toContain('Villa Rentals Co');

    // Paid on Stripe, which tells server A (its webhook); A renders the owner's pages again.
    await subscribe({ server: a, standIn: stripe, control: stripe.control, stop: async () => undefined }, host, PRICE_IDS.premium.monthly);
    const answers = await readsUntil(() => guest(b, page), (answer) => answer.html.includes('Villa Rentals Co'), 'the premium branding on B');
    const rebranded = answers.at(-1)!;
    expect(rebranded).toMatchObject({ status: 200, snapshot: 'hit', queries: '0' });
    expect(rebranded.html).toContain('--primary:#4caf50');
    expect(rebranded.html).not.toContain('Made with');
  });

  it('sends 50 queued mails exactly once with both outboxes running', async () => {
    const db = a.openDb();
    const now = Date.now();
    const subjects = Array.from({ length: 50 }, (_, i) => `Two servers ${i}`);
    for (const subject of subjects) {
      db.prepare('INSERT INTO outbox (to_address, subject, text_body, next_attempt_at, created_at) VALUES (?, ?, ?, ?, ?)').run('guest@example.com', subject, `Body of ${subject}`, now, now);
    }
    const ours = () => smtp.mails.filter((mail) => mail.subject.startsWith('Two servers '));
    await until(
      async () => db.prepare("SELECT count(*) AS sent FROM outbox WHERE subject LIKE 'Two servers %' AND status = 'sent'").get() as { sent: number },
      ({ sent }) => Number(sent) === 50,
      'every mail sent',
    );
    expect(ours().map((mail) => mail.subject).sort()).toEqual([...subjects].sort());
    // Each row was claimed once (every claim counts an attempt), by whichever server got it.
    const attempts = db.prepare("SELECT DISTINCT attempts FROM outbox WHERE subject LIKE 'Two servers %'").all() as { attempts: number }[];
    expect(attempts.map((row) => Number(row.attempts))).toEqual([1]);
    const senders = new Set(ours().map((mail) => mail.envelopeFrom));
    expect(senders).toEqual(new Set(['server-a@porchlight.test', 'server-b@porchlight.test']));
  });

  it('counts failed logins across both servers: the 11th failure answers 429 wherever it lands', async () => {
    const user = await createUser(a);
    const attempt = (server: TestServer, password: string) => server.request('/api/users/auth', { json: { email: user.email, password } });
    for (let i = 0; i < 10; i += 1) {
      expect((await attempt(i % 2 === 0 ? a : b, `wrong ${i}`)).status).toBe(401);
    }
    expect((await attempt(a, 'wrong again')).status).toBe(429);
    expect((await attempt(b, 'wrong again')).status).toBe(429);
    // Even the right password waits, on either server.
    expect((await attempt(b, user.password)).status).toBe(429);
    // A session made on one server is good on the other (both read it from the database).
    const host = await signedInHost(a);
    expect((await b.request('/api/users/me', { headers: withCookie(host.cookie) })).status).toBe(200);
  });

  it('a member removed through A is signed out of the team on B at their next request (docs/decisions/028-teams.md §5)', async () => {
    const owner = await signedInOwner(a, 'gold', { freshTeam: true });
    const member = await signedInMember(a, owner.teamId, 'admin');
    const onB = () => b.request('/api/instruction', { headers: withCookie(member.cookie) });
    expect((await onB()).status).toBe(200);
    expect((await owner.call(`/api/team/members/${member.membershipId}`, { method: 'DELETE' })).status).toBe(200);
    expect((await onB()).status).toBe(401);
  });
});
