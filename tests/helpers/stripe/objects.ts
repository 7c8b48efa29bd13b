import { randomBytes } from 'node:crypto';

/**
 * The objects the stand-in keeps, in the shapes of the SDK's d.ts at API 2026-10-28.endive
 * (node_modules/stripe/esm/resources). Only the fields a billing integration reads are modelled;
 * the rest are present with Stripe's neutral values so that the shapes look like the real ones.
 */
export type Metadata = Record<string, string>;
export type Interval = 'month' | 'year';

export interface PriceConfig {
  id: string;
  unitAmount: number;
  interval: Interval;
  product?: string;
  nickname?: string;
}

export interface ApiList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
}

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: 'eur';
  custom_unit_amount: null;
  livemode: false;
  lookup_key: null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: { interval: Interval; interval_count: 1; meter: null; trial_period_days: null; usage_type: 'licensed' };
  tax_behavior: 'unspecified';
  tiers_mode: null;
  transform_quantity: null;
  type: 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface Customer {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_settings: { custom_fields: null; default_payment_method: null; footer: null; rendering_options: null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
  test_clock: null;
}

export interface CheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  client_secret: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_details: CustomerDetails | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  metadata: Metadata;
  mode: 'subscription' | 'payment';
  payment_intent: string | null;
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  /** Embedded sessions only: hosted ones have none, as on Stripe. */
  return_url?: string;
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  success_url: string | null;
  ui_mode: 'embedded_page' | 'hosted_page';
  url: string | null;
}

/** Who paid, filled in when a session completes. */
export interface CustomerDetails {
  address: null;
  email: string | null;
  name: string | null;
  phone: null;
  tax_exempt: 'none';
  tax_ids: [];
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  billing_thresholds: null;
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Metadata;
  plan: Record<string, unknown>;
  price: Price;
  quantity: number;
  subscription: string;
  tax_rates: [];
}

export interface PendingUpdate {
  billing_cycle_anchor: null;
  cancel_at_period_end: null;
  discount: null;
  discounts: null;
  expires_at: number;
  metadata: null;
  subscription_items: SubscriptionItem[];
  trial_end: null;
  trial_from_plan: null;
}

export type SubscriptionStatus = 'active' | 'trialing' | 'past_due' | 'unpaid' | 'canceled' | 'incomplete' | 'incomplete_expired' | 'paused';

export interface Subscription {
  id: string;
  object: 'subscription';
  application: null;
  billing_cycle_anchor: number;
  billing_mode: { type: 'flexible'; flexible: { proration_discounts: 'included' } };
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: 'eur';
  customer: string;
  days_until_due: null;
  default_payment_method: null;
  description: null;
  discounts: string[];
  ended_at: number | null;
  items: ApiList<SubscriptionItem>;
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  pending_update: PendingUpdate | null;
  schedule: string | null;
  start_date: number;
  status: SubscriptionStatus;
  test_clock: null;
  trial_end: null;
  trial_start: null;
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: 'eur';
  description: string;
  discount_amounts: [];
  discountable: boolean;
  discounts: [];
  invoice: string | null;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details';
    invoice_item_details: null;
    subscription_item_details: {
      invoice_item: null;
      proration: boolean;
      proration_details: { credited_items: null };
      subscription: string;
      subscription_item: string;
    };
  };
  period: { start: number; end: number };
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
  quantity: number;
  subtotal: number;
}

export type InvoiceStatus = 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';

export interface Invoice {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_overpaid: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update' | 'manual' | 'upcoming';
  collection_method: 'charge_automatically';
  created: number;
  currency: 'eur';
  customer: string;
  hosted_invoice_url: string | null;
  invoice_pdf: null;
  lines: ApiList<InvoiceLine>;
  livemode: false;
  metadata: Metadata;
  number: string | null;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string; subscription_proration_date?: number };
  };
  period_end: number;
  period_start: number;
  status: InvoiceStatus;
  status_transitions: { finalized_at: number | null; marked_uncollectible_at: null; paid_at: number | null; voided_at: number | null };
  subtotal: number;
  total: number;
}

export interface PhaseItem {
  billing_thresholds: null;
  discounts: [];
  metadata: Metadata;
  plan: string;
  price: string;
  quantity: number;
  tax_rates: [];
}

export interface Phase {
  add_invoice_items: [];
  application_fee_percent: null;
  billing_cycle_anchor: null;
  collection_method: null;
  currency: 'eur';
  default_payment_method: null;
  description: null;
  discounts: [];
  end_date: number;
  invoice_settings: null;
  items: PhaseItem[];
  metadata: Metadata;
  on_behalf_of: null;
  proration_behavior: 'always_invoice' | 'create_prorations' | 'none';
  start_date: number;
  transfer_data: null;
  trial_end: null;
}

