import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { handle, json } from '@server/http/json.ts';
import { getPayoutState } from '@server/money/payouts/get-payout-state.ts';

/** GET /api/payouts: the signed-in host's payout state (docs/product.md §2 Payouts); asks Stripe nothing. */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'payouts.manage');
  return json(await getPayoutState({ access }));
});
