import { z } from 'zod';
import { CURRENCY_CODES, type Currency } from './currencies.ts';
import { messages } from './messages.ts';
import type { PlanId } from './plans.ts';

/**
 * A host's payouts as the dashboard reads them (GET /api/payouts, docs/product.md §2 Payouts):
 * whether this server takes payments at all, the currency of the host's extras, and the state of
 * the Stripe account that receives the money (docs/decisions/020-extras-and-the-money-flow.md).
 */
export interface PayoutState {
  /** Stripe is configured on this server; without it every extra is a request. */
  stripeConfigured: boolean;
  currency: Currency;
  /** A connected Stripe account exists (onboarding started); its flags say how far it got. */
  connected: boolean;
  chargesEnabled: boolean;
  detailsSubmitted: boolean;
  payoutsEnabled: boolean;
  /** Stripe's reason why charges are off (`requirements.past_due`…), or null. */
  disabledReason: string | null;
  /** The platform's share of each extra paid online, in percent (PLATFORM_FEE_PERCENT). */
  feePercent: number;
  /** The host's plan includes online payments (Gold and Premium). */
  onlinePaymentsPlan: boolean;
}

/** The plans whose hosts may take payments online (docs/decisions/020-extras-and-the-money-flow.md, Plans). */
export function hasOnlinePayments(plan: PlanId): boolean {
  return plan === 'gold' || plan === 'premium';
}

const currencyChoices = { error: messages.payouts.currencyInvalid(CURRENCY_CODES) };

/** PUT /api/payouts/currency `{ currency }`: one of CURRENCY_CODES, in any case; a wrong one is answered with the list. */
export const payoutCurrencySchema = z.object({
  currency: z.string(currencyChoices).trim().toLowerCase().pipe(z.enum(CURRENCY_CODES, currencyChoices)),
});

/**
 * The countries a host's connected account can be in (Stripe's self-serve countries for Connect
 * accounts). Stripe fixes an account's country when it is made, and puts it in the platform's
 * own when none is given, so the Payouts screen asks for it before Connect.
 */
export const CONNECT_COUNTRIES = [
  'AE', 'AT', 'AU', 'BE', 'BG', 'BR', 'CA', 'CH', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GB', 'GI', 'GR', 'HK', 'HR', 'HU',
  'IE', 'IT', 'JP', 'LI', 'LT', 'LU', 'LV', 'MT', 'MX', 'MY', 'NL', 'NO', 'NZ', 'PL', 'PT', 'RO', 'SE', 'SG', 'SI', 'SK', 'TH', 'US',
] as const;
export type ConnectCountry = (typeof CONNECT_COUNTRIES)[number];

const countryChoice = { error: messages.payouts.countryInvalid };

/** POST /api/payouts/onboarding `{ country? }`: where the host's bank account is, for a new account (an existing one keeps its own). */
export const payoutOnboardingSchema = z.object({
  country: z.string(countryChoice).trim().toUpperCase().pipe(z.enum(CONNECT_COUNTRIES, countryChoice)).optional(),
});
