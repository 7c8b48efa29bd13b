import { z } from 'zod';
import { messages } from '@shared/messages.ts';
import type { AccessKeeper, AccessToken, PmsAdapter, PmsContext, PmsReservation, PmsUnit } from '../adapter.ts';
import { accessKeeper } from '../access-keeper.ts';
import { isPmsError, PmsError } from '../pms-error.ts';
import type { PmsHttp, PmsRequest } from '../pms-http.ts';
import { beds24HookHint, beds24HookVerify } from './beds24-hooks.ts';
import { beds24Booking, BEDS24_STATUSES, goneReservation, toReservation, unitIdOf } from './beds24-booking.ts';

/**
 * Beds24, API V2 (docs/decisions/029-pms-connectors.md, "What the systems' documentation says"):
 * an invite code (valid 24 hours, used once) exchanged by `GET /authentication/setup` (header
 * `code`) for a refresh token, which alone is sealed; reads carry a 24-hour token (header
 * `token`) minted by `GET /authentication/token` (header `refreshToken`) and kept in the sealed
 * `access` slot (access.ts). Every answer says the account's credits (`x-five-min-limit-remaining`,
 * `x-five-min-limit-resets-in`): below 20 the turn stops before its next request and backs off
 * until the window resets (§12). A refused token is replaced once; refused again, 'bad-credentials'.
 */
export const BEDS24_API_URL = 'https://beds24.com/api/v2';

export interface Beds24Secrets {
  refreshToken: string;
}

const secretsSchema = z.object({ refreshToken: z.string().min(1) });
/** Below this many credits left, a turn stops and waits for the window to reset (§12). */
export const BEDS24_CREDIT_FLOOR = 20;
/** Booking ids per `GET /bookings?id=…` (§5). */
const READ_BATCH = 50;
const DAY_MS = 86_400_000;

const tokenAnswer = z.object({ token: z.string().min(1), expiresIn: z.number().positive() });
const setupAnswer = tokenAnswer.extend({ refreshToken: z.string().min(1) });
const details = z.object({ validToken: z.boolean(), token: z.object({ ownerId: z.union([z.number(), z.string()]).nullish(), scopes: z.array(z.string()).nullish() }).nullish() });
const pages = z.object({ nextPageExists: z.boolean().nullish() }).nullish();
const propertiesPage = z.object({ data: z.array(z.object({ id: z.number().int(), name: z.string().max(500), roomTypes: z.array(z.object({ id: z.number().int(), name: z.string().max(500) })).nullish() })), pages });
const bookingsPage = z.object({ data: z.array(z.unknown()), pages });

/** What one turn (one context) last heard of the account's credits. */
const credits = new WeakMap<object, { remaining: number; resetAt: number }>();

function parsed<T extends z.ZodType>(schema: T, answer: unknown, path: string): z.infer<T> {
  const result = schema.safeParse(answer);
  if (!result.success) throw new PmsError('bad-answer', { system: 'beds24', method: 'GET', path, status: 200 });
  return result.data;
}

/** Sends one request with the credits watched: refused before it leaves when the last answer left fewer than 20. */
async function send(http: PmsHttp, turn: object, request: PmsRequest): Promise<unknown> {
  const where = { system: 'beds24' as const, method: request.method, path: request.path, status: null };
  const known = credits.get(turn);
  if (known && known.remaining < BEDS24_CREDIT_FLOOR && known.resetAt > Date.now()) throw new PmsError('rate-limited', where, known.resetAt);
  const onAnswer = (headers: Headers) => {
    const remaining = Number(headers.get('x-five-min-limit-remaining') ?? NaN);
    const resetsIn = Number(headers.get('x-five-min-limit-resets-in') ?? NaN);
    if (Number.isFinite(remaining)) credits.set(turn, { remaining, resetAt: Date.now() + (Number.isFinite(resetsIn) ? Math.max(0, resetsIn) : 300) * 1000 });
  };
  try {
    return await http.request({ ...request, onAnswer });
  } catch (error) {
    // A 429 without Retry-After: the credits' own reset says when to come back.
    const after = credits.get(turn);
    if (isPmsError(error) && error.failure === 'rate-limited' && error.retryAt === null && after) throw new PmsError('rate-limited', error.where, after.resetAt);
    throw error;
  }
}

async function mint(http: PmsHttp, secrets: Beds24Secrets, turn: object): Promise<AccessToken> {
  const answer = await send(http, turn, { method: 'GET', path: '/authentication/token', headers: () => ({ refreshToken: secrets.refreshToken }) });
  const { token, expiresIn } = parsed(tokenAnswer, answer, '/authentication/token');
  return { token, expiresAt: Date.now() + expiresIn * 1000 };
}

/** A read with the integration's token; refused, once more with a new one. */
async function read(context: PmsContext<Beds24Secrets>, path: string, query: Array<[string, string]>): Promise<unknown> {
  const keeper: AccessKeeper = context.access ?? (context.access = accessKeeper('beds24', () => mint(context.http, context.secrets, context)));
  const ask = (token: string) => send(context.http, context, { method: 'GET', path, query, headers: () => ({ token }) });
  try {
    return await ask(await keeper.current());
  } catch (error) {
    if (!isPmsError(error) || error.failure !== 'bad-credentials') throw error;
    return ask(await keeper.fresh());
  }
}