export interface SubscriptionSchedule {
  id: string;
  object: 'subscription_schedule';
  application: null;
  canceled_at: number | null;
  completed_at: number | null;
  created: number;
  current_phase: { start_date: number; end_date: number } | null;
  customer: string;
  end_behavior: 'release' | 'cancel' | 'none' | 'renew';
  livemode: false;
  metadata: Metadata;
  phases: Phase[];
  released_at: number | null;
  released_subscription: string | null;
  status: 'not_started' | 'active' | 'completed' | 'released' | 'canceled';
  subscription: string | null;
  test_clock: null;
}

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

/** Who runs a connected account and who pays for it: Stripe's `controller`, which replaces `type`. */
export interface AccountController {
  fees: { payer: 'account' | 'application' | 'application_custom' | 'application_express' };
  is_controller: true;
  losses: { payments: 'application' | 'stripe' };
  requirement_collection: 'application' | 'stripe';
  stripe_dashboard: { type: 'express' | 'full' | 'none' };
  type: 'application';
}

export type CapabilityStatus = 'active' | 'inactive' | 'pending';

export interface AccountRequirements {
  alternatives: [];
  current_deadline: null;
  currently_due: string[];
  disabled_reason: string | null;
  errors: [];
  eventually_due: string[];
  past_due: string[];
  pending_verification: [];
}

export interface Account {
  id: string;
  object: 'account';
  business_profile: { mcc: null; name: string | null; product_description: null; support_email: null; support_phone: null; support_url: null; url: null };
  business_type: string | null;
  capabilities: Record<string, CapabilityStatus>;
  charges_enabled: boolean;
  controller: AccountController;
  country: string;
  created: number;
  default_currency: string;
  details_submitted: boolean;
  email: string | null;
  external_accounts: ApiList<never>;
  future_requirements: AccountRequirements;
  metadata: Metadata;
  payouts_enabled: boolean;
  requirements: AccountRequirements;
  tos_acceptance: { date: number | null; ip: string | null; user_agent: string | null };
  type: 'custom' | 'express' | 'none' | 'standard';
}

export interface AccountLink {
  object: 'account_link';
  created: number;
  expires_at: number;
  url: string;
}

/** What an account link's URL stands for; Stripe keeps this behind the link, never in an object. */
export interface OnboardingLink {
  token: string;
  account: string;
  type: 'account_onboarding' | 'account_update';
  refresh_url: string;
  return_url: string;
  expires_at: number;
  /** Single-use, as on Stripe: a second visit goes to refresh_url. */
  visited: boolean;
  finished: boolean;
}

export interface LoginLink {
  object: 'login_link';
  created: number;
  url: string;
}

export type PaymentIntentStatus = 'requires_capture' | 'succeeded' | 'canceled';

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_capturable: number;
  amount_received: number;
  application: null;
  application_fee_amount: number | null;
  canceled_at: number | null;
  cancellation_reason: 'abandoned' | 'duplicate' | 'fraudulent' | 'requested_by_customer' | 'expired' | null;
  capture_method: 'automatic' | 'automatic_async' | 'manual';
  client_secret: string;
  confirmation_method: 'automatic';
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  last_payment_error: null;
  latest_charge: string | null;
  livemode: false;
  metadata: Metadata;
  next_action: null;
  on_behalf_of: null;
  payment_method: string | null;
  payment_method_types: string[];
  receipt_email: string | null;
  status: PaymentIntentStatus;
  transfer_data: { destination: string } | null;
  transfer_group: string | null;
}

export interface Charge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  application: null;
  application_fee: string | null;
  application_fee_amount: number | null;
  captured: boolean;
  created: number;
  currency: string;
  customer: string | null;
  description: string | null;
  livemode: false;
  metadata: Metadata;
  paid: boolean;
  payment_intent: string;
  payment_method: string;
  receipt_email: string | null;
  refunded: boolean;
  status: 'succeeded';
  /** The transfer to the destination, made when the charge is captured. */
  transfer: string | null;
  transfer_data: { amount: null; destination: string } | null;
  transfer_group: string | null;
}

export interface ApplicationFee {
  id: string;
  object: 'application_fee';
  account: string;
  amount: number;
  amount_refunded: number;
  application: string;
  charge: string;
  created: number;
  currency: string;
  livemode: false;
  originating_transaction: null;
  refunded: boolean;
  refunds: ApiList<FeeRefund>;
}

