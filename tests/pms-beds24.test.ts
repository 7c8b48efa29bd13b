// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PmsContext, PmsReservation } from '../src/lib/server/pms/adapter.ts';
import { createPmsHttp } from '../src/lib/server/pms/pms-http.ts';
import { beds24, type Beds24Secrets } from '../src/lib/server/pms/systems/beds24.ts';
import { beds24HookHint, beds24HookVerify } from '../src/lib/server/pms/systems/beds24-hooks.ts';
import { pmsFailure } from './helpers/pms/pms-failure.ts';
import { startBeds24StandIn, type Beds24Account, type Beds24StandIn } from './helpers/pms/beds24-standin.ts';

/**
 * The Beds24 adapter against the Beds24 stand-in over real HTTP (docs/decisions/029-pms-connectors.md
 * §2, §12): the invite code exchanged once for a refresh token, room types as units, bookings
 * changed since a time with every status asked, by id 50 at a time, each read into Porchlight's
 * words with nothing else kept; a token refused is replaced once; credits below 20 stop the next
 * request; and the webhook's header check and hint.
 */
let standIn: Beds24StandIn;
let account: Beds24Account;
let secrets: Beds24Secrets;
let paceKeys = 0;
const client = () => createPmsHttp('beds24', standIn.url, `b24-${paceKeys++}`);
const context = (): PmsContext<Beds24Secrets> => ({ http: client(), secrets, integrationId: 'int-b24' });

const failure = pmsFailure;

async function everyChange(since: number): Promise<{ seen: PmsReservation[]; pages: number }> {
  const seen: PmsReservation[] = [];
  let pages = 0;
  for (let cursor: string | null = null; ; pages++) {
    const page: { reservations: PmsReservation[]; next: string | null } = await beds24.changed(context(), since, cursor);
    seen.push(...page.reservations);
    if (!page.next) return { seen, pages: pages + 1 };
    cursor = page.next;
  }
}

beforeAll(async () => {
  standIn = await startBeds24StandIn();
  const many = Array.from({ length: 120 }, (_, n) => ({ id: 90_000 + n, propertyId: 501, roomId: 11, arrival: '2031-01-01', departure: '2031-01-03', lastName: `Guest ${n}`, modifiedTime: '2031-12-01T10:00:00Z' }));
  account = standIn.addAccount({
    properties: [
      { id: 501, name: 'Harbour House', roomTypes: [{ id: 11, name: 'Loft' }, { id: 12, name: 'Garden Room' }] },
      { id: 502, name: 'Cabin', roomTypes: [{ id: 21, name: 'Whole cabin' }] },
    ],
    bookings: [
      { id: 1, propertyId: 501, roomId: 11, arrival: '2031-06-01', departure: '2031-06-04', channel: 'airbnbical', firstName: 'Ana', lastName: 'Horvat', email: ' Ana.Horvat@Example.com ', mobile: '+385 91 555 0101', numAdult: 2, numChild: 1, lang: 'de-AT', modifiedTime: '2031-05-20T09:15:00Z', extra: { address: 'Ulica 1', price: 480, notes: 'door code 4821' } },
      { id: 2, propertyId: 501, roomId: 12, arrival: '2031-06-02', departure: '2031-06-05', status: 'cancelled', channel: 'booking', lastName: 'Cole', email: 'not an address', lang: 'xx', modifiedTime: '2031-05-21T10:00:00Z' },
      { id: 3, propertyId: 502, roomId: 21, arrival: '2031-07-01', departure: '2031-07-02', status: 'black', channel: 'vrboical', modifiedTime: '2031-05-21T11:00:00Z' },
      { id: 4, propertyId: 502, roomId: 21, arrival: '2031-08-01', departure: '2031-08-02', status: 'request', channel: 'bookingpage', modifiedTime: '2031-05-22T11:00:00Z' },
      { id: 5, propertyId: 502, roomId: 21, arrival: '2031-01-10', departure: '2031-01-12', status: 'new', channel: 'expedia', phone: '+1 555 0100', modifiedTime: '2030-01-01T08:00:00Z' },
      ...many,
    ],
  });
  secrets = (await beds24.connect(client(), { inviteCode: standIn.inviteCode(account) })).secrets;
});

