import { messages } from '@shared/messages.ts';
import { getTeamPlan, type TeamPlan } from '../account/team-plan.ts';
import { AppError } from '../http/app-error.ts';

/**
 * docs/product.md §4 "Instruction access": without a plan only guidebooks made on Free can be edited,
 * duplicated, re-coded or re-linked; reading and deleting stay open. Answers the plan for callers
 * that need it next (the Free limit).
 */
export async function assertCanEdit({ teamId, isFree }: { teamId: string; isFree: boolean }): Promise<TeamPlan> {
  const plan = await getTeamPlan(teamId);
  if (plan === 'free' && !isFree) throw new AppError('FORBIDDEN', messages.instruction.needsPlan);
  return plan;
}
