import type { APIContext } from 'astro';
import { requireUser } from '../../lib/server/auth/require-user.ts';
import { previewSubscriptionChange } from '../../lib/server/billing/preview-subscription-change.ts';
import { handle, json, readBody } from '../../lib/server/http/json.ts';
import { previewSubscriptionChangeSchema } from '../../lib/shared/schemas/billing.ts';

/** POST /api/preview-subscription-change `{ newPriceId }`: what a change would cost, for the confirmation modal. */
export const POST = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const { newPriceId } = await readBody(context.request, previewSubscriptionChangeSchema);
  return json(await previewSubscriptionChange({ userId: user.id, priceId: newPriceId }));
});