afterAll(async () => {
  await standIn?.close();
});

describe('connect', () => {
  it('exchanges the invite code once for a refresh token, and names the account', async () => {
    const code = standIn.inviteCode(account);
    const result = await beds24.connect(client(), { inviteCode: code });
    expect(result.accountRef).toBe(String(account.ownerId));
    expect(result.secrets.refreshToken).toMatch(/^[A-Za-z0-9_-]{64}$/);
    expect(result.access!.expiresAt).toBeGreaterThan(Date.now() + 23 * 3_600_000);
    const [setup, details] = standIn.requests.slice(-2);
    expect([setup!.path, setup!.headers['code'], details!.path, details!.headers['token']]).toEqual(['/authentication/setup', code, '/authentication/details', result.access!.token]);
    // Used once: the same code again is refused as the host's mistake, not Beds24's silence.
    expect((await failure(beds24.connect(client(), { inviteCode: code }))).failure).toBe('bad-credentials');
    expect((await failure(beds24.connect(client(), { inviteCode: 'no-such-code' }))).message).toBe('beds24 GET /authentication/setup: bad-credentials (401)');
  });

  it('a code without bookings-personal cannot read guests’ names: scope', async () => {
    const code = standIn.inviteCode(account, ['read:bookings', 'read:properties']);
    expect((await failure(beds24.connect(client(), { inviteCode: code }))).failure).toBe('scope');
  });
});

describe('reading', () => {
  it('each room type of a property is a unit, named by the property alone when it has one', async () => {
    expect(await beds24.units(context())).toEqual([
      { id: '501/11', name: 'Harbour House · Loft' },
      { id: '501/12', name: 'Harbour House · Garden Room' },
      { id: '502/21', name: 'Cabin' },
    ]);
  });

  it('reads what changed since a time, every status asked, page by page', async () => {
    const { seen, pages } = await everyChange(Date.parse('2031-05-20T00:00:00Z'));
    expect(pages).toBe(2);
    expect(seen.map((r) => r.externalId).sort()).toEqual(['1', '2', '3', '4', ...Array.from({ length: 120 }, (_, n) => String(90_000 + n))].sort());
    const query = standIn.requests.at(-1)!.query;
    expect([query.get('modifiedFrom'), query.getAll('status').sort(), query.get('page')]).toEqual(['2031-05-20T00:00:00', ['black', 'cancelled', 'confirmed', 'inquiry', 'new', 'request'], '2']);
  });

  it('a booking in Porchlight’s words, and nothing else of it; states and channels by the tables', async () => {
    const [ana, cole, black, request, expedia, missing] = await beds24.read(context(), ['1', '2', '3', '4', '5', '999']);
    expect(ana).toEqual({
      externalId: '1',
      unitId: '501/11',
      state: 'booked',
      arrival: '2031-06-01',
      departure: '2031-06-04',
      arrivalTime: null,
      departureTime: null,
      guest: { name: 'Ana Horvat', email: 'ana.horvat@example.com', phone: '+385 91 555 0101', language: 'de', count: 3 },
      channel: 'airbnb',
      modifiedAt: Date.parse('2031-05-20T09:15:00Z'),
    });
    expect(JSON.stringify(ana)).not.toMatch(/Ulica|480|4821/);
    expect(cole).toMatchObject({ state: 'gone', channel: 'booking', guest: { name: 'Cole', email: '', language: '' } });
    expect([black, request, expedia].map((r) => [r!.state, r!.channel])).toEqual([
      ['gone', 'vrbo'],
      ['gone', 'direct'],
      ['booked', 'other'],
    ]);
    expect(expedia!.guest.phone).toBe('+1 555 0100');
    expect(missing).toMatchObject({ externalId: '999', state: 'gone' });
    expect(standIn.requests.at(-1)!.query.getAll('id')).toEqual(['1', '2', '3', '4', '5', '999']);
  });

  it('reads 50 ids a call', async () => {
    const before = standIn.requests.length;
    const ids = Array.from({ length: 120 }, (_, n) => String(90_000 + n));
    expect((await beds24.read(context(), ids)).every((r) => r.state === 'booked')).toBe(true);
    expect(standIn.requests.slice(before).filter((r) => r.path === '/bookings').map((r) => r.query.getAll('id').length)).toEqual([50, 50, 20]);
  });
});

