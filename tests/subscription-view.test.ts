// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { describe, expect, it } from 'vitest';
import { changeSummary, planButton, planButtonLabel, purchaseBlock } from '../src/admin/features/billing/plan-choice.ts';
import { pendingChangeText, periodView, scheduledChangeText, statusBadge, subscriptionActions } from '../src/admin/lib/subscription-view.ts';
import { messages } from '../src/lib/shared/messages.ts';
import { UNLIMITED_INSTRUCTIONS } from '../src/lib/shared/plans.ts';
import type { BillingConfig, SubscriptionData } from '../src/lib/shared/schemas/billing.ts';

/** The dashboard's billing display rules (docs/product.md §2, §3, §4), pure: no server, no DOM. */

// Mid-day UTC, so the date reads the same in any time zone the tests run in.
const PERIOD_END = '2027-01-15T12:00:00.000Z';

const FREE: SubscriptionData = {
  plan: 'Free',
  planId: 'free',
  instructionsNumber: 3,
  price: 0,
  paymentInterval: null,
  currentPeriodEnd: null,
  status: null,
  cancelAtPeriodEnd: false,
  email: 'host@example.com',
  scheduledChange: null,
  pendingChange: null,
  managedBy: null,
};

const GOLD: SubscriptionData = {
  ...FREE,
  plan: 'Gold',
  planId: 'gold',
  instructionsNumber: UNLIMITED_INSTRUCTIONS,
  price: 500,
  paymentInterval: 'monthly',
  currentPeriodEnd: PERIOD_END,
  status: 'active',
  managedBy: 'stripe',
};

const PREMIUM: SubscriptionData = { ...GOLD, plan: 'Premium', planId: 'premium', price: 1000 };

const CONFIG: BillingConfig = {
  enabled: true,
  publishableKey: 'pk_test_x',
  prices: { gold: { monthly: 'price_gm', yearly: 'price_gy' }, premium: { monthly: 'price_pm', yearly: 'price_py' } },
};

describe('statusBadge', () => {
  it('is green only when active (docs/product.md §2) and says so in words', () => {
    expect(statusBadge(GOLD)).toEqual({ label: 'Active', tone: 'good' });
    expect(statusBadge({ ...GOLD, status: 'unpaid' })).toEqual({ label: 'Unpaid', tone: 'bad' });
    expect(statusBadge({ ...FREE, status: 'canceled' })).toEqual({ label: 'Canceled', tone: 'bad' });
  });

  it('shows past_due as "payment failed" and a scheduled cancellation as such (docs/product.md §3)', () => {
    expect(statusBadge({ ...GOLD, status: 'past_due' })).toEqual({ label: 'Payment failed', tone: 'bad' });
    expect(statusBadge({ ...GOLD, cancelAtPeriodEnd: true })).toEqual({ label: 'Cancellation scheduled', tone: 'bad' });
  });

  it('does not call an operator plan with an end date a cancellation', () => {
    expect(statusBadge({ ...GOLD, managedBy: 'operator', cancelAtPeriodEnd: true })).toEqual({ label: 'Active', tone: 'good' });
  });

  it('is neutral for a host who never subscribed', () => {
    expect(statusBadge(FREE).tone).toBe('neutral');
  });
});

describe('periodView', () => {
  it('says when the plan renews, ends or ended', () => {
    expect(periodView(GOLD)).toEqual({ label: 'Renews on', date: '15 January 2027' });
    expect(periodView({ ...GOLD, cancelAtPeriodEnd: true })).toEqual({ label: 'Ends on', date: '15 January 2027' });
    expect(periodView({ ...FREE, status: 'canceled', currentPeriodEnd: PERIOD_END })).toEqual({ label: 'Ended on', date: '15 January 2027' });
    expect(periodView({ ...GOLD, status: 'past_due' })?.label).toBe('Current period ends');
    // A scheduled downgrade renews as another plan: no "Renews on" for this one.
    expect(periodView({ ...GOLD, scheduledChange: { plan: 'gold', interval: 'monthly', price: 500, at: PERIOD_END } })?.label).toBe('Current period ends');
    expect(periodView(FREE)).toBeNull();
  });
});

