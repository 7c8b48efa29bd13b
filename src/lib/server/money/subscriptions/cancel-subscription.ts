import { messages } from '@shared/messages.ts';
import type { TeamScope } from '../../account/team-access.ts';
import { AppError } from '../../http/app-error.ts';
import { findLiveSubscription, releaseSchedule } from './live-subscription.ts';
import { requireBilling } from './require-billing.ts';
import { withStripe } from './stripe-errors.ts';
import { syncSubscription } from './sync-subscription.ts';

/**
 * POST /api/cancel-subscription (docs/product.md §4): the subscription ends at the close of the period paid
 * for, with no further charge; the plan's features stay until then. Offered while active,
 * past_due or unpaid and not already scheduled; a pending downgrade is dropped first.
 */
export async function cancelSubscription({ access }: { access: TeamScope }): Promise<{ message: string }> {
  const billing = await requireBilling();
  return withStripe('cancel subscription', async () => {
    const { subscription, customerId } = await findLiveSubscription(billing, access.teamId);
    if (subscription.cancel_at_period_end || subscription.cancel_at) throw new AppError('CONFLICT', messages.billing.cancelScheduled);
    await releaseSchedule(billing, subscription);
    await billing.stripe.subscriptions.update(subscription.id, { cancel_at_period_end: true }, { idempotencyKey: `cancel:${subscription.id}` });
    await syncSubscription(customerId);
    return { message: messages.subscription.canceled };
  });
}
