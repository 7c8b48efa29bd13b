import { createHash, timingSafeEqual } from 'node:crypto';

/**
 * What a Hostaway unified webhook proves and asks (docs/decisions/029-pms-connectors.md §5, steps
 * 3 and 4), as pure functions for the hook route: it comes with HTTP Basic, the login
 * `porchlight` and the integration's hook secret as the password, registered by
 * `registerHostawayHook` (hostaway.ts); its body `{ event, data }` is only a hint, and only the
 * reservation's id is taken from it (`reservation.created`, `reservation.updated`; a cancellation
 * is an update). Everything else in the body is never read.
 */
export const HOSTAWAY_HOOK_LOGIN = 'porchlight';

/** The parts of a webhook these read (the route's HookRequest has them). */
export interface HostawayHookRequest {
  headers: Headers;
  body: Uint8Array;
}

export type HostawayHookHint = { kind: 'reservations'; ids: string[] } | { kind: 'ignore' };

const digest = (text: string) => createHash('sha256').update(text, 'utf8').digest();

/** The Basic login and password, compared in constant time (SHA-256 digests of equal length). */
export function verifyHostawayHook(request: HostawayHookRequest, hookSecret: string): boolean {
  const match = /^Basic\s+([A-Za-z0-9+/]+={0,2})\s*$/i.exec(request.headers.get('authorization') ?? '');
  const given = match ? Buffer.from(match[1]!, 'base64').toString('utf8') : '';
  const same = timingSafeEqual(digest(given), digest(`${HOSTAWAY_HOOK_LOGIN}:${hookSecret}`));
  return same && match !== null && hookSecret.length > 0;
}

/** Event names as Hostaway writes them (`reservation.created`) or as its guides do (`reservation created`). */
const RESERVATION_EVENT = /^reservation[ ._]?(created|updated)$/i;

/** The reservation to read again, from `data.id` of a reservation event; anything else is ignored. */
export function hostawayHookHint(request: HostawayHookRequest): HostawayHookHint {
  let body: unknown;
  try {
    body = JSON.parse(Buffer.from(request.body).toString('utf8'));
  } catch {
    return { kind: 'ignore' };
  }
  if (typeof body !== 'object' || body === null) return { kind: 'ignore' };
  const { event, data } = body as { event?: unknown; data?: unknown };
  if (typeof event !== 'string' || !RESERVATION_EVENT.test(event.trim()) || typeof data !== 'object' || data === null) return { kind: 'ignore' };
  const id = (data as { id?: unknown }).id;
  const text = typeof id === 'number' && Number.isInteger(id) && id >= 0 ? String(id) : typeof id === 'string' ? id : '';
  return /^\d{1,20}$/.test(text) ? { kind: 'reservations', ids: [text] } : { kind: 'ignore' };
}
