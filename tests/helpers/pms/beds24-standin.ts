import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { beds24Webhooks, type Beds24Webhooks } from './beds24-webhooks.ts';

/**
 * Beds24's API V2 on loopback (BEDS24_API_URL), as docs/decisions/029-pms-connectors.md, "What the
 * systems' documentation says", records it: an invite code (24 hours, once) exchanged by `GET
 * /authentication/setup` (header `code`) for a token and a refresh token; `GET
 * /authentication/token` (header `refreshToken`) mints a token; `GET /authentication/details`;
 * reads with header `token` (401 once it expired); `GET /properties` with room types; `GET
 * /bookings` filtered by `id`, `modifiedFrom`, `departureFrom` and `status` (without `status`,
 * `cancelled` is left out; without a filter, only bookings not yet departed), 100 a page with
 * `pages.nextPageExists`; the guest's fields only with `bookings-personal`. Every answer carries
 * the credits (`x-five-min-limit-remaining`, `x-five-min-limit-resets-in`, `x-request-cost`); spent,
 * 429. Accounts, codes, bookings and credits are what a test seeds and changes. A property's
 * Booking Webhook, once a test sets it (`webhooks`, beds24-webhooks.ts), is sent on every `setBooking`.
 */
export interface Beds24BookingSeed {
  id: number;
  propertyId: number;
  roomId: number;
  arrival: string;
  departure: string;
  status?: 'confirmed' | 'request' | 'new' | 'cancelled' | 'black' | 'inquiry';
  channel?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  mobile?: string;
  phone?: string;
  numAdult?: number;
  numChild?: number;
  lang?: string;
  /** ISO time in UTC; now when set through `setBooking`. */
  modifiedTime: string;
  /** Fields Beds24 sends that Porchlight must never keep (an address, a price, a note). */
  extra?: Record<string, unknown>;
}

export interface Beds24Account {
  ownerId: number;
  properties: Array<{ id: number; name: string; roomTypes: Array<{ id: number; name: string }> }>;
  bookings: Beds24BookingSeed[];
  /** Credits left in the window, and the seconds until it resets to 100. */
  credits: { remaining: number; resetsIn: number };
}

export interface Beds24Request {
  method: string;
  path: string;
  query: URLSearchParams;
  status: number;
  headers: http.IncomingHttpHeaders;
}

export const ALL_SCOPES = ['read:bookings', 'read:bookings-personal', 'read:properties'];

interface Grant {
  account: Beds24Account;
  scopes: string[];
}

export interface Beds24StandIn {
  url: string;
  requests: Beds24Request[];
  addAccount(seed?: Partial<Pick<Beds24Account, 'properties' | 'bookings'>>): Beds24Account;
  /** A new invite code for the account with these scopes, usable once within 24 hours. */
  inviteCode(account: Beds24Account, scopes?: string[]): string;
  /** Books, moves, cancels (`status: 'cancelled'`) or changes a booking as Beds24's own screen would; `modifiedTime` now. */
  setBooking(account: Beds24Account, seed: Omit<Beds24BookingSeed, 'modifiedTime'>): Beds24BookingSeed;
  /** Every token of the account expires now (as 24 hours would make it). */
  expireTokens(account: Beds24Account): void;
  /** The account's refresh tokens stop working (the host deleted the API access in Beds24). */
  revokeRefreshTokens(account: Beds24Account): void;
  /** How many tokens were minted for the account (setup and refresh). */
  minted(account: Beds24Account): number;
  /** Every invite code, refresh token and token made here: what must never reach a log, a page or a row in clear. */
  issued: string[];
  failNext(status: number): void;
  /** Each property's Booking Webhook, as the host sets it in Beds24. */
  webhooks: Beds24Webhooks;
  close(): Promise<void>;
}

const hex = (bytes: number) => randomBytes(bytes).toString('base64url');
const error = (code: number, text: string) => ({ success: false, type: 'error', code, error: text });
const PERSONAL = ['firstName', 'lastName', 'email', 'mobile', 'phone', 'lang'] as const;

function bookingJson(seed: Beds24BookingSeed, personal: boolean): Record<string, unknown> {
  const { modifiedTime, extra, ...fields } = seed;
  const json: Record<string, unknown> = { status: 'confirmed', numAdult: 1, numChild: 0, firstName: '', lastName: '', email: '', mobile: '', phone: '', lang: '', channel: 'direct', ...fields, unitId: 1, roomQty: 1, subStatus: 'none', arrivalTime: '', bookingTime: modifiedTime, modifiedTime, ...extra };
  if (!personal) for (const name of PERSONAL) delete json[name];
  return json;
}

