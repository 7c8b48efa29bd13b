import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { findPlan, formatPrice } from '@shared/plans.ts';
import type { SubscriptionData } from '@shared/schemas/billing.ts';
import { InstructionLimit } from '../../../components/billing/InstructionLimit.tsx';
import { StatusBadge } from '../../../components/billing/StatusBadge.tsx';
import { formatDate, isLive, pendingChangeText, periodView, scheduledChangeText } from '../../../lib/subscription-view.ts';
import { Notice } from '../../../components/ui/Notice.tsx';
import { SubscriptionActions } from './SubscriptionActions.tsx';

function priceText({ planId, price, paymentInterval, managedBy }: SubscriptionData): string {
  if (price > 0 && paymentInterval) return formatPrice(price, paymentInterval);
  if (planId === 'free') return 'Free';
  return managedBy === 'operator' ? 'Arranged with our team' : '—';
}

/** What the host should know before anything else: a failed payment, an end, a change on its way. */
function Notices({ subscription }: { subscription: SubscriptionData }) {
  const { status, cancelAtPeriodEnd, currentPeriodEnd, managedBy, plan } = subscription;
  const scheduled = scheduledChangeText(subscription);
  const pending = pendingChangeText(subscription);
  const notes = [
    (status === 'past_due' || status === 'unpaid') && managedBy === 'stripe' ? (
      <Notice key="payment" tone="warning">
        Your last payment failed. Update your card under <strong>Manage billing</strong> to keep your plan.
      </Notice>
    ) : null,
    cancelAtPeriodEnd && managedBy === 'stripe' && isLive(status) && currentPeriodEnd ? (
      <Notice key="cancel">
        Your subscription is canceled. You keep {plan} until {formatDate(currentPeriodEnd)} and will not be charged again.
      </Notice>
    ) : null,
    scheduled ? <Notice key="scheduled">{scheduled}</Notice> : null,
    pending ? (
      <Notice key="pending" tone="warning">
        {pending}
      </Notice>
    ) : null,
    managedBy === 'operator' && isLive(status) ? (
      <Notice key="operator">
        {messages.billing.operatorManaged}{' '}
        <Link to="/dashboard/support" className="font-semibold underline underline-offset-2">
          Contact support
        </Link>
      </Notice>
    ) : null,
  ].filter(Boolean);
  return notes.length ? <div className="grid gap-3">{notes}</div> : null;
}

/** docs/product.md §2 Current subscription: the plan card, its status and billing period, its buttons. */
export function SubscriptionCard({ subscription }: { subscription: SubscriptionData }) {
  const period = periodView(subscription);
  const tagline = subscription.plan === 'Pro' ? 'Your plan from before our current pricing.' : findPlan(subscription.planId).tagline;

  return (
    <section aria-labelledby="plan-name" className="card grid gap-6 p-6 sm:p-8">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-sm font-semibold uppercase tracking-wider text-muted">Current plan</p>
          <h2 id="plan-name" className="mt-1 font-display text-3xl font-bold text-ink">
            {subscription.plan}
          </h2>
          <p className="mt-1 text-muted">{tagline}</p>
        </div>
        <StatusBadge subscription={subscription} />
      </div>

      <dl className="grid grid-cols-2 gap-4 border-t border-line pt-6 sm:grid-cols-3">
        <div>
          <dt className="text-sm font-medium text-muted">Price</dt>
          <dd className="mt-1 font-semibold text-ink">{priceText(subscription)}</dd>
        </div>
        <div>
          <dt className="text-sm font-medium text-muted">Guidebooks</dt>
          <dd className="mt-1 font-semibold text-ink">
            <InstructionLimit limit={subscription.instructionsNumber} />
          </dd>
        </div>
        {period ? (
          <div>
            <dt className="text-sm font-medium text-muted">{period.label}</dt>
            <dd className="mt-1 font-semibold text-ink">{period.date}</dd>
          </div>
        ) : null}
        {subscription.status !== null ? (
          // Its own row: an address does not fit a column, and breaking it mid-word reads badly.
          <div className="col-span-2 min-w-0 sm:col-span-3">
            <dt className="text-sm font-medium text-muted">Billing email</dt>
            <dd className="mt-1 font-semibold text-ink [overflow-wrap:anywhere]">{subscription.email}</dd>
          </div>
        ) : null}
      </dl>

      <Notices subscription={subscription} />
      <SubscriptionActions subscription={subscription} />
    </section>
  );
}
