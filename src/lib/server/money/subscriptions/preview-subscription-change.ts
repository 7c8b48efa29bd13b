import { findPlan, planPriceCents, type BillingInterval } from '@shared/plans.ts';
import type { SubscriptionChangePreview } from '@shared/schemas/billing.ts';
import type { TeamScope } from '../../account/team-access.ts';
import { resolveChange } from './change-subscription-price.ts';
import type { LiveSubscription } from './live-subscription.ts';
import { requireBilling } from './require-billing.ts';
import { withStripe } from './stripe-errors.ts';

/**
 * POST /api/preview-subscription-change: what the confirmation modal shows before a change.
 * An upgrade's charge now is Stripe's own invoice preview of the same update
 * (proration included); a downgrade costs nothing now and takes effect at the period end.
 */
export async function previewSubscriptionChange({ access, priceId }: { access: TeamScope; priceId: string }): Promise<SubscriptionChangePreview> {
  const billing = await requireBilling();
  return withStripe('preview subscription change', async () => {
    const { live, target, change } = await resolveChange(billing, access.teamId, priceId);
    const nextPrice = planPriceCents(findPlan(target.plan), target.interval);
    const periodEnd = new Date(live.item.current_period_end * 1000).toISOString();
    if (change === 'downgrade') return { change, ...target, amountDueNow: 0, nextPrice, effectiveAt: periodEnd };
    const invoice = await billing.stripe.invoices.createPreview({
      customer: live.customerId,
      subscription: live.subscription.id,
      subscription_details: {
        items: [{ id: live.item.id, price: priceId }],
        proration_behavior: 'always_invoice',
        proration_date: Math.floor(Date.now() / 1000),
      },
    });
    return { change, ...target, amountDueNow: invoice.amount_due, nextPrice, effectiveAt: nextFullCharge(live, target.interval) };
  });
}

/**
 * When the new price is first charged in full after an upgrade: the current period's end when the
 * interval stays, else one new interval from now (a change of interval restarts the billing cycle).
 */
function nextFullCharge(live: LiveSubscription, interval: BillingInterval): string {
  if (live.current?.interval === interval) return new Date(live.item.current_period_end * 1000).toISOString();
  const next = new Date();
  if (interval === 'yearly') next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  return next.toISOString();
}
