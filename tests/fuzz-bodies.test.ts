import fc from 'fast-check';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, login, query, run, setUserPlan } from './helpers/auth.ts';
import { startAppStripeStandIn, stripeEnv } from './helpers/billing.ts';
import { FuzzTally, printable, problemWith, sendFuzz, type FuzzAnswer, type FuzzRequest } from './helpers/fuzz-http.ts';
import { logProblems, pendingMails, storedDataProblems } from './helpers/fuzz-aftermath.ts';
import { CURRENT, fuzzRoutes, param, writeRoutesOnDisk, type FuzzRoute, type Param } from './helpers/fuzz-routes.ts';
import { multipartRequest, pinHeader, signWebhook, webhookDelivery } from './helpers/fuzz-special.ts';
import { acceptEncoding, contentType, headerSafe, hostileBody, hostileString, hostileValue, JSON_CAP, jsonText, RawJson, sourceAddress } from './helpers/fuzz-values.ts';
import { startGoogleStub, TEST_GOOGLE_CLIENT_ID, type GoogleStub } from './helpers/google-jwks.ts';
import { startSmoobuStandIn, type SmoobuStandIn } from './helpers/pms/smoobu-standin.ts';
import { SEAM_WEBHOOK_TEST_SECRET, startSeamStandIn, type SeamStandIn } from './helpers/seam-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import type { StripeStandIn } from './helpers/stripe/stripe-standin.ts';
import { until } from './helpers/until.ts';

/**
 * Property-based fuzzing of every /api route that takes a write (docs/security.md 29): garbage
 * and hostile bodies, headers and paths, and bodies of the right shape with hostile values. The
 * property: every answer is 2xx or a JSON 4xx with a string `message` (never a 5xx, never HTML or
 * nothing), the server stays up, and afterwards the database is whole and every stored guidebook
 * still reads, renders and re-validates.
 *
 * One server for the file, against local stand-ins for Stripe and Google so that no route answers
 * "not configured"; the host logs in once. Rate-limited 429s are answers like any other; requests
 * come from 64 loopback addresses so that per-address limits do not end a run early.
 *
 * Budget: FUZZ_RUNS=10 runs ten times as many cases (a deep local run). A failure prints its
 * seed and path; replay with FUZZ_SEED=<seed> FUZZ_PATH=<path> and `-t '<property>'`.
 */
const SEED = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
const SCALE = Math.max(0.1, Number(process.env.FUZZ_RUNS ?? 1));
const REPLAY_PATH = process.env.FUZZ_PATH || undefined;
const runs = (n: number) => Math.max(1, Math.round(n * SCALE));
/** A test's timeout, grown with the budget. */
const budget = (ms: number) => ms * Math.max(1, SCALE);

let server: TestServer;
let stripe: StripeStandIn;
let google: GoogleStub;
let smoobu: SmoobuStandIn;
let seam: SeamStandIn;
let cookie: string;
let hostId: string;
let routes: FuzzRoute[];
/** A real PNG, the file of well-formed uploads. */
let png: Buffer;
/** Users before the run (the seed's demo host and ours), and answers that may each have made one. */
let usersBefore = 0;
let accountAnswers = 0;
const main = { id: '', token: '', stayId: '', stayToken: '' };
/** Guidebooks and stays the run made (created, duplicated): what DELETE may target, and what must remain. */
const pool = { guidebooks: [] as Array<{ id: string; token: string }>, stays: [] as Array<{ guidebookId: string; id: string; token: string }> };
const tally = new FuzzTally();
const started = performance.now();

