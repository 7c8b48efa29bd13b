import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';

/**
 * Beds24's booking webhook (docs/decisions/029-pms-connectors.md §5, "Where the docs were
 * silent" 3): Beds24 signs nothing, so the host pastes a header Porchlight made,
 * `X-Porchlight-Hook: <the hook secret>`, into each property's Booking Webhook; `verify` compares
 * it in constant time. The body is only a hint: `hint` takes the booking's id and nothing else
 * (version 2 POSTs the booking as JSON), and a GET without a body (version 1) means "read what
 * changed". Shaped as §2's `HookRequest` and `HookHint` for the adapter's `hooks` member.
 */
export const BEDS24_HOOK_HEADER = 'x-porchlight-hook';
/** The header's name as the screen shows it for pasting. */
export const BEDS24_HOOK_HEADER_NAME = 'X-Porchlight-Hook';

export interface Beds24HookRequest {
  method: 'GET' | 'POST';
  headers: Headers;
  body: Uint8Array;
}

export type Beds24HookHint = { kind: 'reservations'; ids: string[] } | { kind: 'changed' } | { kind: 'ignore' };

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/** The header the host pasted is the hook secret: SHA-256 of both compared with timingSafeEqual, so neither length nor content leaks. */
export function beds24HookVerify(request: Beds24HookRequest, hookSecret: string): boolean {
  const sent = request.headers.get(BEDS24_HOOK_HEADER);
  if (sent === null || hookSecret === '') return false;
  return timingSafeEqual(digest(sent.trim()), digest(hookSecret));
}

const bookingId = z.union([z.number().int().positive(), z.string().regex(/^\d{1,12}$/)]).transform(String);
/** Version 2's body: the booking, at the top or under `booking`; only its id is read. */
const body = z.union([z.object({ booking: z.object({ id: bookingId }) }), z.object({ id: bookingId })]);

export function beds24HookHint(request: Beds24HookRequest): Beds24HookHint {
  if (request.method === 'GET') return { kind: 'changed' };
  let json: unknown;
  try {
    json = JSON.parse(Buffer.from(request.body).toString('utf8'));
  } catch {
    return { kind: 'ignore' };
  }
  const result = body.safeParse(json);
  if (!result.success) return { kind: 'ignore' };
  return { kind: 'reservations', ids: ['booking' in result.data ? result.data.booking.id : result.data.id] };
}
