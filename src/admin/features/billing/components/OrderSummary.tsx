import { Lock } from 'lucide-react';
import { findPlan, formatEuros, formatPrice, intervalPrice, type BillingInterval, type PaidPlanId } from '@shared/plans.ts';
import { PlanFeatures } from './PlanFeatures.tsx';
import { PlanPrice } from './PlanPrice.tsx';

/** What the host is about to buy, beside Stripe's form: plan, price per interval, features. */
export function OrderSummary({ plan: planId, interval }: { plan: PaidPlanId; interval: BillingInterval }) {
  const plan = findPlan(planId);
  const price = intervalPrice(plan, interval);

  return (
    <section aria-labelledby="order-title" className="card p-6">
      <h2 id="order-title" className="text-sm font-semibold uppercase tracking-wider text-muted">
        Your order
      </h2>
      <p className="mt-3 font-display text-2xl font-bold text-ink">{plan.name}</p>
      <p className="mt-1 text-sm text-muted">{plan.tagline}</p>
      <PlanPrice price={price} size="md" className="mt-4" />
      <p className="mt-1 text-sm text-muted">
        {interval === 'yearly' ? `Billed yearly (${formatPrice(price.perMonthCents, 'monthly')}) · you save ${formatEuros(price.savedCents)}` : 'Billed monthly'}. Cancel anytime.
      </p>
      <PlanFeatures features={plan.features} className="mt-5 gap-2.5 pt-5" itemClassName="gap-2.5" />
      <p className="mt-5 flex items-center gap-2 border-t border-line pt-4 text-xs text-muted">
        <Lock className="size-3.5 shrink-0" aria-hidden="true" />
        Secure payment by Stripe. We never see your card number.
      </p>
    </section>
  );
}