beforeAll(async () => {
  console.info(`fuzz-bodies: FUZZ_SEED=${SEED} FUZZ_RUNS=${SCALE}${REPLAY_PATH ? ` FUZZ_PATH=${REPLAY_PATH}` : ''}`);
  [stripe, google, smoobu, seam] = await Promise.all([startAppStripeStandIn(), startGoogleStub(), startSmoobuStandIn(), startSeamStandIn()]);
  // Integrations on, against the Smoobu stand-in (which refuses every key the fuzzer makes up).
  // Smart locks on, against the Seam stand-in (docs/decisions/030-smart-locks.md).
  const integrations = { SECRETS_KEY: 'cd'.repeat(32), SMOOBU_API_URL: smoobu.url, SEAM_API_KEY: seam.apiKey, SEAM_API_URL: seam.url, SEAM_WEBHOOK_SECRET: SEAM_WEBHOOK_TEST_SECRET };
  server = await startServer({ NODE_ENV: 'test', ...stripeEnv(stripe.url), GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl, ...integrations });
  const user = await createUser(server);
  setUserPlan(server, user.id, 'premium');
  hostId = user.id;
  cookie = await login(server, user.email, user.password);

  const call = async (path: string, init: RequestInit & { json?: unknown }) => {
    const response = await server.request(path, { ...init, headers: { cookie } });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`setup ${path}: ${response.status} ${text}`);
    return JSON.parse(text) as Record<string, { _id: string; token: string }> & { image: string };
  };
  png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#e0a030' } }).png().toBuffer();
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'a.png');
  form.append('type', 'square');
  const { image } = await call('/api/upload', { method: 'POST', body: form });
  const { instruction } = await call('/api/instruction', { json: { nameInstruction: 'Harbour Loft', code: '4821', wifiPassword: 'sunny-days-42', secretsPolicy: 'pin', secretsPin: '258046', timeZone: 'UTC', coverImage: image } });
  Object.assign(main, { id: instruction!._id, token: instruction!.token });
  const day = 86_400_000;
  const local = (offset: number) => new Date(Date.now() + offset).toISOString().slice(0, 16);
  const { stay } = await call(`/api/instruction/${main.id}/stays`, { json: { guestName: 'Ana', guestEmail: 'ana@example.com', checkIn: local(-day), checkOut: local(3 * day) } });
  Object.assign(main, { stayId: stay!._id, stayToken: stay!.token });
  routes = fuzzRoutes({ id: user.id, email: user.email, password: user.password, image });
  usersBefore = Number(query<{ n: number | string }>(server, 'SELECT count(*) AS n FROM users')[0]!.n);
});

