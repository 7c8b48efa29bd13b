import { z } from 'zod';
import type { PmsAdapter, PmsContext, PmsReservation, PmsUnit } from '../adapter.ts';
import { isPmsError, PmsError } from '../pms-error.ts';
import type { PmsHttp } from '../pms-http.ts';
import { HOSTAWAY_HOOK_LOGIN, hostawayHookHint, verifyHostawayHook } from './hostaway-hooks.ts';
import { hostawayReservation, toReservation } from './hostaway-reservation.ts';
import { authorized, keptToken, mintToken, withBearer, type HostawaySecrets } from './hostaway-token.ts';
import { goneReservation } from './smoobu-reservation.ts';

/**
 * Hostaway's public API v1 (docs/decisions/029-pms-connectors.md §2; Hostaway's API reference):
 * a token for the account id and API key (hostaway-token.ts), listings as units, reservations
 * changed since a date (`latestActivityStart`, newest activity first, `limit`/`offset`), one by id.
 * Every answer is `{ status: 'success', result, count?, limit?, offset? }`.
 */
export const HOSTAWAY_API_URL = 'https://api.hostaway.com';
export type { HostawaySecrets };

const secretsSchema = z.object({ accountId: z.string().regex(/^\d{1,20}$/), apiSecret: z.string().min(1) });

/** Items a list page asks for; Hostaway's default is 100. */
export const PAGE_SIZE = 100;
/** The listings read at most (50 pages): more than a host's account holds. */
const MAX_LISTING_PAGES = 50;

const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);
const listPage = z.object({ status: z.literal('success'), result: z.array(z.unknown()), count: z.number().int().nonnegative().nullish() });
const one = z.object({ status: z.literal('success'), result: z.unknown() });
const listing = z.object({ id, name: z.string().max(500).nullish(), internalListingName: z.string().max(500).nullish() });
const created = z.object({ status: z.literal('success'), result: z.object({ id }) });

/** A Hostaway answer read with its schema; a shape it does not have is the system's fault, not the host's. */
function parsed<T extends z.ZodType>(schema: T, answer: unknown, where: { method: string; path: string }): z.infer<T> {
  const result = schema.safeParse(answer);
  if (!result.success) throw new PmsError('bad-answer', { system: 'hostaway', ...where, status: 200 });
  return result.data;
}

/** Reservations a page names that the schema reads; one it cannot read is left out rather than stopping the rest. */
function readReservations(items: unknown[]): PmsReservation[] {
  return items.flatMap((item) => {
    const result = hostawayReservation.safeParse(item);
    return result.success ? [toReservation(result.data)] : [];
  });
}

/** `DELETE /v1/accessTokens?token=` (Hostaway's page sends no Bearer with it). */
async function revokeToken(http: PmsHttp, token: string): Promise<void> {
  await http.request({ method: 'DELETE', path: '/v1/accessTokens', query: [['token', token]] });
}

/** Whether another page follows one of `length` items at `offset`. */
function more(length: number, offset: number, count: number | null | undefined): boolean {
  return length >= PAGE_SIZE && (count === null || count === undefined || offset + length < count);
}

