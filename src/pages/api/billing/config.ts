import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { getBillingConfig } from '@server/money/subscriptions/get-billing-config.ts';
import { handle, json } from '@server/http/json.ts';

/** GET /api/billing/config: whether payments are configured, the publishable key and price ids. */
export const GET = handle(async (context: APIContext) => {
  await authorize(requireTeam(context.locals), 'billing.manage');
  return json(await getBillingConfig());
});
