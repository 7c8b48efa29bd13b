import Stripe from 'stripe';
import { messages } from '@shared/messages.ts';
import { AppError, isAppError } from '../../http/app-error.ts';
import { getRuntime } from '../../platform/runtime.ts';

/**
 * Runs Stripe calls for a route: a Stripe outage or refusal becomes a clear `{ message }` (502
 * when Stripe failed, with the cause in the log, never in the answer); our own AppErrors pass.
 */
export async function withStripe<T>(what: string, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (isAppError(error) || !(error instanceof Stripe.errors.StripeError)) throw error;
    const { log } = await getRuntime();
    log.error({ err: { type: error.type, message: error.message, code: error.code, status: error.statusCode, requestId: error.requestId } }, `stripe: ${what} failed`);
    throw new AppError('BAD_GATEWAY', messages.billing.stripeUnavailable);
  }
}

/** True when Stripe answered that the object does not exist. */
export function isMissing(error: unknown): boolean {
  return error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404;
}