afterAll(async () => {
  console.info(`fuzz-bodies: ${tally.summary()}; ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await server?.stop();
  await stripe?.stop();
  await google?.close();
  await smoobu?.close();
  await seam?.close();
});

/** Runs a property with the file's seed; a failure names the seed and path to replay it. */
async function check<T>(name: string, arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, numRuns: number): Promise<void> {
  const details = await fc.check(fc.asyncProperty(arbitrary, predicate), { seed: SEED, numRuns, ...(REPLAY_PATH ? { path: REPLAY_PATH } : {}) });
  if (details.failed) {
    const replay = `FUZZ_SEED=${details.seed} FUZZ_PATH=${details.counterexamplePath ?? ''} npx vitest run tests/fuzz-bodies.test.ts -t '${name}'`;
    console.warn(`fuzz-bodies: ${name} failed; replay with ${replay}`);
    const cause = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
    throw new Error(`${name}: ${cause}\nreplay with ${replay}\n${fc.defaultReportMessage(details) ?? ''}`);
  }
}

function resolveParam(p: Param, kind: 'id' | 'stayId' | 'token', mayTargetMain: boolean): string {
  if (p.kind === 'raw') return p.text;
  const guidebooks = pool.guidebooks;
  const n = p.kind === 'pool' ? p.n : 0;
  if (kind === 'stayId') {
    if (p.kind === 'main' && mayTargetMain) return main.stayId;
    return pool.stays.length ? pool.stays[n % pool.stays.length]!.id : 'no-such-stay';
  }
  if (p.kind === 'main' && mayTargetMain) return kind === 'id' ? main.id : main.token;
  if (!guidebooks.length) return `no-such-${kind}`;
  const pick = guidebooks[n % guidebooks.length]!;
  return kind === 'id' ? pick.id : pick.token;
}

/** The route's path with its parameters filled in; a pool stay comes with its own guidebook. */
function pathOf(route: FuzzRoute, params: { id: Param; stayId: Param; token: Param }): string {
  const pattern = route.key.slice(route.key.indexOf(' ') + 1);
  let stayGuidebook: string | undefined;
  if (pattern.includes('[stayId]') && params.stayId.kind === 'pool' && params.id.kind !== 'raw' && pool.stays.length) {
    stayGuidebook = pool.stays[params.stayId.n % pool.stays.length]!.guidebookId;
  }
  // The guest routes take a guidebook's token or a stay's; the preview PATCH a guidebook's (never the main one: it would change).
  const guestToken = (p: Param) => (p.kind === 'main' ? main.token : p.kind === 'pool' ? (p.n % 2 ? main.stayToken : (pool.stays[p.n % Math.max(1, pool.stays.length)]?.token ?? main.stayToken)) : p.text);
  return pattern
    .replace('[id]', () => stayGuidebook ?? resolveParam(params.id, 'id', route.mayTargetMain))
    .replace('[stayId]', () => resolveParam(params.stayId, 'stayId', route.mayTargetMain))
    .replace('[revisionId]', () => (params.stayId.kind === 'raw' ? params.stayId.text : 'no-such-revision'))
    // An extra's id is a number (or junk); an order's id one no order has (or junk).
    .replace('[extraId]', () => (params.stayId.kind === 'raw' ? params.stayId.text : String(params.stayId.kind === 'pool' ? params.stayId.n : 1)))
    .replace('[hookId]', () => (params.id.kind === 'raw' ? params.id.text : 'no-such-hook-000000000000'))
    .replace('[orderId]', () => (params.stayId.kind === 'raw' ? params.stayId.text : 'no-such-order'))
    .replace('[feedbackId]', () => (params.stayId.kind === 'raw' ? params.stayId.text : 'no-such-feedback'))
    // A language of the list, the main one, or junk.
    .replace('[lang]', () => (params.stayId.kind === 'raw' ? params.stayId.text : params.stayId.kind === 'pool' && params.stayId.n % 2 ? 'en' : 'de'))
    .replace('[token]', () => (pattern.startsWith('/api/guest/') ? guestToken(params.token) : resolveParam(params.token, 'token', false)));
}

/** Keeps the pools and the expected row counts in step with what the server answered. */
function track(route: FuzzRoute, path: string, answer: FuzzAnswer): void {
  if ('error' in answer || answer.status >= 300) return;
  if (route.key === 'POST /api/users' || route.key === 'POST /api/users/authGoogle') accountAnswers += 1;
  const body = JSON.parse(answer.text) as { instruction?: { _id: string; token: string }; stay?: { _id: string; token: string } };
  // Astro collapses doubled slashes: "/api//instruction/x" is "/api/instruction/x" to the route.
  const segments = path.split('?')[0]!.replace(/\/{2,}/g, '/').split('/').map((segment) => {
    try {
      return decodeURIComponent(segment);
    } catch {
      return segment;
    }
  });
  if (answer.status === 201 && body.instruction) pool.guidebooks.push({ id: body.instruction._id, token: body.instruction.token });
  if (answer.status === 201 && body.stay) pool.stays.push({ guidebookId: segments[3]!, id: body.stay._id, token: body.stay.token });
  if (route.key === 'DELETE /api/instruction/[id]') {
    const id = segments[3]!;
    pool.guidebooks = pool.guidebooks.filter((g) => g.id !== id);
    pool.stays = pool.stays.filter((s) => s.guidebookId !== id);
  }
  if (route.key === 'DELETE /api/instruction/[id]/stays/[stayId]') pool.stays = pool.stays.filter((s) => s.id !== segments[5]!);
  if (route.key === 'PATCH /api/instruction/preview/[token]' && body.instruction) {
    const moved = pool.guidebooks.find((g) => g.id === body.instruction!._id);
    if (moved) moved.token = body.instruction.token;
  }
}

/** Routes whose lost answer leaves the pools unsure: what was made or deleted is read back. */
const MAKES_OR_DELETES = new Set(['POST /api/instruction', 'POST /api/instruction/[id]', 'DELETE /api/instruction/[id]', 'POST /api/instruction/[id]/stays', 'DELETE /api/instruction/[id]/stays/[stayId]']);

/**
 * The pools as the API lists them. Needed after a lost answer only: a DELETE with an oversized
 * body is carried out (the route reads no body), and the client, still writing, sees the reset.
 */
async function resyncPools(): Promise<void> {
  const read = async <T>(path: string) => JSON.parse((await sendFuzz(server, { method: 'GET', path, headers: { cookie } }).then((a) => ('error' in a ? '[]' : a.text))) || '[]') as T;
  const guidebooks = await read<Array<{ _id: string; token: string }>>('/api/instruction');
  pool.guidebooks = guidebooks.filter((g) => g._id !== main.id).map((g) => ({ id: g._id, token: g.token }));
  pool.stays = [];
  for (const g of guidebooks) {
    const { stays } = await read<{ stays: Array<{ _id: string; token: string }> }>(`/api/instruction/${g._id}/stays`);
    for (const stay of stays) if (stay._id !== main.stayId) pool.stays.push({ guidebookId: g._id, id: stay._id, token: stay.token });
  }
}

/** Sends, counts, tracks, and fails with a readable reason when the answer breaks the property. */
async function exchange(route: FuzzRoute, request: FuzzRequest, { expectStatus }: { expectStatus?: number[] } = {}): Promise<FuzzAnswer> {
  const answer = await sendFuzz(server, request);
  tally.count(route.key, answer);
  const oversized = (request.body?.byteLength ?? 0) > JSON_CAP;
  const problem = problemWith(answer, { oversized });
  if (problem) throw new Error(`${route.key}: ${problem}`);
  if ('error' in answer && MAKES_OR_DELETES.has(route.key)) await resyncPools();
  if (server.process.exitCode !== null) throw new Error(`${route.key}: the server exited (${server.process.exitCode})`);
  if (expectStatus && !('error' in answer) && !expectStatus.includes(answer.status)) throw new Error(`${route.key}: status ${answer.status}, expected one of ${expectStatus.join(', ')}: ${answer.text.slice(0, 200)}`);
  track(route, request.path, answer);
  return answer;
}

/** Not a write, but the other way a guest sends something hostile: the PIN header. */
const SECRETS: FuzzRoute = { key: 'GET /api/guest/[token]/secrets', auth: 'anonymous', mayTargetMain: true, weight: 1 };
const methodOf = (route: FuzzRoute) => route.key.slice(0, route.key.indexOf(' '));
const params = fc.record({ id: param, stayId: param, token: param });
/** Whose session: the host's, none, or a made-up cookie (never the host's on logout: the run needs it). */
const session = (route: FuzzRoute) =>
  fc.oneof(
    { weight: route.auth === 'host' ? 6 : 1, arbitrary: fc.constant('host') },
    { weight: route.auth === 'host' ? 1 : 5, arbitrary: fc.constant('none') },
    { weight: 1, arbitrary: hostileString.map((value) => `porchlight_session=${headerSafe(value)}`) },
  );
const cookieFor = (route: FuzzRoute, choice: string) => (choice === 'none' || (choice === 'host' && route.key === 'POST /api/users/logout') ? undefined : choice === 'host' ? cookie : choice);

describe('fuzzing every /api write (docs/security.md 29)', () => {
  it('covers every write route under src/pages/api', () => {
    expect(routes.map((route) => route.key).sort()).toEqual(writeRoutesOnDisk());
  });

  it('garbage: any body, type, length, encoding, session, origin and path spelling', async () => {
    const request = fc.constantFrom(...routes).chain((route) =>
      fc.record({
        route: fc.constant(route),
        params,
        spelling: fc.constantFrom('as-is', 'as-is', 'as-is', 'as-is', 'trailing-slash', 'upper', 'double-slash', 'query'),
        body: fc.oneof({ weight: 8, arbitrary: hostileBody(route.body ? fc.oneof(route.body.map(jsonText), hostileValue.map(jsonText)) : hostileValue.map(jsonText)) }, { weight: 1, arbitrary: fc.constant(undefined) }),
        chunked: fc.boolean(),
        type: contentType,
        session: session(route),
        origin: fc.constantFrom('ours', 'ours', 'ours', 'ours', 'ours', 'ours', 'none', 'evil', 'null'),
        encoding: acceptEncoding,
        from: sourceAddress,
      }),
    );
    await check(
      'garbage',
      request,
      async (r) => {
        let path = pathOf(r.route, r.params);
        if (r.spelling === 'trailing-slash') path += '/';
        if (r.spelling === 'upper') path = path.toUpperCase();
        if (r.spelling === 'double-slash') path = path.replace('/api/', '/api//');
        if (r.spelling === 'query') path += '?__proto__[x]=1&a=%E0%A4%A';
        const headers: Record<string, string> = {};
        if (r.type) headers['content-type'] = headerSafe(r.type);
        const sessionCookie = cookieFor(r.route, r.session);
        if (sessionCookie) headers.cookie = sessionCookie;
        if (r.origin !== 'none') headers.origin = r.origin === 'ours' ? server.origin : r.origin === 'evil' ? 'https://evil.example' : 'null';
        if (r.encoding) headers['accept-encoding'] = r.encoding;
        // Stripe's exact paths skip the Origin and type checks (its proof is the signature): garbage there is a 400.
        const isWebhook = (r.route.key === 'POST /api/stripe/webhook' || r.route.key === 'POST /api/stripe/connect-webhook') && (r.spelling === 'as-is' || r.spelling === 'query');
        // Seam's (Svix-signed) is the same with 401: garbage never carries a valid signature.
        const isSeamHook = r.route.key === 'POST /api/locks/webhook' && (r.spelling === 'as-is' || r.spelling === 'query');
        await exchange(r.route, printable({ method: methodOf(r.route), path, headers, body: r.body, chunked: r.chunked, localAddress: r.from }), isWebhook ? { expectStatus: [400, 413] } : isSeamHook ? { expectStatus: [400, 401, 413] } : {});
      },
      runs(500),
    );
  }, budget(300_000));

  it('shaped: bodies of each schema with hostile values, as the app sends them', async () => {
    const shaped = routes.filter((route) => route.body);
    const request = fc
      .oneof(...shaped.map((route) => ({ weight: route.weight, arbitrary: fc.record({ route: fc.constant(route), body: route.body!, params, from: sourceAddress }) })))
      .map((r) => Object.defineProperty(r, fc.toStringMethod, { value: () => `${r.route.key} ${jsonText(r.body).slice(0, 600)}`, enumerable: false }));
    await check(
      'shaped',
      request,
      async (r) => {
        const path = pathOf(r.route, r.params);
        let body = r.body as Record<string | symbol, unknown>;
        if (CURRENT in body) {
          // Laid over the guidebook as loaded, with its version: a stale one would only ever test the 409.
          const loaded = await sendFuzz(server, { method: 'GET', path, headers: { cookie } });
          const current = !('error' in loaded) && loaded.status === 200 ? (JSON.parse(loaded.text) as Record<string, unknown>) : { version: 1 };
          body = { ...current, ...body, version: new RawJson(String(current.version)) };
        }
        const headers: Record<string, string> = { 'content-type': 'application/json', origin: server.origin };
        if (r.route.auth === 'host') headers.cookie = cookie;
        await exchange(r.route, printable({ method: methodOf(r.route), path, headers, body: Buffer.from(jsonText(body)), localAddress: r.from }));
      },
      runs(300),
    );
  }, budget(300_000));

  it('uploads: multipart forms whole, broken, lying or oversized', async () => {
    const upload = routes.find((route) => route.key === 'POST /api/upload')!;
    await check(
      'uploads',
      fc.record({ form: multipartRequest(png), chunked: fc.boolean(), from: sourceAddress }),
      async ({ form, chunked, from }) => {
        await exchange(upload, printable({ method: 'POST', path: '/api/upload', headers: { 'content-type': form.contentType, origin: server.origin, cookie }, body: form.body, chunked, localAddress: from }));
      },
      runs(60),
    );
  }, budget(300_000));

  it('Stripe webhook: 400 for anything not signed by Stripe; signed junk is never a 5xx', async () => {
    const webhook = routes.find((route) => route.key === 'POST /api/stripe/webhook')!;
    await check(
      'webhook',
      fc.record({ delivery: webhookDelivery, type: fc.constantFrom('application/json', 'application/json; charset=utf-8', 'text/plain', ''), from: sourceAddress }),
      async ({ delivery, type, from }) => {
        const headers: Record<string, string> = type ? { 'content-type': type } : {};
        if (delivery.signature !== undefined) headers['stripe-signature'] = delivery.signature;
        await exchange(webhook, printable({ method: 'POST', path: '/api/stripe/webhook', headers, body: delivery.body, localAddress: from }), delivery.signed ? {} : { expectStatus: [400] });
      },
      runs(80),
    );
  }, budget(300_000));

  it('guest secrets: any PIN header on any link', async () => {
    await check(
      'secrets',
      fc.record({ token: param, pin: pinHeader, from: sourceAddress }),
      async ({ token, pin, from }) => {
        const path = `/api/guest/${token.kind === 'raw' ? token.text : token.kind === 'main' ? main.token : main.stayToken}/secrets`;
        await exchange(SECRETS, printable({ method: 'GET', path, headers: pin === undefined ? {} : { 'x-guest-pin': pin }, localAddress: from }));
      },
      runs(40),
    );
  }, budget(120_000));

  it('what the fuzzing found stays fixed, whatever the seed', async () => {
    const find = (key: string) => routes.find((route) => route.key === key)!;
    const expectAnswer = async (key: string, request: FuzzRequest, status: number) => {
      const answer = await exchange(find(key), request, { expectStatus: [status] });
      return 'error' in answer ? undefined : (JSON.parse(answer.text) as Record<string, unknown>);
    };
    // Astro's router is case-sensitive: an /API path passed the route table and got the HTML 404 page.
    await expectAnswer('PATCH /api/users/name', { method: 'PATCH', path: '/API/users/name', headers: { cookie, origin: server.origin } }, 404);
    // A path ending in "//" got Astro's text/plain redirect.
    await expectAnswer('POST /api/users/logout', { method: 'POST', path: '/api/users/logout//', headers: { origin: server.origin } }, 400);
    // A NUL in a path parameter was a 500 from PostgreSQL.
    await expectAnswer('DELETE /api/instruction/[id]', { method: 'DELETE', path: '/api/instruction/%00', headers: { cookie, origin: server.origin } }, 400);
    await expectAnswer('POST /api/guest/[token]/message', { method: 'POST', path: '/api/guest/a%00b/message', headers: { 'content-type': 'application/json', origin: server.origin }, body: Buffer.from('{}') }, 400);
    // "%2500" decodes to "%00", which Astro decodes once more for the route: a NUL again (seed 936843598).
    await expectAnswer('DELETE /api/instruction/[id]', { method: 'DELETE', path: '/api/instruction/a%2500b', headers: { cookie, origin: server.origin } }, 400);
    // Signed by Stripe's secret but no event, or an event whose customer is no id: a 400 or an
    // acknowledged "ignored", never a 500 (a NOT NULL insert, a property of null, a customer id
    // that walked the request to Stripe onto another path, answered with HTML).
    const webhook = (payload: string) => ({ method: 'POST', path: '/api/stripe/webhook', headers: { 'content-type': 'application/json', 'stripe-signature': signWebhook(payload) }, body: Buffer.from(payload) });
    await expectAnswer('POST /api/stripe/webhook', webhook('""'), 400);
    await expectAnswer('POST /api/stripe/webhook', webhook('{"type":"invoice.paid"}'), 400);
    for (const data of ['null', '{"object":null}', '{"object":{"customer":{"id":{"x":1}}}}', '{"object":{"customer":7}}', '{"object":{"customer":"\\ud803"}}', '{"object":{"customer":"cus_\\u0000"}}', '{"object":{"customer":"<<a/../../invoice/in_x"}}', '{"object":{"customer":"cus_a/../../portal/x"}}']) {
      const body = await expectAnswer('POST /api/stripe/webhook', webhook(`{"id":"evt_fuzz_${data.length}_${Date.now()}","type":"invoice.paid","data":${data}}`), 200);
      expect(body?.outcome).toBe('ignored');
    }
    // A lone surrogate in the Wi-Fi name made the Wi-Fi QR code throw: the guest page and the
    // secrets were 500s. A body that holds one is refused now; a row stored before still renders.
    const json = { cookie, origin: server.origin, 'content-type': 'application/json' };
    const refused = await expectAnswer('POST /api/instruction', { method: 'POST', path: '/api/instruction', headers: json, body: Buffer.from('{"wifiName":"Loft \\ud800","wifiPassword":"pw\\udc00"}') }, 400);
    expect(refused?.message).toBe('The request body contains broken Unicode text (half of a surrogate pair).');
    const made = await expectAnswer('POST /api/instruction', { method: 'POST', path: '/api/instruction', headers: json, body: Buffer.from('{"wifiName":"Loft","wifiPassword":"pw"}') }, 201);
    const { _id: id, token } = made!.instruction as { _id: string; token: string };
    const [row] = query<{ data: string }>(server, 'SELECT data FROM instructions WHERE id = ?', id);
    run(server, 'UPDATE instructions SET data = ? WHERE id = ?', JSON.stringify({ ...JSON.parse(row!.data), wifiName: 'Loft \ud800', wifiPassword: 'pw\udc00' }), id);
    expect((await server.request(`/instruction/${token}`)).status).toBe(200);
    await exchange(SECRETS, { method: 'GET', path: `/api/guest/${token}/secrets`, headers: {} }, { expectStatus: [200] });
  });

  it('afterwards: the server is up, the database whole, every guidebook reads and renders, the log clean', async () => {
    expect(server.process.exitCode).toBeNull();
    const me = await server.request('/api/users/me', { headers: { cookie } });
    expect(me.status, `seed ${SEED}: ${await me.clone().text()}\n${logProblems(server.logs).join('\n')}`).toBe(200);
    // The outbox writes mails out in the background: let it finish what the run queued.
    await until(() => pendingMails(server), (n) => n === 0, 'the outbox writing out what the run queued', 200);
    const problems = storedDataProblems(server, { hostId, guidebooks: 1 + pool.guidebooks.length, stays: 1 + pool.stays.length, maxUsers: usersBefore + accountAnswers });
    // Every guidebook the run left must still render for guests, from the API and as a page.
    for (const { token } of [{ token: main.token }, ...pool.guidebooks.slice(-20)]) {
      const preview = await server.request(`/api/instruction/preview/${token}`);
      if (preview.status !== 200) problems.push(`preview of ${token}: ${preview.status} ${await preview.text()}`);
      const page = await server.request(`/instruction/${token}`);
      if (page.status !== 200) problems.push(`guest page of ${token}: ${page.status}`);
    }
    for (const { token } of [{ token: main.stayToken }, ...pool.stays.slice(-10)]) {
      const page = await server.request(`/stay/${token}`);
      if (page.status !== 200 && page.status !== 410) problems.push(`stay page of ${token}: ${page.status}`);
    }
    expect([...problems, ...logProblems(server.logs)].join('\n'), `seed ${SEED}`).toBe('');
  }, budget(120_000));
});
