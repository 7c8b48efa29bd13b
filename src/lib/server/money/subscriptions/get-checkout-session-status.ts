import type Stripe from 'stripe';
import { messages } from '@shared/messages.ts';
import { AppError } from '../../http/app-error.ts';
import type { TeamScope } from '../../account/team-access.ts';
import { findCustomerOfTeam } from './customers.ts';
import { requireBilling } from './require-billing.ts';
import { isMissing, withStripe } from './stripe-errors.ts';
import { idOf, syncSubscription } from './sync-subscription.ts';

const SESSION_ID = /^cs_[\w]{1,250}$/;

export interface CheckoutSessionStatus {
  payment_status: Stripe.Checkout.Session.PaymentStatus;
  status: Stripe.Checkout.Session.Status | null;
}

/**
 * GET /api/session_status?session_id= (docs/product.md §7): how the checkout ended, for the return page. A
 * completed session syncs the subscription right away, so a paid user is premium on the return
 * page even when the webhook is late. Another team's session answers 404.
 */
export async function getCheckoutSessionStatus({ access, sessionId }: { access: TeamScope; sessionId: string }): Promise<CheckoutSessionStatus> {
  if (!sessionId) throw new AppError('BAD_REQUEST', messages.billing.sessionRequired);
  if (!SESSION_ID.test(sessionId)) throw new AppError('NOT_FOUND', messages.billing.sessionNotFound);
  const billing = await requireBilling();
  return withStripe('read checkout session', async () => {
    let session: Stripe.Checkout.Session;
    try {
      session = await billing.stripe.checkout.sessions.retrieve(sessionId);
    } catch (error) {
      if (isMissing(error)) throw new AppError('NOT_FOUND', messages.billing.sessionNotFound);
      throw error;
    }
    const customerId = idOf(session.customer);
    const ours = session.client_reference_id === access.teamId || (customerId !== null && customerId === (await findCustomerOfTeam(access.teamId)));
    if (!ours) throw new AppError('NOT_FOUND', messages.billing.sessionNotFound);
    if (session.status === 'complete' && customerId) await syncSubscription(customerId);
    return { payment_status: session.payment_status, status: session.status };
  });
}