describe('subscriptionActions (docs/product.md §4)', () => {
  it('offers Upgrade only to a Free host', () => {
    expect(subscriptionActions(FREE)).toEqual({ cancelLabel: null, upgradeLabel: 'Upgrade', manageBilling: false });
  });

  it('offers Upgrade and "Cancel subscription" on a live paid plan, plus the billing portal', () => {
    expect(subscriptionActions(GOLD)).toEqual({ cancelLabel: 'Cancel subscription', upgradeLabel: 'Upgrade', manageBilling: true });
    expect(subscriptionActions(PREMIUM).upgradeLabel).toBe('Change plan');
  });

  it('offers cancel only while active, past_due or unpaid and not already scheduled', () => {
    expect(subscriptionActions({ ...GOLD, status: 'past_due' }).cancelLabel).toBe('Cancel subscription');
    // Unpaid shows as Free (features off) but is still a subscription Stripe bills: cancellable.
    expect(subscriptionActions({ ...GOLD, status: 'unpaid', plan: 'Free', planId: 'free' }).cancelLabel).toBe('Cancel subscription');
    expect(subscriptionActions({ ...GOLD, status: 'trialing' }).cancelLabel).toBeNull();
    expect(subscriptionActions({ ...GOLD, cancelAtPeriodEnd: true }).cancelLabel).toBeNull();
    expect(subscriptionActions({ ...FREE, status: 'canceled', managedBy: 'stripe' })).toEqual({ cancelLabel: null, upgradeLabel: 'Upgrade', manageBilling: true });
  });

  it('shows "Cancel Subscription" and no Upgrade on plan Pro', () => {
    expect(subscriptionActions({ ...GOLD, plan: 'Pro' })).toEqual({ cancelLabel: 'Cancel Subscription', upgradeLabel: null, manageBilling: true });
  });

  it('leaves an operator-managed plan to the operator: no cancel, no portal, no upgrade', () => {
    expect(subscriptionActions({ ...PREMIUM, managedBy: 'operator' })).toEqual({ cancelLabel: null, upgradeLabel: null, manageBilling: false });
  });
});

describe('change notes', () => {
  it('describes a scheduled downgrade and a pending upgrade', () => {
    expect(scheduledChangeText({ scheduledChange: { plan: 'gold', interval: 'monthly', price: 500, at: PERIOD_END } })).toBe(
      'Changes to Gold, monthly, on 15 January 2027 (€5/month).',
    );
    expect(pendingChangeText({ pendingChange: { plan: 'premium', interval: 'yearly', expiresAt: null } })).toMatch(/^Your upgrade to Premium, yearly, is waiting for its payment/);
    expect(scheduledChangeText(FREE)).toBeNull();
  });
});