export const hostaway: PmsAdapter<HostawaySecrets> = {
  system: 'hostaway',
  label: 'Hostaway',
  fields: [
    { name: 'accountId', label: 'Account ID', where: 'Hostaway → Settings → Hostaway API: the number shown as Account ID', secret: false },
    { name: 'apiSecret', label: 'API key', where: 'Hostaway → Settings → Hostaway API → Create, partner “Hostaway Public API”; the key is shown once', secret: true },
  ],
  credentialWords: 'account ID and API key',

  /** One token request and one authenticated call (`GET /v1/listings?limit=1`); the token is kept for the reads. */
  async connect(http: PmsHttp, input: Record<string, string>) {
    const secrets = { accountId: input.accountId ?? '', apiSecret: input.apiSecret ?? '' };
    // Hostaway's account ids are numbers: anything else is no account, and is not sent.
    if (!secretsSchema.safeParse(secrets).success) throw new PmsError('bad-credentials', { system: 'hostaway', method: 'POST', path: '/v1/accessTokens', status: null });
    const access = await mintToken(http, secrets);
    try {
      const answer = await http.request(withBearer({ method: 'GET', path: '/v1/listings', query: [['limit', '1']] }, access.token));
      parsed(listPage, answer, { method: 'GET', path: '/v1/listings' });
    } catch (error) {
      // Nothing is stored after a failed connect: the token it minted is revoked (best effort) rather than left valid.
      await revokeToken(http, access.token).catch(() => {});
      throw error;
    }
    return { secrets, accountRef: secrets.accountId, access };
  },

  /** A new token for the stored account id and key; the keeper (access.ts) seals it and uses it until its renewal. */
  access(http, secrets) {
    return mintToken(http, secrets);
  },

  secretsOf(stored: unknown) {
    const result = secretsSchema.safeParse(stored);
    if (!result.success) throw new PmsError('bad-answer', { system: 'hostaway', method: 'OPEN', path: 'credentials', status: null });
    return result.data;
  },

  async units(context) {
    const units: PmsUnit[] = [];
    for (let page = 0; page < MAX_LISTING_PAGES; page += 1) {
      const offset = page * PAGE_SIZE;
      const query = [['limit', String(PAGE_SIZE)], ['offset', String(offset)]] as const;
      const answer = parsed(listPage, await authorized(context, { method: 'GET', path: '/v1/listings', query }), { method: 'GET', path: '/v1/listings' });
      for (const item of answer.result) {
        const read = listing.safeParse(item);
        if (read.success) units.push({ id: read.data.id, name: (read.data.internalListingName?.trim() || read.data.name?.trim() || `Listing ${read.data.id}`).slice(0, 200) });
      }
      if (!more(answer.result.length, offset, answer.count)) break;
    }
    return units;
  },

  async changed(context, since, cursor) {
    const offset = cursor === null ? 0 : Number(cursor);
    // Newest activity first: a reservation changed while the pages are read moves to the front, so
    // the offset never skips one (at worst a page repeats one); the change itself is read next time.
    // `latestActivityStart` is a date: the UTC date of `since` only widens the read (§5, §6).
    const query: Array<readonly [string, string]> = [
      ['limit', String(PAGE_SIZE)],
      ['offset', String(offset)],
      ['sortOrder', 'latestActivityDesc'],
      ['includeResources', '0'],
    ];
    if (since > 0) query.push(['latestActivityStart', new Date(since).toISOString().slice(0, 10)]);
    const answer = parsed(listPage, await authorized(context, { method: 'GET', path: '/v1/reservations', query }), { method: 'GET', path: '/v1/reservations' });
    return { reservations: readReservations(answer.result), next: more(answer.result.length, offset, answer.count) ? String(offset + PAGE_SIZE) : null };
  },

  async read(context, ids) {
    const reservations: PmsReservation[] = [];
    for (const reservationId of ids) {
      const where = { method: 'GET', path: '/v1/reservations/{id}' };
      try {
        const answer = parsed(one, await authorized(context, { method: 'GET', path: `/v1/reservations/${encodeURIComponent(reservationId)}` }), where);
        reservations.push(toReservation(parsed(hostawayReservation, answer.result, where)));
      } catch (error) {
        // Deleted, not cancelled: Hostaway no longer answers for it (§"Where the docs were silent", 10).
        if (isPmsError(error) && error.failure === 'not-found') reservations.push(goneReservation(reservationId));
        else throw error;
      }
    }
    return reservations;
  },

  /** The unified webhook, registered at connect with our Basic login (§5); removed on disconnect before `revoke`. */
  hooks: {
    setup: 'registered',
    verify: verifyHostawayHook,
    hint: (request) => hostawayHookHint(request),
    register: (context, url, hookSecret) => registerHostawayHook(context, url, HOSTAWAY_HOOK_LOGIN, hookSecret),
    unregister: unregisterHostawayHook,
  },

  /** The kept token stops working at once; none kept, none is minted just to be revoked. */
  async revoke(context) {
    const token = await keptToken(context);
    if (token) await revokeToken(context.http, token);
  },
};

/**
 * The unified webhook (§2, §5), the adapter's `hooks.register` and `hooks.unregister`:
 * registered with the Basic login and password Porchlight made, removed on disconnect.
 */
export async function registerHostawayHook(context: PmsContext<HostawaySecrets>, url: string, login: string, password: string): Promise<{ remoteId: string }> {
  const body = JSON.stringify({ isEnabled: 1, url, login, password });
  const answer = await authorized(context, { method: 'POST', path: '/v1/webhooks/unifiedWebhooks', body });
  return { remoteId: parsed(created, answer, { method: 'POST', path: '/v1/webhooks/unifiedWebhooks' }).result.id };
}

export async function unregisterHostawayHook(context: PmsContext<HostawaySecrets>, remoteId: string): Promise<void> {
  try {
    await authorized(context, { method: 'DELETE', path: `/v1/webhooks/unifiedWebhooks/${encodeURIComponent(remoteId)}` });
  } catch (error) {
    // Already gone (the host deleted it in Hostaway): nothing left to remove.
    if (!isPmsError(error) || error.failure !== 'not-found') throw error;
  }
}
