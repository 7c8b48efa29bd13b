import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { toUserInfo } from '@server/auth/user-info.ts';
import { getUserPlan } from '@server/billing/get-user-plan.ts';
import { handle, json } from '@server/http/json.ts';
import { getRuntime } from '@server/runtime.ts';

/**
 * GET /api/users/me: the signed-in user's info and plan (the admin app restores its state from it).
 * The support line is premium-only (docs/product.md §2 Support): other plans never receive the number.
 */
export const GET = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const plan = await getUserPlan(user.id);
  const { config } = await getRuntime();
  return json({ ...toUserInfo(user), plan, ...(plan === 'premium' ? { supportPhone: config.supportPhone } : {}) });
});
