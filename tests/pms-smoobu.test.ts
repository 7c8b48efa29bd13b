// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PmsReservation } from '../src/lib/server/pms/adapter.ts';
import { createPmsHttp } from '../src/lib/server/pms/pms-http.ts';
import { smoobu, type SmoobuSecrets } from '../src/lib/server/pms/systems/smoobu.ts';
import { pmsFailure } from './helpers/pms/pms-failure.ts';
import { startSmoobuStandIn, type SmoobuAccount, type SmoobuStandIn } from './helpers/pms/smoobu-standin.ts';

/**
 * The Smoobu adapter and the folder's HTTP client against the Smoobu stand-in over real HTTP
 * (docs/decisions/029-pms-connectors.md §2, §11, §12): signed requests, the credentials check,
 * apartments, reservations changed since a time page by page, one by id, and each booking read
 * into Porchlight's words with nothing else kept.
 */
let standIn: SmoobuStandIn;
let account: SmoobuAccount;
let paceKeys = 0;
/** A client with a pace key of its own: the one-a-second pacing is per integration, and these tests are many integrations. */
const client = () => createPmsHttp('smoobu', standIn.url, `test-${paceKeys++}`);
const context = (secrets: SmoobuSecrets = account) => ({ http: client(), secrets, integrationId: 'int-1' });

beforeAll(async () => {
  standIn = await startSmoobuStandIn();
  const many = Array.from({ length: 130 }, (_, n) => ({ id: 5000 + n, apartmentId: 11, arrival: '2031-01-01', departure: '2031-01-03', guestName: `Guest ${n}`, modifiedAt: '2031-12-01 10:00' }));
  account = standIn.addAccount({
    apartments: [
      { id: 11, name: 'Harbour Loft' },
      { id: 12, name: 'Garden Room' },
    ],
    bookings: [
      { id: 1, apartmentId: 11, arrival: '2031-06-01', departure: '2031-06-04', channel: 'Airbnb', firstname: 'Ana', lastname: 'Horvat', email: ' Ana.Horvat@Example.com ', phone: '+385 91 555 0101', adults: 2, children: 1, language: 'de-AT', checkIn: '16:00', checkOut: '10:00', modifiedAt: '2031-05-20 09:15', extra: { address: { street: 'Ulica 1' }, price: 480, notice: 'door code 4821' } },
      { id: 2, apartmentId: 12, arrival: '2031-06-02', departure: '2031-06-05', type: 'cancellation', channel: 'Booking.com', guestName: 'Ben Cole', email: 'not an address', language: 'xx', modifiedAt: '2031-05-21 10:00' },
      { id: 3, apartmentId: 12, arrival: '2031-07-01', departure: '2031-07-02', blocked: true, channel: 'Direct booking', modifiedAt: '2031-05-21 11:00' },
      { id: 4, apartmentId: 11, arrival: '2031-01-10', departure: '2031-01-12', channel: 'HomeAway', guestName: 'Old Change', modifiedAt: '2030-01-01 08:00' },
      ...many,
    ],
  });
});

afterAll(async () => {
  await standIn?.close();
});

describe('connect', () => {
  it('a good key and secret: the account, with every request signed and never the legacy header', async () => {
    const before = standIn.requests.length;
    const result = await smoobu.connect(client(), { apiKey: account.apiKey, apiSecret: account.apiSecret });
    expect(result).toEqual({ secrets: { apiKey: account.apiKey, apiSecret: account.apiSecret }, accountRef: String(account.userId) });
    const [seen] = standIn.requests.slice(before);
    expect(seen).toMatchObject({ method: 'GET', path: '/api/me', apiKey: account.apiKey, status: 200 });
    expect(seen!.headers['api-key']).toBeUndefined();
    expect(seen!.headers['x-signature']).toMatch(/^[A-Za-z0-9+/]+=*$/);
  });

  it('a wrong secret or key is refused as bad credentials, naming the path and status only', async () => {
    for (const input of [{ apiKey: account.apiKey, apiSecret: 'wrong-secret' }, { apiKey: 'smk_unknown', apiSecret: account.apiSecret }]) {
      const error = await pmsFailure(smoobu.connect(client(), input));
      expect(error.failure).toBe('bad-credentials');
      expect(error.message).toBe('smoobu GET /api/me: bad-credentials (401)');
    }
  });
});

