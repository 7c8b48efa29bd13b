import { Sparkles } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { findPlan, formatPrice } from '@shared/plans.ts';
import type { SubscriptionData } from '@shared/schemas/billing.ts';
import { InstructionLimit } from '../../../components/billing/InstructionLimit.tsx';
import { StatusBadge } from '../../../components/billing/StatusBadge.tsx';
import { errorMessage } from '@shared/api-client.ts';
import { useSubscription } from '../../../lib/subscription.ts';
import { periodView } from '../../../lib/subscription-view.ts';
import { LoadError } from '../../../components/ui/LoadError.tsx';

/** docs/product.md §2 Profile: the plan the server says the host is on, and the ways to change it. */
export function CurrentPlanCard() {
  const subscription = useSubscription();
  const data = subscription.data;

  return (
    <section aria-labelledby="current-plan-title" className="card flex h-fit flex-col gap-4 p-6">
      <div className="flex items-center justify-between gap-3">
        <h2 id="current-plan-title" className="font-display text-lg font-bold text-ink">
          Current Plan
        </h2>
        <Sparkles className="size-5 text-brand-600 dark:text-brand-300" aria-hidden="true" />
      </div>

      {subscription.isError ? (
        <LoadError variant="inline" message={errorMessage(subscription.error, messages.checkout.returnError)} onRetry={() => void subscription.refetch()} />
      ) : !data ? (
        <div className="grid gap-3" aria-busy="true" aria-label="Loading your plan">
          <div className="h-9 w-32 animate-pulse rounded-lg bg-line motion-reduce:animate-none" />
          <div className="h-4 w-full animate-pulse rounded bg-line motion-reduce:animate-none" />
          <div className="h-16 w-full animate-pulse rounded-xl bg-line motion-reduce:animate-none" />
        </div>
      ) : (
        <PlanDetails data={data} />
      )}
    </section>
  );
}

function PlanDetails({ data }: { data: SubscriptionData }) {
  const period = periodView(data);
  const top = data.planId === 'premium' || data.plan === 'Pro';
  return (
    <>
      <div>
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="font-display text-3xl font-bold text-ink">{data.plan}</p>
          <StatusBadge subscription={data} />
        </div>
        <p className="mt-1 text-sm text-muted">
          {data.price > 0 && data.paymentInterval ? `${formatPrice(data.price, data.paymentInterval)} · ` : ''}
          {data.plan === 'Pro' ? 'Your plan from before our current pricing.' : findPlan(data.planId).tagline}
        </p>
      </div>
      <dl className="grid gap-2 rounded-xl bg-canvas p-4 text-sm">
        <div className="flex items-center justify-between gap-3">
          <dt className="text-muted">Guidebooks</dt>
          <dd className="font-semibold text-ink">
            <InstructionLimit limit={data.instructionsNumber} />
          </dd>
        </div>
        {period ? (
          <div className="flex items-center justify-between gap-3">
            <dt className="text-muted">{period.label}</dt>
            <dd className="text-right font-semibold text-ink">{period.date}</dd>
          </div>
        ) : null}
      </dl>
      <div className="flex flex-wrap gap-2">
        <Link to="/dashboard/upgradePlan" className="btn-primary">
          {top ? 'See plans' : 'Upgrade plan'}
        </Link>
        <Link to="/dashboard/currentSubscription" className="btn-secondary">
          Manage
        </Link>
      </div>
    </>
  );
}
