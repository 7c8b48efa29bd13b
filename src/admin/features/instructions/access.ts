import type { PlanId } from '@shared/plans.ts';
import { ApiError } from '@shared/api-client.ts';

/**
 * docs/product.md §4 "Instruction access", §5: without a paid plan, only the free guidebooks can be edited,
 * duplicated, re-coded or given a new link. The server enforces the same rule (403); here it only
 * decides what is offered.
 */
export function isLocked(plan: PlanId, instruction: { isFree: boolean }): boolean {
  return plan === 'free' && !instruction.isFree;
}

/** docs/product.md §5: the free usage bar and the out-of-free message are for plans other than Gold and Premium. */
export function showsFreeUsage(plan: PlanId): boolean {
  return plan !== 'gold' && plan !== 'premium';
}

/**
 * The "Free" badge marks the guidebooks a host without a plan may edit; on Gold or Premium every
 * guidebook is editable, so the badge would only say which plan a guidebook was made on.
 */
export function showsFreeBadge(plan: PlanId, instruction: { isFree: boolean }): boolean {
  return showsFreeUsage(plan) && instruction.isFree;
}

/**
 * The server's own words for a refused call (docs/product.md §8 "the server's message"), else `fallback`:
 * a crash (5xx) or an answer without a message gets the screen's own text.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError) || error.status >= 500) return fallback;
  return error.serverMessage ?? fallback;
}

/** Why a locked action is unavailable; tied to each locked control by aria-describedby. */
export const LOCKED_EXPLANATION = 'This guidebook was made on a paid plan. Subscribe to a plan to edit, duplicate, re-code or relink it.';
