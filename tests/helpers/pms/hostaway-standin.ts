import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Hostaway's public API v1 on loopback (HOSTAWAY_API_URL), as Hostaway's API reference and
 * docs/decisions/029-pms-connectors.md record it: `POST /v1/accessTokens` (form-encoded client
 * credentials → a JWT-shaped token with `expires_in`, usable one second after it is issued),
 * `Authorization: Bearer` on every other call (an unknown, revoked, expired or too-new token
 * answers 403), `DELETE /v1/accessTokens?token=`, listings and reservations as
 * `{ status, result, count, limit, offset }` pages, one reservation by id (404 once deleted), and
 * unified webhooks (`POST/GET/DELETE /v1/webhooks/unifiedWebhooks`) that `sendWebhook` posts to with
 * their Basic login (with `sendWebhooks`, on every `setReservation`, as Hostaway does). Accounts, listings and reservations are what a test seeds and changes;
 * `requests` records every call and `tokens` every token issued.
 */
export interface HostawayReservationSeed {
  id: number;
  listingMapId: number;
  arrivalDate: string;
  departureDate: string;
  status?: string;
  channelId?: number;
  channelName?: string;
  guestName?: string;
  guestFirstName?: string;
  guestLastName?: string;
  guestEmail?: string;
  phone?: string;
  numberOfGuests?: number;
  adults?: number;
  children?: number;
  guestLocale?: string;
  checkInTime?: number;
  checkOutTime?: number;
  isDatesUnspecified?: 0 | 1;
  /** "YYYY-MM-DD HH:MM:SS", UTC, as Hostaway writes it. */
  updatedOn: string;
}

export interface HostawayAccount {
  accountId: number;
  apiSecret: string;
  listings: Array<{ id: number; name: string; internalListingName?: string }>;
  reservations: HostawayReservationSeed[];
}

export interface HostawayToken {
  token: string;
  accountId: number;
  issuedAt: number;
  expiresAt: number;
  revoked: boolean;
}

export interface HostawayHook {
  id: number;
  accountId: number;
  url: string;
  login: string;
  password: string;
  isEnabled: number;
}

export interface HostawayRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  status: number;
  /** Whose token it carried, when the token held. */
  accountId: number | null;
}

/** What Hostaway sends beyond the fields Porchlight reads: none of it may reach a log or a row. */
export const HOSTAWAY_EXTRAS = { doorCode: 'DC-7391-HA', doorCodeInstruction: 'Key box left of the door, code DC-7391-HA', ccNumberEndingDigits: 4242, guestAddress: 'Carrer de Mallorca 401', totalPrice: 812.5, hostNote: 'Host note: repeat guest' };
/** What a log, an answer or a row is searched for: the extras' distinctive values and the names of the card and door fields. */
export const HOSTAWAY_LEAKS = [HOSTAWAY_EXTRAS.doorCode, HOSTAWAY_EXTRAS.guestAddress, HOSTAWAY_EXTRAS.hostNote, 'doorCode', 'ccNumberEndingDigits'];

/** "YYYY-MM-DD HH:MM:SS" in UTC. */
export function hostawayTime(at: number): string {
  return new Date(at).toISOString().slice(0, 19).replace('T', ' ');
}

function reservationJson(seed: HostawayReservationSeed): Record<string, unknown> {
  return {
    ...HOSTAWAY_EXTRAS,
    id: seed.id,
    listingMapId: seed.listingMapId,
    channelId: seed.channelId ?? 2000,
    channelName: seed.channelName ?? 'direct',
    reservationId: `r-${seed.id}`,
    status: seed.status ?? 'new',
    arrivalDate: seed.arrivalDate,
    departureDate: seed.departureDate,
    isDatesUnspecified: seed.isDatesUnspecified ?? 0,
    checkInTime: seed.checkInTime ?? null,
    checkOutTime: seed.checkOutTime ?? null,
    guestName: seed.guestName ?? [seed.guestFirstName, seed.guestLastName].filter(Boolean).join(' '),
    guestFirstName: seed.guestFirstName ?? null,
    guestLastName: seed.guestLastName ?? null,
    guestEmail: seed.guestEmail ?? null,
    phone: seed.phone ?? null,
    numberOfGuests: seed.numberOfGuests ?? null,
    adults: seed.adults ?? null,
    children: seed.children ?? null,
    ...(seed.guestLocale === undefined ? {} : { guestLocale: seed.guestLocale }),
    insertedOn: seed.updatedOn,
    updatedOn: seed.updatedOn,
    latestActivityOn: seed.updatedOn,
  };
}

