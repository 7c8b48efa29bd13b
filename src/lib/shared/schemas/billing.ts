import { z } from 'zod';
import { messages } from '../messages.ts';
import type { BillingInterval, PaidPlanId, PlanId, PlanName } from '../plans.ts';

/**
 * The billing calls of docs/product.md §7 (field names as written there) and what the dashboard reads back.
 * Price ids are Stripe's (`price_…`); which ones are sold is configuration, checked on the server.
 */
const priceId = z.string({ error: messages.billing.unknownPrice }).trim().min(1, messages.billing.unknownPrice).max(255, messages.billing.unknownPrice);

/** POST /api/create-checkout-session */
export const checkoutSessionSchema = z.object({ price_id: priceId });

/** POST /api/update-subscription-price */
export const updateSubscriptionPriceSchema = z.object({
  newPriceId: priceId,
  newInterval: z.enum(['monthly', 'yearly'], { error: messages.billing.intervalInvalid }),
});

/** POST /api/preview-subscription-change: what the confirmation modal shows before a change. */
export const previewSubscriptionChangeSchema = z.object({ newPriceId: priceId });

/** POST /api/get-user-premium */
export const userPremiumSchema = z.object({
  userId: z.string({ error: messages.billing.userIdRequired }).trim().min(1, messages.billing.userIdRequired).max(128, messages.billing.userIdRequired),
});

/**
 * Stripe's subscription statuses as stored (docs/product.md §3 names active, past_due, unpaid, canceled; the
 * others are Stripe's and shown as they are).
 */
export type SubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused';

/** Statuses during which a customer has a subscription they can change or cancel (docs/product.md §4). */
export const LIVE_STATUSES: readonly SubscriptionStatus[] = ['active', 'trialing', 'past_due', 'unpaid'];

export function isLiveStatus(status: string | null | undefined): boolean {
  return status !== null && status !== undefined && (LIVE_STATUSES as readonly string[]).includes(status);
}

/** GET /api/get-subscription-data (docs/product.md §3 "Subscription", §7). */
export interface SubscriptionData {
  /** Display name (docs/product.md §3): Gold, Premium, otherwise Free; "Pro" for a legacy plan. */
  plan: PlanName;
  planId: PlanId;
  /** The guidebook limit (docs/product.md §9 display: "Unlimited" above 3, the infinity icon above 501). */
  instructionsNumber: number;
  /** Cents per interval; 0 on Free. */
  price: number;
  paymentInterval: BillingInterval | null;
  /** ISO 8601; when the current billing period (or an operator-set plan) ends. */
  currentPeriodEnd: string | null;
  /** null: never subscribed. */
  status: SubscriptionStatus | null;
  cancelAtPeriodEnd: boolean;
  email: string;
  /** A downgrade waiting for the period end (subscription schedule). */
  scheduledChange: { plan: PaidPlanId; interval: BillingInterval; price: number; at: string } | null;
  /** An upgrade waiting for its payment (Stripe's pending update): not in effect yet. */
  pendingChange: { plan: PaidPlanId; interval: BillingInterval; expiresAt: string | null } | null;
  /** Who manages it: Stripe (Customer Portal, plan changes) or an operator (admin CLI). */
  managedBy: 'stripe' | 'operator' | null;
}

/** GET /api/billing/config: what the pricing view and the checkout page need. */
export interface BillingConfig {
  /** False when the server has no Stripe keys: buttons say payments are not configured. */
  enabled: boolean;
  publishableKey: string | null;
  /** The price id of each paid plan and interval; null when not configured. */
  prices: Record<PaidPlanId, Record<BillingInterval, string | null>>;
}

/** POST /api/preview-subscription-change */
export interface SubscriptionChangePreview {
  change: 'upgrade' | 'downgrade';
  plan: PaidPlanId;
  interval: BillingInterval;
  /** Cents charged now (prorated upgrade); 0 for a downgrade. */
  amountDueNow: number;
  /** Cents per interval from the next period on. */
  nextPrice: number;
  /** ISO 8601: when a downgrade takes effect, or when an upgrade's new price is first charged in full. */
  effectiveAt: string | null;
}
