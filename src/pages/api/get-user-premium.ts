import type { APIContext } from 'astro';
import { isUserPremium } from '@server/money/subscriptions/is-user-premium.ts';
import { handle, json, readBody } from '@server/http/json.ts';
import { userPremiumSchema } from '@shared/schemas/billing.ts';

/**
 * POST /api/get-user-premium `{ userId }` → boolean (docs/product.md §7; public, the guest view asks
 * it with the guidebook's `user`, which names its team: docs/decisions/028-teams.md).
 */
export const POST = handle(async (context: APIContext) => {
  const { userId } = await readBody(context.request, userPremiumSchema);
  return json(await isUserPremium({ teamId: userId }));
});
