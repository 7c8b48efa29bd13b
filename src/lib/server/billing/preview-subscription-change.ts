import { findPlan, planPriceCents } from '../../shared/plans.ts';
import type { SubscriptionChangePreview } from '../../shared/schemas/billing.ts';
import { resolveChange } from './change-subscription-price.ts';
import { requireBilling } from './require-billing.ts';
import { withStripe } from './stripe-errors.ts';

/**
 * POST /api/preview-subscription-change: what the confirmation modal shows before a change
 * (issue item 6). An upgrade's charge now is Stripe's own invoice preview of the same update
 * (proration included); a downgrade costs nothing now and takes effect at the period end.
 */
export async function previewSubscriptionChange({ userId, priceId }: { userId: string; priceId: string }): Promise<SubscriptionChangePreview> {
  const billing = await requireBilling();
  return withStripe('preview subscription change', async () => {
    const { live, target, change } = await resolveChange(billing, userId, priceId);
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
    return { change, ...target, amountDueNow: invoice.amount_due, nextPrice, effectiveAt: null };
  });
}
