/**
 * Plans and their prices (SPEC §6, §9). Shared by the landing page's pricing section and the
 * dashboard's pricing view, so both show the same numbers; the server enforces the limits.
 */
export type PlanId = 'free' | 'gold' | 'premium';
export type BillingInterval = 'monthly' | 'yearly';

/** A free account may hold this many guidebooks (SPEC §6). */
export const FREE_INSTRUCTION_LIMIT = 3;

/** Yearly billing is 20% off twelve months (SPEC §9). */
export const YEARLY_DISCOUNT = 0.2;

/** Yearly price in cents: monthly × 12 × 0.8, rounded (SPEC §9). */
export function yearlyCents(monthlyCents: number): number {
  return Math.round(monthlyCents * 12 * (1 - YEARLY_DISCOUNT));
}

export interface Plan {
  id: PlanId;
  name: string;
  /** One line under the plan's name. */
  tagline: string;
  monthlyCents: number;
  /** How many guidebooks the plan allows; `null` means unlimited. */
  instructionLimit: number | null;
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
    highlighted: false,
    features: [
      `Up to ${FREE_INSTRUCTION_LIMIT} guidebooks`,
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
    instructionLimit: null,
    highlighted: true,
    features: [
      'Unlimited guidebooks',
      'Higher-quality image uploads',
      'Ad-free guest pages',
      'Priority support',
    ],
  },
  {
    id: 'premium',
    name: 'Premium',
    tagline: 'Your brand, front and centre.',
    monthlyCents: 1000,
    instructionLimit: null,
    highlighted: false,
    features: [
      'Everything in Gold',
      'Multiple colour themes',
      'Your own branding title and setup',
      'VIP phone support with visible support numbers',
    ],
  },
];

export function findPlan(id: PlanId): Plan {
  const plan = PLANS.find((candidate) => candidate.id === id);
  if (!plan) throw new Error(`Unknown plan: ${id}`);
  return plan;
}

/** Price of a plan in cents for one billing interval. */
export function planPriceCents(plan: Pick<Plan, 'monthlyCents'>, interval: BillingInterval): number {
  return interval === 'yearly' ? yearlyCents(plan.monthlyCents) : plan.monthlyCents;
}

/** "€5", "€4.50": whole euros without decimals (SPEC §9 shows prices as price/100 in euros). */
export function formatEuros(cents: number): string {
  const whole = cents % 100 === 0;
  return new Intl.NumberFormat('en-IE', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: whole ? 0 : 2,
    maximumFractionDigits: whole ? 0 : 2,
  }).format(cents / 100);
}

/** "3" for limited plans, "Unlimited" above the free limit (SPEC §9). */
export function formatInstructionLimit(limit: number | null): string {
  return limit !== null && limit <= FREE_INSTRUCTION_LIMIT ? String(limit) : 'Unlimited';
}
