// @no-database: the Hostaway adapter against its stand-in over HTTP; nothing is stored, so `npm run test:pg` skips it.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessKeeper, type Slot } from '../src/lib/server/pms/access-keeper.ts';
import type { AccessToken, PmsContext } from '../src/lib/server/pms/adapter.ts';
import { createPmsHttp } from '../src/lib/server/pms/pms-http.ts';
import { hostaway, registerHostawayHook, unregisterHostawayHook, type HostawaySecrets } from '../src/lib/server/pms/systems/hostaway.ts';
import { HOSTAWAY_HOOK_LOGIN, hostawayHookHint, verifyHostawayHook } from '../src/lib/server/pms/systems/hostaway-hooks.ts';
import { hostawayChannel } from '../src/lib/server/pms/systems/hostaway-reservation.ts';
import { pmsFailure } from './helpers/pms/pms-failure.ts';
import { HOSTAWAY_EXTRAS, startHostawayStandIn, type HostawayAccount, type HostawayStandIn } from './helpers/pms/hostaway-standin.ts';

/**
 * The Hostaway adapter against the Hostaway stand-in over real HTTP (docs/decisions/029-pms-connectors.md
 * §2, §3, §12): the token request and the connect check, the token kept and renewed at half its
 * life, a refused token replaced once, listings page by page, reservations changed since a date
 * page by page, one by id, each read into Porchlight's words with nothing else kept (no door code,
 * no card digits), and the unified webhook's Basic check, hint, registration and removal.
 */
let standIn: HostawayStandIn;
let account: HostawayAccount;
let paceKeys = 0;
const client = () => createPmsHttp('hostaway', standIn.url, `test-${paceKeys++}`);
const secretsOf = (a: HostawayAccount): HostawaySecrets => ({ accountId: String(a.accountId), apiSecret: a.apiSecret });
/** Half of Hostaway's 24 months (`expires_in` 63,072,000 s): how long a token is used before it is renewed. */
const HALF_LIFE = 31_536_000_000;

/** A stored token in memory, standing in for the row's sealed slot (pms/access.ts). */
function memory(): Slot & { stored: AccessToken | null } {
  const slot = {
    stored: null as AccessToken | null,
    load: async () => slot.stored,
    save: async (token: AccessToken) => void (slot.stored = token),
  };
  return slot;
}

/** One turn's context: its own client and keeper over `slot`, as `contextFor` gives the sync. */
function context(slot = memory(), secrets = secretsOf(account)): PmsContext<HostawaySecrets> {
  const http = client();
  return { http, secrets, integrationId: 'int-1', access: accessKeeper('hostaway', () => hostaway.access!(http, secrets), slot) };
}

beforeAll(async () => {
  standIn = await startHostawayStandIn();
  const listings = Array.from({ length: 130 }, (_, n) => ({ id: 40_000 + n, name: `Listing ${n}`, ...(n === 0 ? { internalListingName: 'HARBOUR-LOFT' } : {}) }));
  const many = Array.from({ length: 230 }, (_, n) => ({ id: 9_000 + n, listingMapId: 40_001, arrivalDate: '2031-01-01', departureDate: '2031-01-03', status: 'confirmed', guestName: `Guest ${n}`, updatedOn: `2031-03-0${1 + (n % 5)} 10:00:00` }));
  account = standIn.addAccount({
    listings,
    reservations: [
      { id: 1, listingMapId: 40_000, arrivalDate: '2031-06-01', departureDate: '2031-06-04', status: 'new', channelId: 2018, channelName: 'airbnbOfficial', guestFirstName: 'Ana', guestLastName: 'Horvat', guestEmail: ' Ana.Horvat@Example.com ', phone: '+385 91 555 0101', adults: 2, children: 1, guestLocale: 'de-AT', checkInTime: 16, checkOutTime: 10, updatedOn: '2031-05-20 09:15:00' },
      { id: 2, listingMapId: 40_001, arrivalDate: '2031-06-02', departureDate: '2031-06-05', status: 'cancelled', channelId: 2005, channelName: 'bookingcom', guestName: 'Ben Cole', guestEmail: 'not an address', guestLocale: 'xx', numberOfGuests: 4, updatedOn: '2031-05-21 10:00:00' },
      { id: 3, listingMapId: 40_001, arrivalDate: '2031-05-19', departureDate: '2031-05-19', status: 'modified', isDatesUnspecified: 1, channelId: 2002, channelName: 'homeaway', updatedOn: '2031-05-21 11:00:00' },
      { id: 4, listingMapId: 40_000, arrivalDate: '2031-01-10', departureDate: '2031-01-12', status: 'inquiry', channelId: 2000, channelName: 'direct', guestName: 'Old Change', updatedOn: '2030-01-01 08:00:00' },
      ...many,
    ],
  });
});

