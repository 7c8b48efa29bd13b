import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { smoobuWebhooks, type SmoobuWebhooks } from './smoobu-webhooks.ts';

/**
 * Smoobu's API on loopback (SMOOBU_API_URL), as docs/decisions/029-pms-connectors.md, "What the
 * systems' documentation says", records it: every request HMAC-signed (`X-API-Key`,
 * `X-Timestamp`, `X-Nonce`, `X-Signature` over method, path, sorted query, timestamp, nonce, the
 * body's SHA-256 and the key), the legacy `Api-Key` header refused, a nonce used once; a wrong key
 * or signature answers 401 with Smoobu's problem body. Accounts, apartments and bookings are what
 * a test seeds and changes (`setBooking`, `deleteBooking`, `revokeKey`); `requests` counts every
 * read; `failNext` makes the next request answer a status. A booking made, changed or cancelled
 * is also sent as Smoobu's webhook to the URL a test sets (`hooks`, smoobu-webhooks.ts).
 */
export interface SmoobuBookingSeed {
  id: number;
  apartmentId: number;
  arrival: string;
  departure: string;
  type?: 'reservation' | 'modification of booking' | 'cancellation';
  blocked?: boolean;
  channel?: string;
  guestName?: string;
  firstname?: string;
  lastname?: string;
  email?: string;
  phone?: string;
  adults?: number;
  children?: number;
  language?: string;
  checkIn?: string;
  checkOut?: string;
  /** "YYYY-MM-DD HH:MM", as Smoobu writes it. */
  modifiedAt: string;
  /** Fields Smoobu sends that Porchlight must never keep (an address, a price, a note). */
  extra?: Record<string, unknown>;
}

export interface SmoobuAccount {
  apiKey: string;
  apiSecret: string;
  userId: number;
  apartments: Array<{ id: number; name: string }>;
  bookings: SmoobuBookingSeed[];
}

export interface SmoobuRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  /** Whose key signed it, when the signature held. */
  apiKey: string | null;
  status: number;
  headers: http.IncomingHttpHeaders;
}

export interface SmoobuStandIn {
  url: string;
  requests: SmoobuRequest[];
  /** A new account with a fresh key and secret and the given apartments and bookings. */
  addAccount(seed?: Partial<Omit<SmoobuAccount, 'apiKey' | 'apiSecret'>>): SmoobuAccount;
  /** The next request answers this status (and headers) instead; each call queues one. */
  failNext(status: number, headers?: Record<string, string>): void;
  /**
   * Books, moves or cancels (`type: 'cancellation'`) a reservation as Smoobu's own screen would:
   * the booking of that id replaced (or added), its `modifiedAt` now unless given.
   */
  setBooking(account: SmoobuAccount, seed: Omit<SmoobuBookingSeed, 'modifiedAt'> & { modifiedAt?: string }): SmoobuBookingSeed;
  /** Deletes a reservation outright: Smoobu answers 404 for it and lists it no more. */
  deleteBooking(account: SmoobuAccount, id: number): void;
  /** Replaces the account's secret, as a host who revokes the key in Smoobu: every request Porchlight signs answers 401. */
  revokeKey(account: SmoobuAccount): void;
  /** The accounts' webhooks (by `userId`): where they go, held, dropped, released out of order or repeated. */
  hooks: SmoobuWebhooks;
  close(): Promise<void>;
}

const UNAUTHORIZED = JSON.stringify({ status: 401, title: 'Unauthorized', detail: 'Authentication failed: invalid API key or signature.' });

function bookingJson(seed: SmoobuBookingSeed, apartments: SmoobuAccount['apartments']): Record<string, unknown> {
  const apartment = apartments.find((a) => a.id === seed.apartmentId);
  return {
    id: seed.id,
    type: seed.type ?? 'reservation',
    arrival: seed.arrival,
    departure: seed.departure,
    'created-at': seed.modifiedAt,
    'modified-at': seed.modifiedAt,
    apartment: { id: seed.apartmentId, name: apartment?.name ?? '' },
    channel: { id: 1, name: seed.channel ?? 'Direct booking' },
    'guest-name': seed.guestName ?? [seed.firstname, seed.lastname].filter(Boolean).join(' '),
    firstname: seed.firstname ?? null,
    lastname: seed.lastname ?? null,
    email: seed.email ?? null,
    phone: seed.phone ?? null,
    adults: seed.adults ?? null,
    children: seed.children ?? null,
    'check-in': seed.checkIn ?? null,
    'check-out': seed.checkOut ?? null,
    language: seed.language ?? null,
    'is-blocked-booking': seed.blocked ?? false,
    ...seed.extra,
  };
}

/** "YYYY-MM-DD HH:MM" in UTC, as Smoobu writes its times. */
export function smoobuTime(at: number): string {
  return new Date(at).toISOString().slice(0, 16).replace('T', ' ');
}

function sameText(a: string, b: string): boolean {
  const [x, y] = [createHash('sha256').update(a).digest(), createHash('sha256').update(b).digest()];
  return timingSafeEqual(x, y);
}

