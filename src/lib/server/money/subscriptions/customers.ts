import { getRuntime } from '../../platform/runtime.ts';
import type { Billing } from './billing.ts';
import { isMissing } from './stripe-errors.ts';

/**
 * The Stripe customer of a user: one per user, created on the first checkout with
 * `metadata.userId`, stored and reused. The Idempotency-Key makes a retried or doubled create
 * make one customer (docs/security.md 23); the UNIQUE user key keeps one row.
 */
export async function ensureCustomer(billing: Billing, user: { id: string; email: string; name: string }): Promise<string> {
  const { db } = await getRuntime();
  const stored = await db.selectFrom('billing_customers').select('customer_id').where('user_id', '=', user.id).executeTakeFirst();
  if (stored) return stored.customer_id;
  const customer = await billing.stripe.customers.create(
    { email: user.email, name: user.name, metadata: { userId: user.id } },
    { idempotencyKey: `customer:${user.id}` },
  );
  await db
    .insertInto('billing_customers')
    .values({ user_id: user.id, customer_id: customer.id, open_checkout_session_id: null, created_at: Date.now() })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  const row = await db.selectFrom('billing_customers').select('customer_id').where('user_id', '=', user.id).executeTakeFirstOrThrow();
  return row.customer_id;
}

export async function findCustomerOfUser(userId: string): Promise<string | null> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('billing_customers').select('customer_id').where('user_id', '=', userId).executeTakeFirst();
  return row?.customer_id ?? null;
}

/**
 * The user a Stripe customer belongs to: our table first, else the customer's `metadata.userId`
 * (set when we created it) if that user exists, which also restores the row.
 */
const CUSTOMER_ID = /^cus_[A-Za-z0-9]{1,250}$/;

export async function findCustomerOwner(billing: Billing, customerId: string): Promise<string | null> {
  const { db } = await getRuntime();
  const stored = await db.selectFrom('billing_customers').select('user_id').where('customer_id', '=', customerId).executeTakeFirst();
  if (stored) return stored.user_id;
  // Not the shape of a Stripe customer id: no one of ours, and no path for a request to Stripe.
  if (!CUSTOMER_ID.test(customerId)) return null;
  let customer: Awaited<ReturnType<typeof billing.stripe.customers.retrieve>>;
  try {
    customer = await billing.stripe.customers.retrieve(customerId);
  } catch (error) {
    // A customer Stripe does not know (another account's event, a deleted test customer): no one of
    // ours. Answered 200 with a warning by the caller, so Stripe does not retry it for days.
    if (isMissing(error)) return null;
    throw error;
  }
  const userId = 'deleted' in customer && customer.deleted ? undefined : customer.metadata['userId'];
  if (!userId) return null;
  const user = await db.selectFrom('users').select('id').where('id', '=', userId).executeTakeFirst();
  if (!user) return null;
  await db
    .insertInto('billing_customers')
    .values({ user_id: userId, customer_id: customerId, open_checkout_session_id: null, created_at: Date.now() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return userId;
}