afterAll(async () => {
  await standIn?.close();
});

describe('connect', () => {
  it('a good pair: one token request (form-encoded), then one call with it after Hostaway’s second; the token is handed back to keep', async () => {
    const before = standIn.requests.length;
    const result = await hostaway.connect(client(), { accountId: String(account.accountId), apiSecret: account.apiSecret });
    expect(result.secrets).toEqual(secretsOf(account));
    expect(result.accountRef).toBe(String(account.accountId));
    expect(standIn.tokens.get(result.access!.token)).toMatchObject({ accountId: account.accountId, revoked: false });
    // Used for half the 24 months Hostaway's answer says, then renewed.
    expect(result.access!.expiresAt - Date.now()).toBeGreaterThan(HALF_LIFE - 60_000);
    expect(result.access!.expiresAt - Date.now()).toBeLessThanOrEqual(HALF_LIFE);
    expect(standIn.requests.slice(before).map((r) => [r.method, r.path, r.status])).toEqual([
      ['POST', '/v1/accessTokens', 200],
      ['GET', '/v1/listings', 200],
    ]);
  });

  it('a wrong key, an unknown account or an account id that is no number: bad credentials, naming the path and status only', async () => {
    for (const input of [{ accountId: String(account.accountId), apiSecret: 'wrong' }, { accountId: '99', apiSecret: account.apiSecret }]) {
      const error = await pmsFailure(hostaway.connect(client(), input));
      expect([error.failure, error.message]).toEqual(['bad-credentials', 'hostaway POST /v1/accessTokens: bad-credentials (401)']);
    }
    const asked = standIn.requests.length;
    expect((await pmsFailure(hostaway.connect(client(), { accountId: 'acme', apiSecret: account.apiSecret }))).failure).toBe('bad-credentials');
    expect(standIn.requests.length).toBe(asked);
  });

  it('the check failing after the token was issued: the error, and the token revoked', async () => {
    // The token request answers; the listings call meets three 503s (the first try and two retries).
    for (let n = 0; n < 3; n++) standIn.failNext(503, '/v1/listings');
    const tokens = new Set(standIn.tokens.keys());
    expect((await pmsFailure(hostaway.connect(client(), { accountId: String(account.accountId), apiSecret: account.apiSecret }))).failure).toBe('unreachable');
    const issued = [...standIn.tokens.values()].filter((t) => !tokens.has(t.token));
    expect(issued.map((t) => t.revoked)).toEqual([true]);
  });
});

