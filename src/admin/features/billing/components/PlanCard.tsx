import { Link } from 'react-router';
import { formatEuros, intervalPrice, type BillingInterval, type Plan } from '@shared/plans.ts';
import type { ChangeTarget, PlanButton } from '../plan-choice.ts';
import { PlanFeatures } from './PlanFeatures.tsx';
import { PlanPrice } from './PlanPrice.tsx';

interface Props {
  plan: Plan;
  interval: BillingInterval;
  button: PlanButton;
  label: string;
  onChange: (target: ChangeTarget) => void;
}

/** One plan of the pricing view, drawn like the landing page's (src/components/site/Pricing.astro). */
export function PlanCard({ plan, interval, button, label, onChange }: Props) {
  const price = intervalPrice(plan, interval);
  const primary = plan.highlighted ? 'btn-primary' : 'btn-secondary';

  return (
    <li
      className={`card relative flex flex-col p-6 sm:p-7 ${plan.highlighted ? 'border-brand-700 ring-1 ring-brand-700 dark:border-brand-400 dark:ring-brand-400' : ''} ${button.kind === 'current' ? 'bg-brand-50/40' : ''}`}
    >
      {plan.highlighted ? (
        <p className="absolute -top-3.5 left-6 rounded-full bg-brand-700 px-3 py-1 text-xs font-bold uppercase tracking-wider text-white sm:left-7">Most popular</p>
      ) : null}
      <h2 className="font-display text-xl font-bold text-ink">
        {plan.name}
      </h2>
      <p className="mt-1.5 text-sm text-muted">{plan.tagline}</p>

      <div className="mt-6 min-h-[4.75rem]">
        <PlanPrice price={price} size="lg" />
        <p className="mt-2 text-sm text-muted">
          {plan.monthlyCents === 0
            ? 'Free forever, no card needed'
            : interval === 'yearly'
              ? `${formatEuros(price.perMonthCents)}/month billed yearly · save ${formatEuros(price.savedCents)}`
              : 'Billed monthly, cancel anytime'}
        </p>
      </div>

      <PlanFeatures features={plan.features} className="mt-6 flex-1 content-start gap-3 pt-6" itemClassName="gap-3" />

      <div className="mt-8">
        {button.kind === 'checkout' ? (
          // A full page load on purpose: the checkout page is served with its own CSP (Stripe allowed),
          // which a client-side navigation would not pick up (src/admin/shell/checkout-csp.ts).
          <a href={`/dashboard/checkout?product=${encodeURIComponent(button.priceId)}`} className={`${primary} w-full py-3`}>
            {label}
          </a>
        ) : button.kind === 'change' ? (
          <button type="button" className={`${primary} w-full py-3`} onClick={() => onChange(button)}>
            {label}
          </button>
        ) : button.kind === 'manage' ? (
          <Link to="/dashboard/currentSubscription" className="btn-ghost w-full py-3 underline underline-offset-4">
            {label}
          </Link>
        ) : (
          <button type="button" className="btn-secondary w-full py-3" disabled>
            {label}
          </button>
        )}
        {button.kind === 'unavailable' && button.reason ? <p className="mt-2 text-center text-sm text-muted">{button.reason}</p> : null}
      </div>
    </li>
  );
}
