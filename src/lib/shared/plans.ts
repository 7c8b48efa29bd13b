/**
 * Plans and their prices (docs/product.md §6, §9): the one price table, used by the landing page's pricing
 * section, the dashboard's pricing view and the server (limits, the price a subscription shows).
 * Which Stripe price id stands for which plan and interval is configuration (STRIPE_PRICE_*),
 * read on the server only (src/lib/server/money/subscriptions/billing.ts).
 */
export type PlanId = 'free' | 'gold' | 'premium';
export type PaidPlanId = Exclude<PlanId, 'free'>;
export type BillingInterval = 'monthly' | 'yearly';

export const PAID_PLAN_IDS: readonly PaidPlanId[] = ['gold', 'premium'];
export const BILLING_INTERVALS: readonly BillingInterval[] = ['monthly', 'yearly'];

/** A free account may hold this many guidebooks (docs/product.md §6). */
export const FREE_INSTRUCTION_LIMIT = 3;

/**
 * The limit of the paid plans, which have none (docs/product.md §6 "unlimited guidebooks"). A
 * number rather than null so that `instructionsNumber` (§3) stays a number and the display rules
 * of §9 apply to it as written: "Unlimited" above 3, the infinity icon above 501.
 */
export const UNLIMITED_INSTRUCTIONS = Number.MAX_SAFE_INTEGER;

/** docs/product.md §9: above this many, the limit is drawn as the infinity icon. */
const INFINITY_ICON_ABOVE = 501;

/** Yearly billing is 20% off twelve months (docs/product.md §9). */
export const YEARLY_DISCOUNT = 0.2;

/** Yearly price in cents: monthly × 12 × 0.8, rounded (docs/product.md §9). */
export function yearlyCents(monthlyCents: number): number {
  return Math.round(monthlyCents * 12 * (1 - YEARLY_DISCOUNT));
}

/** People a team may hold per plan, the owner counted (docs/decisions/028-teams.md §8): each plan's `memberLimit` and its pricing line. */
const MEMBER_LIMITS: Readonly<Record<PlanId, number>> = { free: 1, gold: 3, premium: 10 };

/** The pricing views' line for a plan's member limit. */
function membersLine(limit: number): string {
  return limit === 1 ? 'Up to 1 team member: you' : `Up to ${limit} team members`;
}

/**
 * Answers a model may write for a team's guests per calendar month (UTC), "Ask the guidebook"
 * (docs/decisions/031 §12): past them, and on Free, guests get answers made of the page's passages.
 * The pricing views and the server's quota read this one constant.
 */
export const assistantAnswersPerMonth: Readonly<Record<PlanId, number>> = { free: 0, gold: 300, premium: 1500 };

/** The pricing views' line for a plan's model answers. */
function assistantLine(plan: PlanId): string {
  return `Ask the guidebook: answers written by AI, ${assistantAnswersPerMonth[plan].toLocaleString('en-GB')} a month`;
}

export interface Plan {
  id: PlanId;
  name: string;
  /** One line under the plan's name. */
  tagline: string;
  monthlyCents: number;
  /** How many guidebooks the plan allows (UNLIMITED_INSTRUCTIONS on the paid plans). */
  instructionLimit: number;
  /** How many people the team may hold, the owner counted (docs/decisions/028-teams.md §8). */
  memberLimit: number;
  /** Shown as a ribbon on the pricing view. */
  highlighted: boolean;
  features: readonly string[];
}

export const PLANS: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    tagline: 'Try Porchlight with your first listings.',
    monthlyCents: 0,
    instructionLimit: FREE_INSTRUCTION_LIMIT,
    memberLimit: MEMBER_LIMITS.free,
    highlighted: false,
    features: [
      `Up to ${FREE_INSTRUCTION_LIMIT} guidebooks`,
      membersLine(MEMBER_LIMITS.free),
      'Check-in steps, Wi-Fi and house rules',
      'Share by link, QR code or e-mail',
      'Auto-fill defaults for new guidebooks',
    ],
  },
  {
    id: 'gold',
    name: 'Gold',
    tagline: 'For hosts with a growing portfolio.',
    monthlyCents: 500,
    instructionLimit: UNLIMITED_INSTRUCTIONS,
    memberLimit: MEMBER_LIMITS.gold,
    highlighted: true,
    features: ['Unlimited guidebooks', membersLine(MEMBER_LIMITS.gold), 'Extras paid online by card', assistantLine('gold'), 'Higher-quality image uploads', 'Ad-free guest pages', 'Priority support'],
  },
  {
    id: 'premium',
    name: 'Premium',
    tagline: 'Your brand, front and centre.',
    monthlyCents: 1000,
    instructionLimit: UNLIMITED_INSTRUCTIONS,
    memberLimit: MEMBER_LIMITS.premium,
    highlighted: false,
    features: ['Everything in Gold', membersLine(MEMBER_LIMITS.premium), 'Multiple colour themes', 'Your own branding title and setup', 'Smart locks: a door code per stay', assistantLine('premium'), 'VIP phone support with visible support numbers'],
  },
];