describe('the token', () => {
  it('is kept and used again, turn after turn; renewed once 12 of its 24 months have passed', async () => {
    const slot = memory();
    await hostaway.units(context(slot));
    const first = slot.stored!;
    const asked = standIn.requests.length;
    await hostaway.units(context(slot));
    expect(slot.stored).toBe(first);
    expect(standIn.requests.slice(asked).map((r) => r.path)).toEqual(['/v1/listings', '/v1/listings']);
    // Its renewal time passed (stored 12 months ago): a new one is minted before the call and kept.
    slot.stored = { ...first, expiresAt: Date.now() - 1_000 };
    await hostaway.units(context(slot));
    expect(slot.stored.token).not.toBe(first.token);
    expect(slot.stored.expiresAt - Date.now()).toBeGreaterThan(HALF_LIFE - 60_000);
    expect(standIn.tokens.get(first.token)!.revoked).toBe(false);
  });

  it('refused (revoked in Hostaway): one fresh token and the call again; the key itself refused: bad credentials', async () => {
    const own = standIn.addAccount({ listings: [{ id: 1, name: 'Only' }] });
    // The pair as Porchlight stored it at connect (revoking the key changes the stand-in's account).
    const keys = secretsOf(own);
    const slot = memory();
    await hostaway.units(context(slot, keys));
    const first = slot.stored!;
    standIn.revokeTokens(own);
    expect(await hostaway.units(context(slot, keys))).toEqual([{ id: '1', name: 'Only' }]);
    expect(slot.stored!.token).not.toBe(first.token);
    standIn.revokeKey(own);
    const before = standIn.requests.length;
    expect((await pmsFailure(hostaway.units(context(slot, keys)))).failure).toBe('bad-credentials');
    // The stored token refused, one token request refused, and nothing more.
    expect(standIn.requests.slice(before).map((r) => [r.path, r.status])).toEqual([
      ['/v1/listings', 403],
      ['/v1/accessTokens', 401],
    ]);
  });

  it('revoke: the kept token stops working; with none kept, none is minted to be revoked', async () => {
    const slot = memory();
    await hostaway.units(context(slot));
    const token = slot.stored!.token;
    await hostaway.revoke!(context(slot));
    expect(standIn.tokens.get(token)!.revoked).toBe(true);
    const asked = standIn.requests.length;
    await hostaway.revoke!(context());
    expect(standIn.requests.length).toBe(asked);
  });
});

describe('reading', () => {
  it('lists every listing as a unit, page by page, by its internal name when it has one', async () => {
    const units = await hostaway.units(context());
    expect(units).toHaveLength(130);
    expect(units.slice(0, 2)).toEqual([
      { id: '40000', name: 'HARBOUR-LOFT' },
      { id: '40001', name: 'Listing 1' },
    ]);
  });

  it('reads what changed since a date, newest activity first, page by page; every change ever without a date', async () => {
    const ctx = context();
    const pages = [];
    let cursor: string | null = null;
    do {
      const page = await hostaway.changed(ctx, Date.parse('2031-03-01T12:00:00Z'), cursor);
      pages.push(page.reservations);
      cursor = page.next;
    } while (cursor !== null);
    expect(pages.map((p) => p.length)).toEqual([100, 100, 33]);
    const asked = standIn.requests.filter((r) => r.path === '/v1/reservations').slice(-3);
    expect(asked.map((r) => [r.query.get('latestActivityStart'), r.query.get('sortOrder'), r.query.get('offset'), r.query.get('limit')])).toEqual([
      ['2031-03-01', 'latestActivityDesc', '0', '100'],
      ['2031-03-01', 'latestActivityDesc', '100', '100'],
      ['2031-03-01', 'latestActivityDesc', '200', '100'],
    ]);
    expect(pages[0]!.slice(0, 2).map((r) => r.externalId)).toEqual(['3', '2']);
    const everything = await hostaway.changed(ctx, 0, '200');
    expect([everything.reservations.length, everything.next]).toEqual([34, null]);
    expect(standIn.requests.at(-1)!.query.has('latestActivityStart')).toBe(false);
  });

  it('reads a reservation in Porchlight’s words, with nothing else of it: states, channels, language, count, name, phone, e-mail, hours', async () => {
    const [ana, ben, undated, inquiry] = await hostaway.read(context(), ['1', '2', '3', '4']);
    expect(ana).toEqual({
      externalId: '1',
      unitId: '40000',
      state: 'booked',
      arrival: '2031-06-01',
      departure: '2031-06-04',
      arrivalTime: '16:00',
      departureTime: '10:00',
      guest: { name: 'Ana Horvat', email: 'ana.horvat@example.com', phone: '+385 91 555 0101', language: 'de', count: 3 },
      channel: 'airbnb',
      modifiedAt: Date.parse('2031-05-20T09:15:00Z'),
    });
    expect([ben!.state, ben!.channel, ben!.guest]).toEqual(['gone', 'booking', { name: 'Ben Cole', email: '', phone: '', language: '', count: 4 }]);
    expect([undated!.state, undated!.channel]).toEqual(['gone', 'vrbo']);
    expect([inquiry!.state, inquiry!.channel]).toEqual(['gone', 'direct']);
    const text = JSON.stringify([ana, ben, undated, inquiry]);
    for (const extra of Object.values(HOSTAWAY_EXTRAS)) expect(text).not.toContain(String(extra));
  });

  it('a reservation Hostaway no longer has (404) is gone', async () => {
    const [gone] = await hostaway.read(context(), ['123456']);
    expect([gone!.externalId, gone!.state]).toEqual(['123456', 'gone']);
  });

  it('the channels table', () => {
    expect(
      [
        [2000, 'direct'],
        [2013, 'bookingengine'],
        [2018, 'airbnbOfficial'],
        [2005, 'bookingcom'],
        [null, 'Booking.com'],
        [2002, 'homeaway'],
        [2010, 'vrboical'],
        [2009, 'homeawayical'],
        [2015, 'customIcal'],
        [2007, 'expedia'],
        [null, null],
      ].map(([id, name]) => hostawayChannel(id as number | null, name as string | null)),
    ).toEqual(['direct', 'direct', 'airbnb', 'booking', 'booking', 'vrbo', 'vrbo', 'vrbo', 'other', 'other', 'other']);
  });
});

