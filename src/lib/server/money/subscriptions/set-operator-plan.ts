import { isLiveStatus } from '@shared/schemas/billing.ts';
import type { PlanId } from '@shared/plans.ts';
import { ownedTeamOf } from '../../account/person-teams.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { applySubscriptionState, type SubscriptionState } from './apply-subscription-state.ts';

export class OperatorPlanError extends Error {
  override name = 'OperatorPlanError';
}

/**
 * `npm run admin -- plan set <email> free|gold|premium [--until YYYY-MM-DD]`: an
 * operator's plan, for servers without Stripe or for a goodwill gesture. It goes through the same
 * write as a Stripe sync (applySubscriptionState), so limits, locks and guest pages follow it;
 * `until` ends it like a cancellation at period end. The plan is the team's that the address owns
 * (docs/decisions/028-teams.md §8). A team paying through Stripe is left alone: its plan is
 * Stripe's to say.
 */
export async function setOperatorPlan({ email, plan, until }: { email: string; plan: PlanId; until: number | null }): Promise<{ teamId: string; planChanged: boolean }> {
  const { db } = await getRuntime();
  const user = await db.selectFrom('users').select('id').where('email', '=', email.trim().toLowerCase()).executeTakeFirst();
  if (!user) throw new OperatorPlanError(`no user with the e-mail address ${email}`);
  const teamId = await ownedTeamOf(db, user.id);
  if (!teamId) throw new OperatorPlanError(`${email} owns no team`);
  const current = await db.selectFrom('subscriptions').select(['source', 'status', 'stripe_subscription_id']).where('team_id', '=', teamId).executeTakeFirst();
  if (current?.source === 'stripe' && isLiveStatus(current.status)) {
    throw new OperatorPlanError(`${email} pays through Stripe (subscription ${current.stripe_subscription_id}, ${current.status}); change or cancel it in Stripe instead`);
  }
  if (until !== null && until <= Date.now()) throw new OperatorPlanError('--until must be a date in the future');
  const state: SubscriptionState | null =
    plan === 'free'
      ? null
      : {
          source: 'operator',
          stripe_subscription_id: null,
          stripe_customer_id: null,
          price_id: null,
          plan,
          payment_interval: null,
          price_cents: 0,
          status: 'active',
          current_period_end: until,
          cancel_at_period_end: until === null ? 0 : 1,
          next_plan: null,
          next_interval: null,
          pending_plan: null,
          pending_interval: null,
          pending_expires_at: null,
        };
  const outcome = await applySubscriptionState({ teamId, source: 'operator', state });
  return { teamId, planChanged: outcome.planChanged };
}