export function findPlan(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan: ${id}`);
  return plan;
}

/** Smart locks are a Premium feature (docs/decisions/030-smart-locks.md §14). */
export function planIncludesLocks(plan: PlanId): boolean {
  return plan === 'premium';
}

export function isPlanId(value: unknown): value is PlanId {
  return value === 'free' || value === 'gold' || value === 'premium';
}

/** Price of a plan in cents for one billing interval. */
export function planPriceCents(plan: Pick<Plan, 'monthlyCents'>, interval: BillingInterval): number {
  return interval === 'yearly' ? yearlyCents(plan.monthlyCents) : plan.monthlyCents;
}

export interface IntervalPrice {
  cents: number;
  unit: 'month' | 'year';
  /** A yearly price spread over twelve months (the monthly price itself when monthly). */
  perMonthCents: number;
  /** What the interval saves against twelve monthly payments (0 when monthly). */
  savedCents: number;
}

/** A plan's price for one interval, with what the pricing views say beside it. */
export function intervalPrice(plan: Pick<Plan, 'monthlyCents'>, interval: BillingInterval): IntervalPrice {
  const cents = planPriceCents(plan, interval);
  return {
    cents,
    unit: interval === 'yearly' ? 'year' : 'month',
    perMonthCents: interval === 'yearly' ? Math.round(cents / 12) : cents,
    savedCents: plan.monthlyCents * 12 - cents * (interval === 'yearly' ? 1 : 12),
  };
}

/** "€5", "€4.50": whole euros without decimals (docs/product.md §9 shows prices as price/100 in euros). */
export function formatEuros(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-IE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** "€5/month", "€48/year". */
export function formatPrice(cents: number, interval: BillingInterval): string {
  return `${formatEuros(cents)}/${interval === 'yearly' ? 'year' : 'month'}`;
}

/** "3" up to the free limit, "Unlimited" above it (docs/product.md §9). */
export function formatInstructionLimit(limit: number): string {
  return limit <= FREE_INSTRUCTION_LIMIT ? String(limit) : 'Unlimited';
}

/** docs/product.md §9: a limit above 501 is drawn as the infinity icon (labelled "Unlimited"). */
export function showsInfinityIcon(limit: number): boolean {
  return limit > INFINITY_ICON_ABOVE;
}

/**
 * The plan name a subscription shows (docs/product.md §3): Gold, Premium, otherwise Free. "Pro" is a name an
 * older subscription may carry (docs/product.md §3 "Pro also seen"); it is displayed, never sold.
 */
export type PlanName = 'Free' | 'Gold' | 'Premium' | 'Pro';

const RANK: Record<PlanId, number> = { free: 0, gold: 1, premium: 2 };

export type PlanChange = 'upgrade' | 'downgrade' | 'same';

/**
 * docs/product.md §4 "Subscription plan": Gold → Premium is an upgrade, Premium → Gold a downgrade. Within a
 * plan, monthly → yearly is an upgrade (paid now) and yearly → monthly a downgrade (at period end).
 */
export function planChange(from: { plan: PlanId; interval: BillingInterval }, to: { plan: PlanId; interval: BillingInterval }): PlanChange {
  if (RANK[to.plan] !== RANK[from.plan]) return RANK[to.plan] > RANK[from.plan] ? 'upgrade' : 'downgrade';
  if (to.interval === from.interval) return 'same';
  return to.interval === 'yearly' ? 'upgrade' : 'downgrade';
}