/** `read:x`, `all:x` or a bare `x` among the token's scopes. */
function hasScope(scopes: readonly string[], name: string): boolean {
  return scopes.some((scope) => scope === name || scope === `read:${name}` || scope === `all:${name}`);
}

function bookingsOf(data: unknown[]): PmsReservation[] {
  return data.flatMap((booking) => {
    const result = beds24Booking.safeParse(booking);
    return result.success ? [toReservation(result.data)] : [];
  });
}

const statuses = (): Array<[string, string]> => BEDS24_STATUSES.map((status) => ['status', status]);
/** "YYYY-MM-DDTHH:MM:SS" in UTC, the form `modifiedFrom` takes (its zone is not stated; the sync reads from a day before, §5). */
const beds24Time = (at: number) => new Date(at).toISOString().slice(0, 19);

export const beds24: PmsAdapter<Beds24Secrets> = {
  system: 'beds24',
  label: 'Beds24',
  fields: [{ name: 'inviteCode', label: 'Invite code', where: 'Beds24 → Settings → Marketplace → API → Generate invite code, with read bookings, bookings-personal and properties ticked; the code works once, for 24 hours', secret: true }],
  credentialWords: 'invite code',
  refusedMessage: messages.integrations.inviteRefused,

  async connect(http, input) {
    const turn = {};
    let setup: z.infer<typeof setupAnswer>;
    try {
      setup = parsed(setupAnswer, await send(http, turn, { method: 'GET', path: '/authentication/setup', headers: () => ({ code: input.inviteCode ?? '', deviceName: 'Porchlight' }) }), '/authentication/setup');
    } catch (error) {
      // A code used or expired may come back as a 400: the host's code, not Beds24's silence.
      if (isPmsError(error) && error.where.status === 400) throw new PmsError('bad-credentials', error.where);
      throw error;
    }
    const checked = parsed(details, await send(http, turn, { method: 'GET', path: '/authentication/details', headers: () => ({ token: setup.token }) }), '/authentication/details');
    const where = { system: 'beds24' as const, method: 'GET', path: '/authentication/details', status: 200 };
    if (!checked.validToken) throw new PmsError('bad-credentials', where);
    const scopes = checked.token?.scopes;
    if (scopes && !['bookings', 'bookings-personal', 'properties'].every((name) => hasScope(scopes, name))) throw new PmsError('scope', where);
    const access = { token: setup.token, expiresAt: Date.now() + setup.expiresIn * 1000 };
    return { secrets: { refreshToken: setup.refreshToken }, accountRef: String(checked.token?.ownerId ?? ''), access };
  },

  access(http, secrets) {
    return mint(http, secrets, {});
  },

  secretsOf(stored) {
    const result = secretsSchema.safeParse(stored);
    if (!result.success) throw new PmsError('bad-answer', { system: 'beds24', method: 'OPEN', path: 'credentials', status: null });
    return result.data;
  },

  async units(context) {
    const units: PmsUnit[] = [];
    for (let page = 1; ; page += 1) {
      const answer = parsed(propertiesPage, await read(context, '/properties', [['page', String(page)]]), '/properties');
      for (const property of answer.data) {
        const rooms = property.roomTypes ?? [];
        for (const room of rooms) units.push({ id: unitIdOf(property.id, room.id), name: rooms.length === 1 ? property.name : `${property.name} · ${room.name}` });
      }
      if (!answer.pages?.nextPageExists) return units;
    }
  },

  async changed(context, since, cursor) {
    const page = cursor === null ? 1 : Number(cursor);
    // The full pass (since 0) asks for what leaves from yesterday on rather than every booking ever changed: fewer credits.
    const window: [string, string] = since <= 0 ? ['departureFrom', beds24Time(Date.now() - DAY_MS).slice(0, 10)] : ['modifiedFrom', beds24Time(since)];
    const answer = parsed(bookingsPage, await read(context, '/bookings', [window, ...statuses(), ['page', String(page)]]), '/bookings');
    return { reservations: bookingsOf(answer.data), next: answer.pages?.nextPageExists ? String(page + 1) : null };
  },

  async read(context, ids) {
    const found = new Map<string, PmsReservation>();
    const numeric = ids.filter((id) => /^\d{1,12}$/.test(id));
    for (let at = 0; at < numeric.length; at += READ_BATCH) {
      const batch: Array<[string, string]> = numeric.slice(at, at + READ_BATCH).map((id) => ['id', id]);
      const answer = parsed(bookingsPage, await read(context, '/bookings', [...batch, ...statuses()]), '/bookings');
      // Every booking named must be read: one left out would look deleted and remove its stay.
      for (const booking of answer.data) {
        const reservation = toReservation(parsed(beds24Booking, booking, '/bookings'));
        found.set(reservation.externalId, reservation);
      }
    }
    // An id Beds24 no longer answers for was deleted, not cancelled (§"Where the docs were silent", 10).
    return ids.map((id) => found.get(id) ?? goneReservation(id));
  },

  /** The Booking Webhook the host sets per property, with the header Porchlight made (§5, §14). */
  hooks: { setup: 'paste-url-and-header', verify: beds24HookVerify, hint: (request) => beds24HookHint(request) },
};