export async function startBeds24StandIn(): Promise<Beds24StandIn> {
  const codes = new Map<string, Grant & { expiresAt: number; used: boolean }>();
  const refreshTokens = new Map<string, Grant>();
  const tokens = new Map<string, Grant & { expiresAt: number }>();
  const mints = new Map<Beds24Account, number>();
  const requests: Beds24Request[] = [];
  const failures: number[] = [];
  const issued: string[] = [];
  let nextOwner = 7000;
  const webhooks = beds24Webhooks();

  function mint(grant: Grant): { token: string; expiresIn: number } {
    const token = hex(112);
    issued.push(token);
    tokens.set(token, { ...grant, expiresAt: Date.now() + 86_400_000 });
    mints.set(grant.account, (mints.get(grant.account) ?? 0) + 1);
    return { token, expiresIn: 86_400 };
  }

  function page(url: URL, items: unknown[]): Record<string, unknown> {
    const number = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1);
    const data = items.slice((number - 1) * 100, number * 100);
    const next = number * 100 < items.length;
    return { success: true, count: data.length, pages: { nextPageExists: next, nextPageLink: next ? `${url.pathname}?page=${number + 1}` : null }, data };
  }

  function bookings(grant: Grant, url: URL): unknown[] {
    const q = url.searchParams;
    const ids = q.getAll('id').map(Number);
    const statuses = q.getAll('status');
    const allowed = statuses.length > 0 ? statuses : ['confirmed', 'request', 'new', 'black', 'inquiry'];
    const modifiedFrom = q.get('modifiedFrom');
    const departureFrom = q.get('departureFrom');
    const today = new Date().toISOString().slice(0, 10);
    return grant.account.bookings
      .filter((b) => allowed.includes(b.status ?? 'confirmed'))
      .filter((b) => ids.length === 0 || ids.includes(b.id))
      .filter((b) => modifiedFrom === null || b.modifiedTime.slice(0, 19) >= modifiedFrom)
      .filter((b) => departureFrom === null || b.departure >= departureFrom)
      // Without a filter Beds24 answers only bookings not yet departed.
      .filter((b) => ids.length > 0 || modifiedFrom !== null || departureFrom !== null || b.departure >= today)
      .map((b) => bookingJson(b, grant.scopes.includes('read:bookings-personal')));
  }

  function answer(req: http.IncomingMessage, url: URL): { status: number; body: unknown; account?: Beds24Account; cost: number } {
    const header = (name: string) => (typeof req.headers[name] === 'string' ? (req.headers[name] as string) : '');
    if (url.pathname === '/authentication/setup') {
      const code = codes.get(header('code'));
      if (!code) return { status: 401, body: error(401, 'Invalid code'), cost: 0 };
      if (code.used || code.expiresAt < Date.now()) return { status: 400, body: error(400, 'Code already used or expired'), cost: 0 };
      code.used = true;
      const refreshToken = hex(48);
      issued.push(refreshToken);
      refreshTokens.set(refreshToken, code);
      return { status: 200, body: { ...mint(code), refreshToken }, account: code.account, cost: 1 };
    }
    if (url.pathname === '/authentication/token') {
      const grant = refreshTokens.get(header('refreshtoken'));
      return grant ? { status: 200, body: mint(grant), account: grant.account, cost: 1 } : { status: 401, body: error(401, 'Invalid refresh token'), cost: 0 };
    }
    const grant = tokens.get(header('token'));
    if (url.pathname === '/authentication/details') {
      const valid = grant !== undefined && grant.expiresAt > Date.now();
      return { status: 200, body: valid ? { validToken: true, token: { ownerId: grant.account.ownerId, expiresIn: Math.round((grant.expiresAt - Date.now()) / 1000), scopes: grant.scopes } } : { validToken: false }, account: grant?.account, cost: 0 };
    }
    if (!grant) return { status: 401, body: error(401, 'Token is missing or invalid'), cost: 0 };
    if (grant.expiresAt <= Date.now()) return { status: 401, body: error(401, 'Token is expired'), cost: 0 };
    const need = url.pathname === '/properties' ? 'read:properties' : 'read:bookings';
    if (!grant.scopes.includes(need)) return { status: 403, body: error(403, 'Scope not allowed'), account: grant.account, cost: 0 };
    if (url.pathname === '/properties') return { status: 200, body: { type: 'property', ...page(url, grant.account.properties) }, account: grant.account, cost: 1 };
    if (url.pathname === '/bookings') return { status: 200, body: { type: 'booking', ...page(url, bookings(grant, url)) }, account: grant.account, cost: 1 };
    return { status: 404, body: error(404, 'No route'), cost: 0 };
  }

  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://beds24.local');
      const record = (status: number) => requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, status, headers: req.headers });
      const failure = failures.shift();
      if (failure) {
        record(failure);
        res.writeHead(failure, { 'content-type': 'application/json' }).end(JSON.stringify(error(failure, 'As the test asked')));
        return;
      }
      const result: ReturnType<typeof answer> = req.method === 'GET' ? answer(req, url) : { status: 405, body: error(405, 'Method not allowed'), cost: 0 };
      const account = result.account;
      let { status, body, cost } = result;
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (account) {
        if (account.credits.remaining < cost) [status, body, cost] = [429, error(429, 'Credit limit exceeded'), 0];
        account.credits.remaining -= cost;
        Object.assign(headers, { 'x-five-min-limit-remaining': String(account.credits.remaining), 'x-five-min-limit-resets-in': String(account.credits.resetsIn), 'x-request-cost': String(cost) });
      }
      record(status);
      res.writeHead(status, headers).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    addAccount(seed = {}) {
      return { ownerId: nextOwner++, properties: [], bookings: [], credits: { remaining: 100, resetsIn: 300 }, ...seed };
    },
    inviteCode(account, scopes = ALL_SCOPES) {
      const code = hex(32);
      issued.push(code);
      codes.set(code, { account, scopes, expiresAt: Date.now() + 86_400_000, used: false });
      return code;
    },
    setBooking(account, seed) {
      const booking = { ...seed, modifiedTime: new Date().toISOString().replace(/\.\d{3}Z$/, 'Z') };
      const at = account.bookings.findIndex((b) => b.id === seed.id);
      if (at >= 0) account.bookings[at] = booking;
      else account.bookings.push(booking);
      webhooks.changed(booking.propertyId, booking.id, bookingJson(booking, true));
      return booking;
    },
    expireTokens(account) {
      for (const grant of tokens.values()) if (grant.account === account) grant.expiresAt = Date.now();
    },
    revokeRefreshTokens(account) {
      for (const [token, grant] of refreshTokens) if (grant.account === account) refreshTokens.delete(token);
    },
    minted: (account) => mints.get(account) ?? 0,
    issued,
    failNext(status) {
      failures.push(status);
    },
    webhooks,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
