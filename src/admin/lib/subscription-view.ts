import { findPlan, formatPrice } from '@shared/plans.ts';
import { LIVE_STATUSES, type SubscriptionData, type SubscriptionStatus } from '@shared/schemas/billing.ts';

/**
 * How a subscription is shown (docs/product.md §2 Current subscription, §3, §4): the badge, the period line,
 * the buttons and the notes about changes. Pure, so the rules are unit-tested
 * (tests/subscription-view.test.ts); the profile's card and the Plan page draw from the same rules.
 */

export type BadgeTone = 'good' | 'bad' | 'neutral';

export interface StatusBadgeView {
  label: string;
  tone: BadgeTone;
}

const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  active: 'Active',
  trialing: 'Trial',
  // docs/product.md §3: past_due is shown as "payment failed".
  past_due: 'Payment failed',
  unpaid: 'Unpaid',
  canceled: 'Canceled',
  incomplete: 'Payment incomplete',
  incomplete_expired: 'Expired',
  paused: 'Paused',
};

/** A subscription the customer still has: it can be changed or canceled (docs/product.md §4). */
export function isLive(status: SubscriptionStatus | null): boolean {
  return status !== null && LIVE_STATUSES.includes(status);
}

type BadgeInput = Pick<SubscriptionData, 'status' | 'cancelAtPeriodEnd' | 'managedBy'>;

/** docs/product.md §2: green when active, red otherwise; never subscribed is neither. */
export function statusBadge({ status, cancelAtPeriodEnd, managedBy }: BadgeInput): StatusBadgeView {
  if (status === null) return { label: 'No subscription', tone: 'neutral' };
  // docs/product.md §3: cancelAtPeriodEnd reads "cancellation scheduled". An operator's end date is no
  // cancellation: that plan simply runs until then (the period line says so).
  if (cancelAtPeriodEnd && managedBy !== 'operator' && isLive(status)) return { label: 'Cancellation scheduled', tone: 'bad' };
  return { label: STATUS_LABELS[status] ?? status, tone: status === 'active' ? 'good' : 'bad' };
}

const DATE_FORMAT = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'long', year: 'numeric' });

/** "1 January 2027", in the viewer's time zone. */
export function formatDate(iso: string): string {
  return DATE_FORMAT.format(new Date(iso));
}

export interface PeriodView {
  label: 'Renews on' | 'Ends on' | 'Ended on' | 'Current period ends';
  date: string;
}

type PeriodInput = Pick<SubscriptionData, 'status' | 'cancelAtPeriodEnd' | 'currentPeriodEnd' | 'scheduledChange'>;

/** When the plan renews or ends; null when there is nothing to say (Free, never subscribed). */
export function periodView({ status, cancelAtPeriodEnd, currentPeriodEnd, scheduledChange }: PeriodInput): PeriodView | null {
  if (!currentPeriodEnd) return null;
  const date = formatDate(currentPeriodEnd);
  if (status === 'canceled') return { label: 'Ended on', date };
  if (!isLive(status)) return null;
  // docs/product.md §4: a canceled plan stays until the end of the billing period.
  if (cancelAtPeriodEnd) return { label: 'Ends on', date };
  // A scheduled downgrade renews as another plan (its own note says which).
  if ((status === 'active' || status === 'trialing') && !scheduledChange) return { label: 'Renews on', date };
  // past_due, unpaid: Stripe is still trying the card; promising a renewal would be wrong.
  return { label: 'Current period ends', date };
}

export interface SubscriptionActions {
  /** docs/product.md §4: "Cancel Subscription" on Pro, "Cancel subscription" elsewhere; null: not offered. */
  cancelLabel: 'Cancel Subscription' | 'Cancel subscription' | null;
  /** The way to the pricing view; null when there is none to offer. */
  upgradeLabel: 'Upgrade' | 'Change plan' | null;
  /** Stripe's Customer Portal (card, invoices): for subscriptions Stripe manages. */
  manageBilling: boolean;
}

/** docs/product.md §4: cancel is offered only in these statuses, and only once. */
const CANCELLABLE: readonly SubscriptionStatus[] = ['active', 'past_due', 'unpaid'];

type ActionsInput = Pick<SubscriptionData, 'plan' | 'planId' | 'status' | 'cancelAtPeriodEnd' | 'managedBy'>;

export function subscriptionActions({ plan, planId, status, cancelAtPeriodEnd, managedBy }: ActionsInput): SubscriptionActions {
  const byStripe = managedBy === 'stripe';
  // An operator's plan is changed by the operator (messages.billing.operatorManaged), not here.
  const cancellable = byStripe && status !== null && CANCELLABLE.includes(status) && !cancelAtPeriodEnd;
  // docs/product.md §4: plan Pro shows "Cancel Subscription" and no Upgrade.
  if (plan === 'Pro') return { cancelLabel: cancellable ? 'Cancel Subscription' : null, upgradeLabel: null, manageBilling: byStripe };
  const operatorPlan = managedBy === 'operator' && isLive(status);
  return {
    // docs/product.md §4: non-Free, non-canceled plans also show "Cancel subscription". "Non-Free" is read as
    // "has a subscription": an unpaid one shows as Free here (its features are off) yet is still
    // billed, and a live subscription blocks a new checkout, so it must stay cancellable.
    cancelLabel: cancellable ? 'Cancel subscription' : null,
    // Nothing is above Premium: its way to the pricing view is a change (interval, downgrade).
    upgradeLabel: operatorPlan ? null : planId === 'premium' ? 'Change plan' : 'Upgrade',
    manageBilling: byStripe,
  };
}

/** A downgrade waiting for the period end: "Changes to Gold, monthly, on 1 March 2026 (€5/month)". */
export function scheduledChangeText({ scheduledChange }: Pick<SubscriptionData, 'scheduledChange'>): string | null {
  if (!scheduledChange) return null;
  const { plan, interval, price, at } = scheduledChange;
  return `Changes to ${findPlan(plan).name}, ${interval}, on ${formatDate(at)} (${formatPrice(price, interval)}).`;
}

/** An upgrade Stripe holds until its invoice is paid: it is not in effect yet. */
export function pendingChangeText({ pendingChange }: Pick<SubscriptionData, 'pendingChange'>): string | null {
  if (!pendingChange) return null;
  const { plan, interval, expiresAt } = pendingChange;
  const deadline = expiresAt ? ` If it is not paid by ${formatDate(expiresAt)}, the upgrade is dropped.` : '';
  return `Your upgrade to ${findPlan(plan).name}, ${interval}, is waiting for its payment and starts once it is paid.${deadline}`;
}
