import { createHash, createHmac, randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { PmsAdapter, PmsContext, PmsReservation } from '../adapter.ts';
import { isPmsError, PmsError } from '../pms-error.ts';
import { canonicalQuery, type PmsHttp, type PmsRequest } from '../pms-http.ts';
import { smoobuHooks } from './smoobu-hooks.ts';
import { goneReservation, smoobuBooking, toReservation } from './smoobu-reservation.ts';

/**
 * Smoobu (docs/decisions/029-pms-connectors.md, "What the systems' documentation says"): every
 * request signed with HMAC-SHA256 over method, path, sorted query, timestamp, nonce, the body's
 * SHA-256 and the key (headers `X-API-Key`, `X-Timestamp`, `X-Nonce`, `X-Signature`); the legacy
 * `Api-Key` header is never sent. The scheme is known from third-party clients citing Smoobu's
 * page (open question 1: check it against a real account before relying on it).
 */
export const SMOOBU_API_URL = 'https://login.smoobu.com';

export interface SmoobuSecrets {
  apiKey: string;
  apiSecret: string;
}

const secretsSchema = z.object({ apiKey: z.string().min(1), apiSecret: z.string().min(1) });

/** Pages of at most this many bookings (Smoobu's own maximum). */
const PAGE_SIZE = 100;

/** The signature's text: METHOD ⏎ path ⏎ sorted query ⏎ timestamp ⏎ nonce ⏎ sha256hex(body) ⏎ key. */
export function smoobuCanonical(parts: { method: string; path: string; query: string; timestamp: string; nonce: string; body: string; apiKey: string }): string {
  const bodyHash = createHash('sha256').update(parts.body, 'utf8').digest('hex');
  return [parts.method, parts.path, parts.query, parts.timestamp, parts.nonce, bodyHash, parts.apiKey].join('\n');
}

function signed(secrets: SmoobuSecrets, request: Omit<PmsRequest, 'headers'>): PmsRequest {
  return {
    ...request,
    headers: () => {
      // ISO 8601 in UTC to the second, as Smoobu's examples write it.
      const timestamp = new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
      const nonce = randomUUID();
      const canonical = smoobuCanonical({ method: request.method, path: request.path, query: canonicalQuery(request.query), timestamp, nonce, body: request.body ?? '', apiKey: secrets.apiKey });
      const signature = createHmac('sha256', secrets.apiSecret).update(canonical, 'utf8').digest('base64');
      return { 'x-api-key': secrets.apiKey, 'x-timestamp': timestamp, 'x-nonce': nonce, 'x-signature': signature };
    },
  };
}

const me = z.object({ id: z.union([z.number().int(), z.string().min(1).max(64)]).transform(String) });
const apartments = z.object({ apartments: z.array(z.object({ id: z.union([z.number().int(), z.string().min(1).max(64)]).transform(String), name: z.string().max(500) })) });
const page = z.object({ page_count: z.number().int().min(0), page: z.number().int().min(0).optional(), bookings: z.array(z.unknown()) });

/** A Smoobu answer read with its schema; a shape it does not have is the system's fault, not the host's. */
function parsed<T extends z.ZodType>(schema: T, answer: unknown, where: { method: string; path: string }): z.infer<T> {
  const result = schema.safeParse(answer);
  if (!result.success) throw new PmsError('bad-answer', { system: 'smoobu', ...where, status: 200 });
  return result.data;
}

/** Bookings a page names that its schema reads; one it cannot read is left out rather than stopping the rest. */
function readBookings(bookings: unknown[]): PmsReservation[] {
  return bookings.flatMap((booking) => {
    const result = smoobuBooking.safeParse(booking);
    return result.success ? [toReservation(result.data)] : [];
  });
}

export const smoobu: PmsAdapter<SmoobuSecrets> = {
  system: 'smoobu',
  label: 'Smoobu',
  fields: [
    { name: 'apiKey', label: 'API key', where: 'Smoobu → Settings → Advanced → API Keys → Create New', secret: true },
    { name: 'apiSecret', label: 'API secret', where: 'shown once, beside the key, when it is created', secret: true },
  ],
  credentialWords: 'key and secret',

  async connect(http: PmsHttp, input: Record<string, string>) {
    const secrets = { apiKey: input.apiKey ?? '', apiSecret: input.apiSecret ?? '' };
    const answer = await http.request(signed(secrets, { method: 'GET', path: '/api/me' }));
    return { secrets, accountRef: parsed(me, answer, { method: 'GET', path: '/api/me' }).id };
  },

  secretsOf(stored: unknown) {
    const result = secretsSchema.safeParse(stored);
    if (!result.success) throw new PmsError('bad-answer', { system: 'smoobu', method: 'OPEN', path: 'credentials', status: null });
    return result.data;
  },

  async units({ http, secrets }: PmsContext<SmoobuSecrets>) {
    const answer = await http.request(signed(secrets, { method: 'GET', path: '/api/apartments' }));
    return parsed(apartments, answer, { method: 'GET', path: '/api/apartments' }).apartments;
  },

  async changed({ http, secrets }, since, cursor) {
    const pageNumber = cursor === null ? 1 : Number(cursor);
    // `modifiedFrom`'s form and zone are not stated: the UTC date, which only widens the read (the
    // sync already asks from a day before its mark, §5; what did not change writes nothing, §6).
    const from = new Date(since).toISOString().slice(0, 10);
    const query = [
      ['modifiedFrom', from],
      ['showCancellation', 'true'],
      ['excludeBlocked', 'true'],
      ['page', String(pageNumber)],
      ['pageSize', String(PAGE_SIZE)],
    ] as const;
    const answer = parsed(page, await http.request(signed(secrets, { method: 'GET', path: '/api/reservations', query })), { method: 'GET', path: '/api/reservations' });
    return { reservations: readBookings(answer.bookings), next: pageNumber < answer.page_count ? String(pageNumber + 1) : null };
  },

  async read({ http, secrets }, ids) {
    const reservations: PmsReservation[] = [];
    for (const id of ids) {
      const path = `/api/reservations/${encodeURIComponent(id)}`;
      try {
        reservations.push(toReservation(parsed(smoobuBooking, await http.request(signed(secrets, { method: 'GET', path })), { method: 'GET', path: '/api/reservations/{id}' })));
      } catch (error) {
        // Deleted, not cancelled: Smoobu no longer answers for it (§"Where the docs were silent", 10).
        if (isPmsError(error) && error.failure === 'not-found') reservations.push(goneReservation(id));
        else throw error;
      }
    }
    return reservations;
  },

  hooks: smoobuHooks,
};
