import { messages } from '@shared/messages.ts';
import { AppError } from '../../http/app-error.ts';
import { getRuntime } from '../../platform/runtime.ts';
import type { Billing } from './billing.ts';
import { ensureCustomer, type CustomerOwner } from './customers.ts';
import { listSubscriptions } from './list-subscriptions.ts';
import { requireBilling } from './require-billing.ts';
import { isMissing, withStripe } from './stripe-errors.ts';
import { syncSubscription } from './sync-subscription.ts';

/** Where Stripe sends the payer back; Stripe fills in the session id (not URL-encoded on purpose). */
export function checkoutReturnUrl(appUrl: URL): string {
  return `${appUrl.origin}/dashboard/checkout/return?session_id={CHECKOUT_SESSION_ID}`;
}

/**
 * POST /api/create-checkout-session (docs/product.md §7): an embedded Checkout session for one of our prices.
 * Refused (409) while the customer has a live subscription, asked of Stripe rather than our table
 * so a late webhook cannot let a second one through; a newer checkout expires the previous open
 * one, so two tabs cannot both pay (docs/security.md 33). The Idempotency-Key is derived from the
 * team, the price and the checkout it replaces: a doubled click makes one session. The team is the
 * session's `client_reference_id` and, with the owner who paid, its metadata.
 */
export async function createCheckoutSession({ owner, priceId }: { owner: CustomerOwner; priceId: string }): Promise<{ clientSecret: string }> {
  const billing = await requireBilling();
  if (!billing.planOfPrice(priceId)) throw new AppError('BAD_REQUEST', messages.billing.unknownPrice);
  const { config, db } = await getRuntime();

  return withStripe('create checkout session', async () => {
    const customerId = await ensureCustomer(billing, owner);
    if ((await listSubscriptions(billing, customerId)).live.length > 0) {
      // Our row may be behind (webhook not there yet): bring it up to date on the way out.
      await syncSubscription(customerId);
      throw new AppError('CONFLICT', messages.billing.alreadySubscribed);
    }

    const row = await db.selectFrom('billing_customers').select('open_checkout_session_id').where('team_id', '=', owner.teamId).executeTakeFirstOrThrow();
    const previous = row.open_checkout_session_id;
    if (previous) await expireIfOpen(billing, previous);

    const session = await billing.stripe.checkout.sessions.create(
      {
        mode: 'subscription',
        ui_mode: 'embedded_page',
        customer: customerId,
        client_reference_id: owner.teamId,
        line_items: [{ price: priceId, quantity: 1 }],
        return_url: checkoutReturnUrl(config.appUrl),
        metadata: { teamId: owner.teamId, userId: owner.userId },
        subscription_data: { metadata: { teamId: owner.teamId, userId: owner.userId } },
      },
      { idempotencyKey: `checkout:${owner.teamId}:${priceId}:${previous ?? 'first'}` },
    );
    if (!session.client_secret) throw new Error('Stripe answered a checkout session without client_secret');
    await db.updateTable('billing_customers').set({ open_checkout_session_id: session.id }).where('team_id', '=', owner.teamId).execute();
    return { clientSecret: session.client_secret };
  });
}

/** The checkout a newer one replaces can no longer be paid. */
async function expireIfOpen(billing: Billing, sessionId: string): Promise<void> {
  try {
    const open = await billing.stripe.checkout.sessions.retrieve(sessionId);
    if (open.status === 'open') await billing.stripe.checkout.sessions.expire(sessionId, {}, { idempotencyKey: `expire:${sessionId}` });
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
}