export async function startSmoobuStandIn(): Promise<SmoobuStandIn> {
  const hooks = smoobuWebhooks();
  const accounts = new Map<string, SmoobuAccount>();
  const requests: SmoobuRequest[] = [];
  const failures: Array<{ status: number; headers: Record<string, string> }> = [];
  const nonces = new Set<string>();
  let nextUser = 1000;

  /** The account whose key signed the request, or null (a missing, legacy, stale, replayed or wrong signature). */
  function signer(req: http.IncomingMessage, url: URL, body: string): SmoobuAccount | null {
    if (req.headers['api-key'] !== undefined) return null;
    const [key, timestamp, nonce, signature] = ['x-api-key', 'x-timestamp', 'x-nonce', 'x-signature'].map((name) => req.headers[name]);
    if (typeof key !== 'string' || typeof timestamp !== 'string' || typeof nonce !== 'string' || typeof signature !== 'string') return null;
    const account = accounts.get(key);
    const at = Date.parse(timestamp);
    if (!account || !/Z$/.test(timestamp) || !Number.isFinite(at) || Math.abs(Date.now() - at) > 300_000 || nonces.has(nonce)) return null;
    const query = url.search.slice(1).split('&').filter(Boolean).sort().join('&');
    const bodyHash = createHash('sha256').update(body).digest('hex');
    const canonical = [req.method, url.pathname, query, timestamp, nonce, bodyHash, key].join('\n');
    if (!sameText(createHmac('sha256', account.apiSecret).update(canonical).digest('base64'), signature)) return null;
    nonces.add(nonce);
    return account;
  }

  function answer(account: SmoobuAccount, url: URL): { status: number; body: unknown } {
    if (url.pathname === '/api/me') return { status: 200, body: { id: account.userId, firstName: 'Host', lastName: `No. ${account.userId}`, email: `host-${account.userId}@example.com` } };
    if (url.pathname === '/api/apartments') return { status: 200, body: { apartments: account.apartments } };
    const one = /^\/api\/reservations\/(\d+)$/.exec(url.pathname);
    if (one) {
      const booking = account.bookings.find((b) => b.id === Number(one[1]));
      return booking ? { status: 200, body: bookingJson(booking, account.apartments) } : { status: 404, body: { status: 404, title: 'Not Found', detail: 'Reservation not found.' } };
    }
    if (url.pathname === '/api/reservations') {
      const q = url.searchParams;
      const from = q.get('modifiedFrom') ?? '';
      const pageSize = Math.min(100, Number(q.get('pageSize') ?? 25) || 25);
      const page = Math.max(1, Number(q.get('page') ?? 1) || 1);
      const listed = account.bookings
        .filter((b) => b.modifiedAt.slice(0, 10) >= from.slice(0, 10))
        .filter((b) => q.get('showCancellation') === 'true' || b.type !== 'cancellation')
        .filter((b) => q.get('excludeBlocked') !== 'true' || !b.blocked);
      const bookings = listed.slice((page - 1) * pageSize, page * pageSize).map((b) => bookingJson(b, account.apartments));
      return { status: 200, body: { page_count: Math.ceil(listed.length / pageSize), page_size: pageSize, total_items: listed.length, page, bookings } };
    }
    return { status: 404, body: { status: 404, title: 'Not Found', detail: 'No route.' } };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://smoobu.local');
      const record = (status: number, apiKey: string | null) => requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, apiKey, status, headers: req.headers });
      const failure = failures.shift();
      if (failure) {
        record(failure.status, null);
        res.writeHead(failure.status, { 'content-type': 'application/problem+json', ...failure.headers }).end(JSON.stringify({ status: failure.status, title: 'Failure', detail: 'As the test asked.' }));
        return;
      }
      const account = signer(req, url, Buffer.concat(chunks).toString('utf8'));
      if (!account) {
        record(401, null);
        res.writeHead(401, { 'content-type': 'application/problem+json' }).end(UNAUTHORIZED);
        return;
      }
      const { status, body } = answer(account, url);
      record(status, account.apiKey);
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    addAccount(seed = {}) {
      const account: SmoobuAccount = { apiKey: `smk_${randomBytes(12).toString('hex')}`, apiSecret: `sms_${randomBytes(24).toString('base64url')}`, userId: nextUser++, apartments: [], bookings: [], ...seed };
      accounts.set(account.apiKey, account);
      return account;
    },
    failNext(status, headers = {}) {
      failures.push({ status, headers });
    },
    setBooking(account, seed) {
      const booking = { ...seed, modifiedAt: seed.modifiedAt ?? smoobuTime(Date.now()) };
      const at = account.bookings.findIndex((b) => b.id === seed.id);
      if (at >= 0) account.bookings[at] = booking;
      else account.bookings.push(booking);
      const action = booking.type === 'cancellation' ? 'cancelReservation' : at >= 0 ? 'updateReservation' : 'newReservation';
      hooks.changed({ action, user: account.userId, data: bookingJson(booking, account.apartments) });
      return booking;
    },
    deleteBooking(account, id) {
      account.bookings = account.bookings.filter((b) => b.id !== id);
    },
    hooks,
    revokeKey(account) {
      account.apiSecret = `sms_${randomBytes(24).toString('base64url')}`;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
