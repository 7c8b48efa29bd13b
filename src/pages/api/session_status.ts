import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { getCheckoutSessionStatus } from '@server/money/subscriptions/get-checkout-session-status.ts';
import { handle, json } from '@server/http/json.ts';

/**
 * GET /api/session_status?session_id= → `{ payment_status, status }` (docs/product.md §7); syncs a
 * completed checkout.
 */
export const GET = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  return json(await getCheckoutSessionStatus({ userId: user.id, sessionId: context.url.searchParams.get('session_id') ?? '' }));
});
