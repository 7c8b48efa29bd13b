import { z } from 'zod';
import type { HookHint, HookRequest, PmsHooks } from '../adapter.ts';

/**
 * Smoobu's webhooks (docs/decisions/029-pms-connectors.md, "What the systems' documentation says",
 * §5): one URL per account, pasted by the host; a POST of `{ action, user, data }` where `action`
 * names the event and `data` is the reservation (third-party code; Smoobu's pages as read say
 * nothing of it). Smoobu sends no proof of origin, so `verify` has nothing to check beyond the
 * hook id in the URL, and `hint` reads only `data.id` of the reservation actions, and only
 * when `user` is the connected account: the body is never applied (the reservation is read again
 * through the signed API), so a forged one can cost one read at most.
 */
/** The three the record names, and `deleteReservation`, which some integrators' code handles: a read then finds it gone (404). */
const RESERVATION_ACTIONS = new Set(['newReservation', 'updateReservation', 'cancelReservation', 'deleteReservation']);

const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d{1,20}$/)]).transform(String);
/** Exactly the three fields read; the reservation's guest fields are dropped here, never kept. */
const hookBody = z.object({ action: z.string().max(64), user: id, data: z.object({ id }) });

const IGNORE: HookHint = { kind: 'ignore' };

function hint(request: HookRequest, accountRef: string): HookHint {
  if (request.method !== 'POST') return IGNORE;
  let value: unknown;
  try {
    value = JSON.parse(new TextDecoder().decode(request.body));
  } catch {
    return IGNORE;
  }
  const body = hookBody.safeParse(value);
  if (!body.success || !RESERVATION_ACTIONS.has(body.data.action) || body.data.user !== accountRef) return IGNORE;
  return { kind: 'reservations', ids: [body.data.data.id] };
}

export const smoobuHooks: PmsHooks = {
  setup: 'paste-url',
  // The URL's 143-bit hook id is all Smoobu's webhook carries (§5, 3).
  verify: () => true,
  hint,
};
