import { Check, Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { findPlan, type PlanId } from '../../../../lib/shared/plans.ts';

/** SPEC §2 Profile: the plan the server says the user is on, and the way to a better one. */
export function CurrentPlanCard({ planId, loading }: { planId: PlanId; loading: boolean }) {
  const plan = findPlan(planId);
  return (
    <section aria-labelledby="current-plan-title" className="card flex h-fit flex-col gap-4 p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="current-plan-title" className="font-display text-lg font-bold text-ink">
          Current Plan
        </h2>
        <Sparkles className="size-5 text-brand-600 dark:text-brand-300" aria-hidden="true" />
      </div>
      <div aria-busy={loading}>
        <p className="font-display text-3xl font-bold text-ink">{loading ? '…' : plan.name}</p>
        <p className="mt-1 text-sm text-muted">{plan.tagline}</p>
      </div>
      <ul className="grid gap-2 text-sm text-ink">
        {plan.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-brand-600 dark:text-brand-300" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-1 flex flex-wrap gap-2">
        <Link to="/dashboard/upgradePlan" className="btn-primary">
          {planId === 'premium' ? 'See plans' : 'Upgrade plan'}
        </Link>
        <Link to="/dashboard/currentSubscription" className="btn-secondary">
          Manage
        </Link>
      </div>
    </section>
  );
}
