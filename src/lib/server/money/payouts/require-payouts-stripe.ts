import { messages } from '@shared/messages.ts';
import type { Billing } from '../subscriptions/billing.ts';
import { AppError } from '../../http/app-error.ts';
import { getRuntime } from '../../platform/runtime.ts';

/**
 * Stripe as configured, or 503 in the Payouts screen's words: a server without Stripe takes every
 * extra as a request (docs/decisions/020-extras-and-the-money-flow.md).
 */
export async function requirePayoutsStripe(): Promise<Billing> {
  const { billing } = await getRuntime();
  if (!billing) throw new AppError('SERVICE_UNAVAILABLE', messages.payouts.notConfigured);
  return billing;
}