describe('the unified webhook', () => {
  const request = (authorization: string | null, body: unknown) => ({ headers: new Headers(authorization ? { authorization } : {}), body: new TextEncoder().encode(typeof body === 'string' ? body : JSON.stringify(body)) });
  const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

  it('verify: only our login and the hook secret pass', () => {
    const secret = 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlY3JldA';
    expect(verifyHostawayHook(request(basic(HOSTAWAY_HOOK_LOGIN, secret), {}), secret)).toBe(true);
    for (const header of [null, basic(HOSTAWAY_HOOK_LOGIN, `${secret}x`), basic('someone', secret), `Bearer ${secret}`, 'Basic !!!', basic(HOSTAWAY_HOOK_LOGIN, '')]) {
      expect(verifyHostawayHook(request(header, {}), secret), String(header)).toBe(false);
    }
    expect(verifyHostawayHook(request(basic(HOSTAWAY_HOOK_LOGIN, ''), {}), '')).toBe(false);
  });

  it('hint: data.id of a reservation event, and nothing else', () => {
    expect(hostawayHookHint(request(null, { event: 'reservation.created', data: { id: 77, doorCode: '1234' } }))).toEqual({ kind: 'reservations', ids: ['77'] });
    expect(hostawayHookHint(request(null, { event: 'reservation updated', data: { id: '78' } }))).toEqual({ kind: 'reservations', ids: ['78'] });
    for (const body of [{ event: 'message.received', data: { id: 5 } }, { event: 'reservation.updated', data: { id: 'DROP TABLE' } }, { event: 'reservation.updated' }, { data: { id: 5 } }, 'not json', [1], { event: 'reservation.updated', data: { id: -1 } }]) {
      expect(hostawayHookHint(request(null, body)), JSON.stringify(body)).toEqual({ kind: 'ignore' });
    }
  });

  it('register and unregister against Hostaway; its deliveries pass verify and hint', async () => {
    const received: Array<{ authorization: string | undefined; body: string }> = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        received.push({ authorization: req.headers.authorization, body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const ctx = context();
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/pms/hooks/abc`;
      const { remoteId } = await registerHostawayHook(ctx, url, HOSTAWAY_HOOK_LOGIN, 'hook-secret-1');
      expect(standIn.hooks.find((h) => String(h.id) === remoteId)).toMatchObject({ url, login: HOSTAWAY_HOOK_LOGIN, password: 'hook-secret-1', isEnabled: 1 });
      expect(await standIn.sendWebhook(account, 'reservation.updated', 1)).toEqual([200]);
      const delivered = { headers: new Headers({ authorization: received[0]!.authorization! }), body: new TextEncoder().encode(received[0]!.body) };
      expect(verifyHostawayHook(delivered, 'hook-secret-1')).toBe(true);
      expect(hostawayHookHint(delivered)).toEqual({ kind: 'reservations', ids: ['1'] });
      await unregisterHostawayHook(ctx, remoteId);
      expect(standIn.hooks.some((h) => String(h.id) === remoteId)).toBe(false);
      // Already gone: nothing to do, no error.
      await unregisterHostawayHook(ctx, remoteId);
    } finally {
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
    }
  });
});
