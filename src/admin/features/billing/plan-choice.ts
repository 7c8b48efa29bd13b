import { messages } from '@shared/messages.ts';
import { findPlan, formatEuros, formatPrice, planChange, type BillingInterval, type PaidPlanId, type PlanId } from '@shared/plans.ts';
import type { BillingConfig, SubscriptionChangePreview, SubscriptionData } from '@shared/schemas/billing.ts';
import { formatDate, isLive } from '../../lib/subscription-view.ts';

/**
 * What each plan card of the pricing view offers (docs/product.md §2 Pricing view, §4 Subscription plan).
 * Pure, so the rules are unit-tested (tests/subscription-view.test.ts).
 */
export type PlanButton =
  /** docs/product.md §2: the current plan's button is disabled and reads "Current Plan". */
  | { kind: 'current' }
  /** Free (or canceled) → a paid plan: Stripe's checkout (docs/product.md §4). */
  | { kind: 'checkout'; priceId: string }
  /** A live subscription → another paid plan or interval: the confirmation modal (docs/product.md §4). */
  | { kind: 'change'; plan: PaidPlanId; interval: BillingInterval; priceId: string; change: 'upgrade' | 'downgrade' }
  /** The Free card while paying: going to Free is a cancellation, done on the Plan page. */
  | { kind: 'manage' }
  /** The downgrade already chosen (it starts at `at`): choosing it again would change nothing. */
  | { kind: 'scheduled'; at: string }
  /** Not possible now; `purchaseBlock` (or `reason`) says why. */
  | { kind: 'unavailable'; reason: string | null };

type SubscriptionInput = Pick<SubscriptionData, 'planId' | 'paymentInterval' | 'status' | 'cancelAtPeriodEnd' | 'managedBy' | 'scheduledChange'>;

/** Why no paid plan can be bought or changed to right now, shown once on the page; null: they can. */
export function purchaseBlock(subscription: SubscriptionInput, config: Pick<BillingConfig, 'enabled'>): string | null {
  if (!config.enabled) return messages.billing.notConfigured;
  if (!isLive(subscription.status)) return null;
  if (subscription.managedBy === 'operator') return messages.billing.operatorManaged;
  if (subscription.cancelAtPeriodEnd) return `${messages.billing.cancelScheduled} You can choose a new plan once it has ended.`;
  if (subscription.status !== 'active' && subscription.status !== 'trialing') return messages.billing.notChangeable;
  return null;
}

export function isCurrentPlan(plan: PlanId, interval: BillingInterval, subscription: SubscriptionInput): boolean {
  if (plan !== subscription.planId) return false;
  // Free has no interval; an operator's plan has none either, so it is current in both.
  return plan === 'free' || subscription.paymentInterval === null || subscription.paymentInterval === interval;
}

export function planButton(plan: PlanId, interval: BillingInterval, subscription: SubscriptionInput, config: BillingConfig): PlanButton {
  if (isCurrentPlan(plan, interval, subscription)) return { kind: 'current' };
  if (plan === 'free') return { kind: 'manage' };
  if (purchaseBlock(subscription, config) !== null) return { kind: 'unavailable', reason: null };
  const priceId = config.prices[plan][interval];
  if (!priceId) return { kind: 'unavailable', reason: `Not available with ${interval} billing.` };
  if (!isLive(subscription.status)) return { kind: 'checkout', priceId };
  const scheduled = subscription.scheduledChange;
  if (scheduled && scheduled.plan === plan && scheduled.interval === interval) return { kind: 'scheduled', at: scheduled.at };
  const from = { plan: subscription.planId, interval: subscription.paymentInterval ?? 'monthly' };
  const change = planChange(from, { plan, interval });
  // 'same' was caught as the current plan above; kept out of the type for the modal's sake.
  return change === 'same' ? { kind: 'current' } : { kind: 'change', plan, interval, priceId, change };
}

/** What the confirmation modal is about. */
export type ChangeTarget = Extract<PlanButton, { kind: 'change' }>;

/** The button's words: "Choose Gold", "Upgrade to Premium", "Switch to yearly billing". */
export function planButtonLabel(plan: PlanId, interval: BillingInterval, button: PlanButton, currentPlan: PlanId): string {
  if (button.kind === 'current') return 'Current Plan';
  if (button.kind === 'manage') return 'Manage on your Plan page';
  if (button.kind === 'scheduled') return `Starts on ${formatDate(button.at)}`;
  const name = findPlan(plan).name;
  if (button.kind !== 'change') return `Choose ${name}`;
  if (plan === currentPlan) return `Switch to ${interval} billing`;
  return `${button.change === 'upgrade' ? 'Upgrade' : 'Downgrade'} to ${name}`;
}

interface Current {
  planName: string;
  interval: BillingInterval | null;
  currentPeriodEnd: string | null;
}

/**
 * The confirmation modal's sentence (docs/product.md §4): an upgrade is charged now, prorated, and takes
 * effect at once; a downgrade costs nothing now and waits for the period end.
 */
export function changeSummary(preview: SubscriptionChangePreview, current: Current): string {
  const target = findPlan(preview.plan).name;
  const next = formatPrice(preview.nextPrice, preview.interval);
  if (preview.change === 'downgrade') {
    const until = preview.effectiveAt ?? current.currentPeriodEnd;
    const keep = until ? `You keep ${current.planName} until ${formatDate(until)}` : `You keep ${current.planName} until the end of this billing period`;
    return `${keep}, then pay ${next} for ${target}; nothing is charged now.`;
  }
  // Same interval: the billing date stays, so the next full price is due at the current period's
  // end. A new interval starts a new period today, paid by the charge now.
  const from = preview.effectiveAt ?? (preview.interval === current.interval ? current.currentPeriodEnd : null);
  const after = from ? `${next} from ${formatDate(from)}` : `${next} after that`;
  const now = preview.amountDueNow > 0 ? `You'll be charged ${formatEuros(preview.amountDueNow)} now (prorated)` : 'Nothing is charged now';
  const starts = target === current.planName ? `${preview.interval === 'yearly' ? 'Yearly' : 'Monthly'} billing starts today.` : `${target} features are yours right away.`;
  return `${now} and ${after}. ${starts}`;
}