describe('tokens and credits', () => {
  it('a token refused (expired) is replaced once; a refresh token refused ends as bad credentials', async () => {
    const turn = context();
    await beds24.units(turn);
    const minted = standIn.minted(account);
    standIn.expireTokens(account);
    expect(await beds24.units(turn)).toHaveLength(3);
    expect(standIn.minted(account)).toBe(minted + 1);
    expect(standIn.requests.slice(-3).map((r) => [r.path, r.status])).toEqual([
      ['/properties', 401],
      ['/authentication/token', 200],
      ['/properties', 200],
    ]);
    const other = standIn.addAccount();
    const lost = (await beds24.connect(client(), { inviteCode: standIn.inviteCode(other) })).secrets;
    standIn.revokeRefreshTokens(other);
    expect((await failure(beds24.units({ http: client(), secrets: lost, integrationId: 'int-lost' }))).failure).toBe('bad-credentials');
  });

  it('fewer than 20 credits left: the next request is not sent, and says when the window resets', async () => {
    account.credits = { remaining: 21, resetsIn: 240 };
    const turn = context();
    await beds24.read(turn, ['1']);
    const before = standIn.requests.length;
    const error = await failure(beds24.read(turn, ['1']));
    expect(error.failure).toBe('rate-limited');
    expect(error.retryAt! - Date.now()).toBeGreaterThan(230_000);
    expect(standIn.requests.length).toBe(before);
    account.credits = { remaining: 0, resetsIn: 120 };
    const spent = await failure(beds24.read(context(), ['1']));
    expect([spent.failure, spent.where.status, Math.round((spent.retryAt! - Date.now()) / 10_000)]).toEqual(['rate-limited', 429, 12]);
    account.credits = { remaining: 100, resetsIn: 300 };
  });
});

describe('the booking webhook', () => {
  const hook = (method: 'GET' | 'POST', headers: Record<string, string>, body = '') => ({ method, headers: new Headers(headers), body: new TextEncoder().encode(body) });
  const secret = 'b'.repeat(43);

  it('verify: only the header the host pasted', () => {
    expect(beds24HookVerify(hook('POST', { 'X-Porchlight-Hook': secret }), secret)).toBe(true);
    expect(beds24HookVerify(hook('POST', { 'X-Porchlight-Hook': `${secret}x` }), secret)).toBe(false);
    expect(beds24HookVerify(hook('POST', {}), secret)).toBe(false);
    expect(beds24HookVerify(hook('GET', { 'X-Porchlight-Hook': '' }), '')).toBe(false);
  });

  it('hint: the booking’s id from a version 2 body, "changed" for a GET, nothing from anything else', () => {
    expect(beds24HookHint(hook('POST', {}, JSON.stringify({ timeStamp: '2031-01-01', booking: { id: 4711, firstName: 'Ana', email: 'a@example.com' } })))).toEqual({ kind: 'reservations', ids: ['4711'] });
    expect(beds24HookHint(hook('POST', {}, JSON.stringify({ id: '4712' })))).toEqual({ kind: 'reservations', ids: ['4712'] });
    expect(beds24HookHint(hook('GET', {}))).toEqual({ kind: 'changed' });
    for (const body of ['not json', '{}', JSON.stringify({ booking: { id: 'x; DROP' } }), JSON.stringify([1, 2])]) expect(beds24HookHint(hook('POST', {}, body)), body).toEqual({ kind: 'ignore' });
  });
});
