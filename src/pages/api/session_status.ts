import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { getCheckoutSessionStatus } from '@server/money/subscriptions/get-checkout-session-status.ts';
import { handle, json } from '@server/http/json.ts';

/**
 * GET /api/session_status?session_id= → `{ payment_status, status }` (docs/product.md §7); syncs a
 * completed checkout.
 */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'billing.manage');
  return json(await getCheckoutSessionStatus({ access, sessionId: context.url.searchParams.get('session_id') ?? '' }));
});