describe('reading', () => {
  it('lists the apartments as units', async () => {
    expect(await smoobu.units(context())).toEqual([
      { id: '11', name: 'Harbour Loft' },
      { id: '12', name: 'Garden Room' },
    ]);
  });

  it('reads what changed since a time, page by page, cancellations included and blocked left out', async () => {
    const since = Date.parse('2031-05-20T12:00:00Z');
    const seen: PmsReservation[] = [];
    const pages: string[] = [];
    for (let cursor: string | null = null; ; ) {
      const page: { reservations: PmsReservation[]; next: string | null } = await smoobu.changed(context(), since, cursor);
      seen.push(...page.reservations);
      pages.push(String(cursor));
      if (!page.next) break;
      cursor = page.next;
    }
    expect(pages).toEqual(['null', '2']);
    // The date of `since` (the form Smoobu's filter takes): 2031-05-20 on, so the 2030 change is not read.
    expect(seen.map((r) => r.externalId).sort()).toEqual(['1', '2', ...Array.from({ length: 130 }, (_, n) => String(5000 + n))].sort());
    const query = standIn.requests.at(-1)!.query;
    expect(Object.fromEntries(query)).toMatchObject({ modifiedFrom: '2031-05-20', showCancellation: 'true', excludeBlocked: 'true', page: '2', pageSize: '100' });
  });

  it('a booking in Porchlight’s words, and nothing else of it', async () => {
    const [ana, ben] = await smoobu.read(context(), ['1', '2']);
    expect(ana).toEqual({
      externalId: '1',
      unitId: '11',
      state: 'booked',
      arrival: '2031-06-01',
      departure: '2031-06-04',
      arrivalTime: '16:00',
      departureTime: '10:00',
      guest: { name: 'Ana Horvat', email: 'ana.horvat@example.com', phone: '+385 91 555 0101', language: 'de', count: 3 },
      channel: 'airbnb',
      modifiedAt: Date.parse('2031-05-20T09:15:00Z'),
    });
    expect(JSON.stringify(ana)).not.toMatch(/Ulica|480|4821/);
    // Cancelled; an address that is none and a language stays cannot be in are left empty.
    expect(ben).toMatchObject({ state: 'gone', channel: 'booking', guest: { name: 'Ben Cole', email: '', language: '', count: null } });
  });

  it('blocked dates and a reservation Smoobu no longer knows (404) are gone', async () => {
    const [blocked, missing] = await smoobu.read(context(), ['3', '999']);
    expect(blocked).toMatchObject({ externalId: '3', state: 'gone', channel: 'direct' });
    expect(missing).toMatchObject({ externalId: '999', state: 'gone' });
  });

  it('HomeAway is Vrbo (Airbnb, Booking.com and Direct booking are read above)', async () => {
    const [, , , old] = await smoobu.read(context(), ['1', '2', '3', '4']);
    expect(old!.channel).toBe('vrbo');
  });
});

describe('the HTTP client', () => {
  it('waits out a 429 that says how long, then answers', async () => {
    standIn.failNext(429, { 'retry-after': '1' });
    expect(await smoobu.units(context())).toHaveLength(2);
    expect(standIn.requests.slice(-2).map((r) => r.status)).toEqual([429, 200]);
  });

  it('retries a 5xx twice, then says the system did not answer', async () => {
    for (let n = 0; n < 3; n++) standIn.failNext(503);
    const error = await pmsFailure(smoobu.units(context()));
    expect(error.failure).toBe('unreachable');
    expect(standIn.requests.slice(-3).map((r) => r.status)).toEqual([503, 503, 503]);
  });

  it('follows no redirect, and refuses an answer that is not JSON or larger than 5 MB', async () => {
    let hits = 0;
    const other = http.createServer((req, res) => {
      hits += 1;
      if (req.url === '/moved') res.writeHead(302, { location: `${standIn.url}/api/me` }).end();
      else if (req.url === '/html') res.writeHead(200, { 'content-type': 'text/html' }).end('<p>hi</p>');
      else {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(`["${'x'.repeat(6 * 1024 * 1024)}"]`);
      }
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const before = standIn.requests.length;
      for (const path of ['/moved', '/html', '/big']) expect((await pmsFailure(createPmsHttp('smoobu', base, `raw-${path}`).request({ method: 'GET', path }))).failure, path).toBe('bad-answer');
      expect(standIn.requests.length, 'the redirect was not followed').toBe(before);
      expect(hits).toBe(3);
    } finally {
      other.closeAllConnections();
      await new Promise<void>((resolve) => other.close(() => resolve()));
    }
  });
});