const page = (items: unknown[], query: URLSearchParams) => {
  const limit = Math.min(500, Math.max(1, Number(query.get('limit') ?? 100) || 100));
  const offset = Math.max(0, Number(query.get('offset') ?? 0) || 0);
  return { status: 'success', result: items.slice(offset, offset + limit), count: items.length, limit, offset, page: Math.floor(offset / limit) + 1, totalPages: Math.ceil(items.length / limit) };
};

export async function startHostawayStandIn(options: { tokenTtlSeconds?: number; sendWebhooks?: boolean } = {}) {
  const accounts = new Map<number, HostawayAccount>();
  const tokens = new Map<string, HostawayToken>();
  const hooks: HostawayHook[] = [];
  const requests: HostawayRequest[] = [];
  const failures: Array<{ status: number; path: string | null }> = [];
  let nextAccount = 70_000;
  let nextHook = 1;
  const ttl = options.tokenTtlSeconds ?? 63_072_000;

  function issue(body: URLSearchParams): { status: number; body: unknown } {
    const account = accounts.get(Number(body.get('client_id')));
    const valid = body.get('grant_type') === 'client_credentials' && body.get('scope') === 'general' && /^\d+$/.test(body.get('client_id') ?? '');
    if (!valid) return { status: 400, body: { error: 'invalid_request', message: 'The request is missing a required parameter.' } };
    if (!account || body.get('client_secret') !== account.apiSecret) return { status: 401, body: { error: 'invalid_client', message: 'Client authentication failed' } };
    const token = `eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.${randomBytes(24).toString('base64url')}.${randomBytes(32).toString('base64url')}`;
    const now = Date.now();
    tokens.set(token, { token, accountId: account.accountId, issuedAt: now, expiresAt: now + ttl * 1000, revoked: false });
    return { status: 200, body: { token_type: 'Bearer', expires_in: ttl, access_token: token } };
  }

  /** The account the bearer token is for, or null: unknown, revoked, expired, or used within a second of being issued. */
  function bearer(req: http.IncomingMessage): HostawayAccount | null {
    const match = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const token = match ? tokens.get(match[1]!) : undefined;
    const now = Date.now();
    if (!token || token.revoked || token.expiresAt <= now || now - token.issuedAt < 1_000) return null;
    return accounts.get(token.accountId) ?? null;
  }

  function answer(account: HostawayAccount, method: string, url: URL, body: string): { status: number; body: unknown } {
    const q = url.searchParams;
    if (method === 'GET' && url.pathname === '/v1/listings') return { status: 200, body: page(account.listings, q) };
    if (method === 'GET' && url.pathname === '/v1/reservations') {
      const from = q.get('latestActivityStart') ?? '';
      const listed = account.reservations.filter((r) => r.updatedOn.slice(0, 10) >= from).sort((a, b) => (q.get('sortOrder') === 'latestActivity' ? a.updatedOn.localeCompare(b.updatedOn) : b.updatedOn.localeCompare(a.updatedOn)) || a.id - b.id);
      return { status: 200, body: page(listed.map(reservationJson), q) };
    }
    const one = /^\/v1\/reservations\/(\d+)$/.exec(url.pathname);
    if (method === 'GET' && one) {
      const found = account.reservations.find((r) => r.id === Number(one[1]));
      return found ? { status: 200, body: { status: 'success', result: reservationJson(found) } } : { status: 404, body: { status: 'fail', message: 'Reservation not found' } };
    }
    if (url.pathname === '/v1/webhooks/unifiedWebhooks' && method === 'POST') {
      const input = JSON.parse(body) as Omit<HostawayHook, 'id' | 'accountId'>;
      const hook = { id: nextHook++, accountId: account.accountId, url: input.url, login: input.login ?? '', password: input.password ?? '', isEnabled: input.isEnabled ?? 1 };
      hooks.push(hook);
      return { status: 200, body: { status: 'success', result: { ...hook, insertedOn: hostawayTime(Date.now()) } } };
    }
    if (url.pathname === '/v1/webhooks/unifiedWebhooks' && method === 'GET') return { status: 200, body: { status: 'success', result: hooks.filter((h) => h.accountId === account.accountId) } };
    const hook = /^\/v1\/webhooks\/unifiedWebhooks\/(\d+)$/.exec(url.pathname);
    if (hook && method === 'DELETE') {
      const at = hooks.findIndex((h) => h.id === Number(hook[1]) && h.accountId === account.accountId);
      if (at < 0) return { status: 404, body: { status: 'fail', message: 'Not found' } };
      hooks.splice(at, 1);
      return { status: 200, body: { status: 'success', result: [] } };
    }
    return { status: 404, body: { status: 'fail', message: 'No route' } };
  }

  function route(req: http.IncomingMessage, url: URL, body: string): { status: number; body: unknown; accountId: number | null } {
    if (url.pathname === '/v1/accessTokens' && req.method === 'POST') {
      const form = /application\/x-www-form-urlencoded/.test(req.headers['content-type'] ?? '') ? new URLSearchParams(body) : new URLSearchParams();
      return { ...issue(form), accountId: null };
    }
    if (url.pathname === '/v1/accessTokens' && req.method === 'DELETE') {
      const token = tokens.get(url.searchParams.get('token') ?? '');
      if (token) token.revoked = true;
      return { status: token ? 200 : 404, body: token ? { status: 'success', result: [] } : { status: 'fail', message: 'Token not found' }, accountId: token?.accountId ?? null };
    }
    const account = bearer(req);
    if (!account) return { status: 403, body: { status: 'fail', message: 'Unauthorized' }, accountId: null };
    return { ...answer(account, req.method ?? 'GET', url, body), accountId: account.accountId };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://hostaway.local');
      const at = failures.findIndex((f) => f.path === null || f.path === url.pathname);
      const failure = at >= 0 ? failures.splice(at, 1)[0]!.status : null;
      const result = failure ? { status: failure, body: { status: 'fail', message: 'As the test asked.' }, accountId: null } : route(req, url, Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: req.method ?? '', path: url.pathname, query: url.searchParams, status: result.status, accountId: result.accountId });
      res.writeHead(result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    tokens,
    hooks,
    addAccount(seed: Partial<Pick<HostawayAccount, 'listings' | 'reservations'>> = {}): HostawayAccount {
      const account: HostawayAccount = { accountId: nextAccount++, apiSecret: randomBytes(32).toString('hex'), listings: [], reservations: [], ...seed };
      accounts.set(account.accountId, account);
      return account;
    },
    /** The next request (to `path`, when given) answers this status instead; each call queues one. */
    failNext(status: number, path: string | null = null) {
      failures.push({ status, path });
    },
    /** Books, moves, changes or cancels (`status: 'cancelled'`) a reservation as Hostaway's own screen would; `updatedOn` now unless given. */
    setReservation(account: HostawayAccount, seed: Omit<HostawayReservationSeed, 'updatedOn'> & { updatedOn?: string }): HostawayReservationSeed {
      const reservation = { ...seed, updatedOn: seed.updatedOn ?? hostawayTime(Date.now()) };
      const at = account.reservations.findIndex((r) => r.id === seed.id);
      if (at >= 0) account.reservations[at] = reservation;
      else account.reservations.push(reservation);
      // As Hostaway does: `reservation.created`, or `reservation.updated` (a cancellation too), to every registered hook.
      if (options.sendWebhooks) void this.sendWebhook(account, at >= 0 ? 'reservation.updated' : 'reservation.created', seed.id).catch(() => undefined);
      return reservation;
    },
    deleteReservation(account: HostawayAccount, id: number) {
      account.reservations = account.reservations.filter((r) => r.id !== id);
    },
    /** Every token of the account stops working (the account's key stays good: a new token works). */
    revokeTokens(account: HostawayAccount) {
      for (const token of tokens.values()) if (token.accountId === account.accountId) token.revoked = true;
    },
    /** The host deletes the API key in Hostaway: its tokens stop working and no new one is issued for the old key. */
    revokeKey(account: HostawayAccount) {
      account.apiSecret = randomBytes(32).toString('hex');
      this.revokeTokens(account);
    },
    /** Posts a unified webhook event for a reservation to every hook of its account, with the hook's Basic login; answers the statuses. */
    async sendWebhook(account: HostawayAccount, event: 'reservation.created' | 'reservation.updated', reservationId: number): Promise<number[]> {
      const reservation = account.reservations.find((r) => r.id === reservationId);
      const body = JSON.stringify({ event, accountId: account.accountId, data: reservation ? reservationJson(reservation) : { id: reservationId } });
      const statuses: number[] = [];
      for (const hook of hooks.filter((h) => h.accountId === account.accountId && h.isEnabled === 1)) {
        const authorization = `Basic ${Buffer.from(`${hook.login}:${hook.password}`).toString('base64')}`;
        const response = await fetch(hook.url, { method: 'POST', headers: { 'content-type': 'application/json', authorization }, body });
        statuses.push(response.status);
      }
      return statuses;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type HostawayStandIn = Awaited<ReturnType<typeof startHostawayStandIn>>;