export interface FeeRefund {
  id: string;
  object: 'fee_refund';
  amount: number;
  balance_transaction: null;
  created: number;
  currency: string;
  fee: string;
  metadata: Metadata;
}

export interface Refund {
  id: string;
  object: 'refund';
  amount: number;
  balance_transaction: null;
  charge: string;
  created: number;
  currency: string;
  customer: string | null;
  customer_account: null;
  metadata: Metadata;
  payment_intent: string;
  payment_method: string;
  reason: 'duplicate' | 'fraudulent' | 'requested_by_customer' | null;
  receipt_number: null;
  source_transfer_reversal: null;
  status: 'succeeded';
  /** A reversal of the destination's transfer, when `reverse_transfer` asked for one. */
  transfer_reversal: string | null;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  /** Set on Connect events only: the connected account the event happened on. */
  account?: string;
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function randomToken(length: number): string {
  return [...randomBytes(length)].map((byte) => ALPHABET[byte % ALPHABET.length]).join('');
}

export function newId(prefix: string): string {
  return `${prefix}_${randomToken(24)}`;
}

export function customerDetailsOf(email: string | null): CustomerDetails {
  return { address: null, email, name: null, phone: null, tax_exempt: 'none', tax_ids: [] };
}

export function listOf<T>(data: T[], url: string, hasMore = false): ApiList<T> {
  return { object: 'list', data, has_more: hasMore, url };
}

export function priceOf(config: PriceConfig, created: number): Price {
  return {
    id: config.id,
    object: 'price',
    active: true,
    billing_scheme: 'per_unit',
    created,
    currency: 'eur',
    custom_unit_amount: null,
    livemode: false,
    lookup_key: null,
    metadata: {},
    nickname: config.nickname ?? null,
    product: config.product ?? `prod_${config.id.replace(/^price_/, '')}`,
    recurring: { interval: config.interval, interval_count: 1, meter: null, trial_period_days: null, usage_type: 'licensed' },
    tax_behavior: 'unspecified',
    tiers_mode: null,
    transform_quantity: null,
    type: 'recurring',
    unit_amount: config.unitAmount,
    unit_amount_decimal: String(config.unitAmount),
  };
}

/** The legacy `plan` twin of a price, still present on subscription items. */
export function planOf(price: Price): Record<string, unknown> {
  return {
    id: price.id,
    object: 'plan',
    active: price.active,
    amount: price.unit_amount,
    amount_decimal: price.unit_amount_decimal,
    billing_scheme: 'per_unit',
    created: price.created,
    currency: price.currency,
    interval: price.recurring.interval,
    interval_count: 1,
    livemode: false,
    metadata: {},
    meter: null,
    nickname: price.nickname,
    product: price.product,
    tiers_mode: null,
    transform_usage: null,
    trial_period_days: null,
    usage_type: 'licensed',
  };
}

export function itemOf(id: string, subscription: string, price: Price, period: { start: number; end: number }, created: number): SubscriptionItem {
  return {
    id,
    object: 'subscription_item',
    billing_thresholds: null,
    created,
    current_period_end: period.end,
    current_period_start: period.start,
    discounts: [],
    metadata: {},
    plan: planOf(price),
    price: structuredClone(price),
    quantity: 1,
    subscription,
    tax_rates: [],
  };
}

export function lineOf(
  invoice: string | null,
  subscription: Subscription,
  price: Price,
  amount: number,
  period: { start: number; end: number },
  description: string,
  proration: boolean,
): InvoiceLine {
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: 'eur',
    description,
    discount_amounts: [],
    discountable: !proration,
    discounts: [],
    invoice,
    livemode: false,
    metadata: {},
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration,
        proration_details: { credited_items: null },
        subscription: subscription.id,
        subscription_item: subscription.items.data[0]?.id ?? '',
      },
    },
    period,
    pricing: { type: 'price_details', price_details: { price: price.id, product: price.product }, unit_amount_decimal: price.unit_amount_decimal },
    quantity: 1,
    subtotal: amount,
  };
}

/** Top-level fields whose value changed, with their old value: an event's `previous_attributes`. */
export function previousAttributes(before: object, after: object): Record<string, unknown> | undefined {
  const old = before as Record<string, unknown>;
  const now = after as Record<string, unknown>;
  const changed: Record<string, unknown> = {};
  for (const key of Object.keys(now)) {
    if (JSON.stringify(old[key]) !== JSON.stringify(now[key])) changed[key] = structuredClone(old[key]);
  }
  return Object.keys(changed).length > 0 ? changed : undefined;
}
