import { messages } from '@shared/messages.ts';
import { AppError } from '../../http/app-error.ts';
import { getRuntime } from '../../platform/runtime.ts';
import type { Billing } from './billing.ts';

/** Stripe as configured, or 503 "payments are not configured" (a server may run without Stripe). */
export async function requireBilling(): Promise<Billing> {
  const { billing } = await getRuntime();
  if (!billing) throw new AppError('SERVICE_UNAVAILABLE', messages.billing.notConfigured);
  return billing;
}
