import { messages } from '@shared/messages.ts';
import { AppError } from '../../http/app-error.ts';
import { getRuntime } from '../../platform/runtime.ts';
import type { TeamScope } from '../../account/team-access.ts';
import { findCustomerOfTeam } from './customers.ts';
import { requireBilling } from './require-billing.ts';
import { withStripe } from './stripe-errors.ts';

/**
 * POST /api/billing-portal: a Stripe Customer Portal session (card, invoices) for the team's own
 * customer, coming back to the Plan page. 409 for teams that never checked out.
 */
export async function createBillingPortalSession({ access }: { access: TeamScope }): Promise<{ url: string }> {
  const billing = await requireBilling();
  const customerId = await findCustomerOfTeam(access.teamId);
  if (!customerId) throw new AppError('CONFLICT', messages.billing.portalUnavailable);
  const { config } = await getRuntime();
  return withStripe('open billing portal', async () => {
    const session = await billing.stripe.billingPortal.sessions.create({ customer: customerId, return_url: `${config.appUrl.origin}/dashboard/currentSubscription` });
    return { url: session.url };
  });
}