describe('pricing view: purchaseBlock and planButton', () => {
  it('sends a Free host to checkout with the price of the chosen plan and interval', () => {
    expect(planButton('free', 'monthly', FREE, CONFIG)).toEqual({ kind: 'current' });
    expect(planButton('gold', 'yearly', FREE, CONFIG)).toEqual({ kind: 'checkout', priceId: 'price_gy' });
    expect(planButton('premium', 'monthly', { ...FREE, status: 'canceled' }, CONFIG)).toEqual({ kind: 'checkout', priceId: 'price_pm' });
  });

  it('marks the current plan and interval, and turns the others into confirmed changes', () => {
    expect(planButton('gold', 'monthly', GOLD, CONFIG)).toEqual({ kind: 'current' });
    expect(planButton('premium', 'monthly', GOLD, CONFIG)).toEqual({ kind: 'change', plan: 'premium', interval: 'monthly', priceId: 'price_pm', change: 'upgrade' });
    expect(planButton('gold', 'yearly', GOLD, CONFIG)).toMatchObject({ kind: 'change', change: 'upgrade' });
    expect(planButton('gold', 'monthly', PREMIUM, CONFIG)).toMatchObject({ kind: 'change', change: 'downgrade' });
    expect(planButton('free', 'monthly', GOLD, CONFIG)).toEqual({ kind: 'manage' });
  });

  it('labels the buttons', () => {
    expect(planButtonLabel('gold', 'monthly', { kind: 'current' }, 'gold')).toBe('Current Plan');
    expect(planButtonLabel('gold', 'monthly', { kind: 'checkout', priceId: 'price_gm' }, 'free')).toBe('Choose Gold');
    expect(planButtonLabel('premium', 'monthly', planButton('premium', 'monthly', GOLD, CONFIG), 'gold')).toBe('Upgrade to Premium');
    expect(planButtonLabel('gold', 'yearly', planButton('gold', 'yearly', GOLD, CONFIG), 'gold')).toBe('Switch to yearly billing');
    expect(planButtonLabel('gold', 'monthly', planButton('gold', 'monthly', PREMIUM, CONFIG), 'premium')).toBe('Downgrade to Gold');
  });

  it('disables purchases, with one reason, when they cannot happen', () => {
    const off = { ...CONFIG, enabled: false };
    expect(purchaseBlock(FREE, off)).toBe(messages.billing.notConfigured);
    expect(planButton('gold', 'monthly', FREE, off)).toEqual({ kind: 'unavailable', reason: null });
    expect(purchaseBlock({ ...GOLD, managedBy: 'operator' }, CONFIG)).toBe(messages.billing.operatorManaged);
    expect(purchaseBlock({ ...GOLD, cancelAtPeriodEnd: true }, CONFIG)).toContain(messages.billing.cancelScheduled);
    expect(purchaseBlock({ ...GOLD, status: 'past_due' }, CONFIG)).toBe(messages.billing.notChangeable);
    expect(purchaseBlock(GOLD, CONFIG)).toBeNull();
    expect(purchaseBlock({ ...FREE, status: 'canceled' }, CONFIG)).toBeNull();
  });

  it('keeps an operator plan current in both intervals', () => {
    const operator = { ...GOLD, managedBy: 'operator' as const, paymentInterval: null, price: 0 };
    expect(planButton('gold', 'yearly', operator, CONFIG)).toEqual({ kind: 'current' });
    expect(planButton('premium', 'yearly', operator, CONFIG)).toEqual({ kind: 'unavailable', reason: null });
  });

  it('does not offer the downgrade already scheduled again', () => {
    const scheduled = { ...PREMIUM, scheduledChange: { plan: 'gold' as const, interval: 'monthly' as const, price: 500, at: PERIOD_END } };
    expect(planButton('gold', 'monthly', scheduled, CONFIG)).toEqual({ kind: 'scheduled', at: PERIOD_END });
    expect(planButtonLabel('gold', 'monthly', { kind: 'scheduled', at: PERIOD_END }, 'premium')).toBe('Starts on 15 January 2027');
    expect(planButton('gold', 'yearly', scheduled, CONFIG)).toMatchObject({ kind: 'change', change: 'downgrade' });
  });

  it('says when a price is not configured for an interval', () => {
    const partial = { ...CONFIG, prices: { ...CONFIG.prices, premium: { monthly: 'price_pm', yearly: null } } };
    expect(planButton('premium', 'yearly', FREE, partial)).toEqual({ kind: 'unavailable', reason: 'Not available with yearly billing.' });
  });
});

describe('changeSummary (the confirmation modal)', () => {
  const current = { planName: 'Gold', interval: 'monthly' as const, currentPeriodEnd: PERIOD_END };

  it('states the prorated charge now and the next price for an upgrade', () => {
    const text = changeSummary({ change: 'upgrade', plan: 'premium', interval: 'monthly', amountDueNow: 250, nextPrice: 1000, effectiveAt: null }, current);
    expect(text).toBe("You'll be charged €2.50 now (prorated) and €10/month from 15 January 2027. Premium features are yours right away.");
  });

  it('does not invent a date when the interval changes', () => {
    const text = changeSummary({ change: 'upgrade', plan: 'gold', interval: 'yearly', amountDueNow: 4600, nextPrice: 4800, effectiveAt: null }, current);
    expect(text).toBe("You'll be charged €46 now (prorated) and €48/year after that. Yearly billing starts today.");
  });

  it('keeps the current plan until the period end for a downgrade, charging nothing now', () => {
    const text = changeSummary(
      { change: 'downgrade', plan: 'gold', interval: 'monthly', amountDueNow: 0, nextPrice: 500, effectiveAt: PERIOD_END },
      { ...current, planName: 'Premium' },
    );
    expect(text).toBe('You keep Premium until 15 January 2027, then pay €5/month for Gold; nothing is charged now.');
  });
});
