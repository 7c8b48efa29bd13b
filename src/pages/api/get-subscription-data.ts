import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { requireUser } from '@server/auth/require-user.ts';
import { getSubscriptionData } from '@server/money/subscriptions/get-subscription-data.ts';
import { handle, json } from '@server/http/json.ts';

/** GET /api/get-subscription-data (docs/product.md §7): the signed-in user's plan and subscription. */
export const GET = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'billing.manage');
  const { user } = requireUser(context.locals);
  return json(await getSubscriptionData({ access, email: user.email }));
});
