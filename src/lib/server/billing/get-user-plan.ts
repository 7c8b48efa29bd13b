import { getRuntime } from '../runtime.ts';

/** Kept apart from src/lib/shared/plans.ts on purpose: that module describes prices, this the account. */
export type UserPlan = 'free' | 'gold' | 'premium';

const PLANS: ReadonlySet<string> = new Set<UserPlan>(['free', 'gold', 'premium']);

/**
 * The one place that says which plan a user is on (GET /api/users/me and every plan check).
 * Until billing lands this reads the stored column, 'free' by default; the billing issue replaces
 * the body (subscription status, period end) without changing the signature.
 */
export async function getUserPlan(userId: string): Promise<UserPlan> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('users').select('plan').where('id', '=', userId).executeTakeFirst();
  return row && PLANS.has(row.plan) ? (row.plan as UserPlan) : 'free';
}
