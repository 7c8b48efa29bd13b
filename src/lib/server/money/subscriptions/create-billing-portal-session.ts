import { messages } from '@shared/messages.ts';
import { AppError } from '../../http/app-error.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { findCustomerOfUser } from './customers.ts';
import { requireBilling } from './require-billing.ts';
import { withStripe } from './stripe-errors.ts';

/**
 * POST /api/billing-portal: a Stripe Customer Portal session (card, invoices) for the user's own
 * customer, coming back to the Plan page. 409 for users who never checked out.
 */
export async function createBillingPortalSession({ userId }: { userId: string }): Promise<{ url: string }> {
  const billing = await requireBilling();
  const customerId = await findCustomerOfUser(userId);
  if (!customerId) throw new AppError('CONFLICT', messages.billing.portalUnavailable);
  const { config } = await getRuntime();
  return withStripe('open billing portal', async () => {
    const session = await billing.stripe.billingPortal.sessions.create({ customer: customerId, return_url: `${config.appUrl.origin}/dashboard/currentSubscription` });
    return { url: session.url };
  });
}
