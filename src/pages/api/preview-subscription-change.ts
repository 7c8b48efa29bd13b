import type { APIContext } from 'astro';
import { authorize } from '@server/account/authorize.ts';
import { requireTeam } from '@server/account/team-access.ts';
import { previewSubscriptionChange } from '@server/money/subscriptions/preview-subscription-change.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { previewSubscriptionChangeSchema } from '@shared/schemas/billing.ts';

/** POST /api/preview-subscription-change `{ newPriceId }`: what a change would cost, for the confirmation modal. */
export const POST = handle(async (context: APIContext) => {
  const access = requireTeam(context.locals);
  await authorize(access, 'billing.manage');
  const { newPriceId } = await readBody(context.request, previewSubscriptionChangeSchema);
  return json(await previewSubscriptionChange({ access, priceId: newPriceId }));
});
