import { getTeamPlan } from '../../account/team-plan.ts';

/**
 * POST /api/get-user-premium (docs/product.md §6, §7): whether the team a guidebook belongs to is on
 * Premium. Public, as the guest view asks it with the guidebook's `user` field, which names the
 * team (a migrated team's id is its owner's, so a page cached before teams asks the same);
 * an unknown id is simply not premium.
 */
export async function isUserPremium({ teamId }: { teamId: string }): Promise<boolean> {
  return (await getTeamPlan(teamId)) === 'premium';
}
