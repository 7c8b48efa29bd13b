import { getUserPlan } from '../../account/get-user-plan.ts';

/**
 * POST /api/get-user-premium (docs/product.md §6, §7): whether a user (a guidebook's owner) is on Premium.
 * Public, as the guest view asks it; an unknown id is simply not premium.
 */
export async function isUserPremium({ userId }: { userId: string }): Promise<boolean> {
  return (await getUserPlan(userId)) === 'premium';
}
