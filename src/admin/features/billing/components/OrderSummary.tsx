import { Check, Lock } from 'lucide-react';
import { findPlan, formatEuros, formatPrice, planPriceCents, type BillingInterval, type PaidPlanId } from '../../../../lib/shared/plans.ts';

/** What the host is about to buy, beside Stripe's form: plan, price per interval, features. */
export function OrderSummary({ plan: planId, interval }: { plan: PaidPlanId; interval: BillingInterval }) {
  const plan = findPlan(planId);
  const price = planPriceCents(plan, interval);
  const saved = plan.monthlyCents * 12 - price;

  return (
    <section aria-labelledby="order-title" className="card p-6">
      <h2 id="order-title" className="text-sm font-semibold uppercase tracking-wider text-muted">
        Your order
      </h2>
      <p className="mt-3 font-display text-2xl font-bold text-ink">{plan.name}</p>
      <p className="mt-1 text-sm text-muted">{plan.tagline}</p>
      <p className="mt-4">
        <span className="font-display text-3xl font-bold tracking-tight text-ink">{formatEuros(price)}</span>
        <span className="text-sm font-medium text-muted">/{interval === 'yearly' ? 'year' : 'month'}</span>
      </p>
      <p className="mt-1 text-sm text-muted">
        {interval === 'yearly' ? `Billed yearly (${formatPrice(Math.round(price / 12), 'monthly')}) · you save ${formatEuros(saved)}` : 'Billed monthly'}. Cancel anytime.
      </p>
      <ul className="mt-5 grid gap-2.5 border-t border-line pt-5 text-sm text-ink">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2.5">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-700 dark:text-brand-300" strokeWidth={3} aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <p className="mt-5 flex items-center gap-2 border-t border-line pt-4 text-xs text-muted">
        <Lock className="size-3.5 shrink-0" aria-hidden="true" />
        Secure payment by Stripe. We never see your card number.
      </p>
    </section>
  );
}
