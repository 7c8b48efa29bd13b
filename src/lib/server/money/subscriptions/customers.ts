import { getRuntime } from '../../platform/runtime.ts';
import type { Billing } from './billing.ts';
import { isMissing } from './stripe-errors.ts';

/** Who a Stripe customer is made for: the team, and the owner whose address and name it carries. */
export interface CustomerOwner {
  teamId: string;
  userId: string;
  email: string;
  name: string;
}

/**
 * The Stripe customer of a team: one per team, created on its first checkout with
 * `metadata: { teamId, userId }` (docs/decisions/028-teams.md §8), stored and reused. The
 * Idempotency-Key makes a retried or doubled create make one customer (docs/security.md 23); the
 * UNIQUE team key keeps one row.
 */
export async function ensureCustomer(billing: Billing, owner: CustomerOwner): Promise<string> {
  const { db } = await getRuntime();
  const stored = await db.selectFrom('billing_customers').select('customer_id').where('team_id', '=', owner.teamId).executeTakeFirst();
  if (stored) return stored.customer_id;
  const customer = await billing.stripe.customers.create(
    { email: owner.email, name: owner.name, metadata: { teamId: owner.teamId, userId: owner.userId } },
    { idempotencyKey: `customer:${owner.teamId}` },
  );
  await db
    .insertInto('billing_customers')
    .values({ team_id: owner.teamId, customer_id: customer.id, open_checkout_session_id: null, created_at: Date.now() })
    .onConflict((oc) => oc.column('team_id').doNothing())
    .execute();
  const row = await db.selectFrom('billing_customers').select('customer_id').where('team_id', '=', owner.teamId).executeTakeFirstOrThrow();
  return row.customer_id;
}

export async function findCustomerOfTeam(teamId: string): Promise<string | null> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('billing_customers').select('customer_id').where('team_id', '=', teamId).executeTakeFirst();
  return row?.customer_id ?? null;
}

const CUSTOMER_ID = /^cus_[A-Za-z0-9]{1,250}$/;

/**
 * The team a Stripe customer belongs to: our table first, else the customer's metadata (set when
 * we created it) if that team exists, which also restores the row. `metadata.teamId` on customers
 * made since teams; `metadata.userId` on those made before, which names the team of one the
 * migration made with that very id (docs/decisions/028-teams.md §1).
 */
export async function findCustomerOwner(billing: Billing, customerId: string): Promise<string | null> {
  const { db } = await getRuntime();
  const stored = await db.selectFrom('billing_customers').select('team_id').where('customer_id', '=', customerId).executeTakeFirst();
  if (stored) return stored.team_id;
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
  const metadata = 'deleted' in customer && customer.deleted ? undefined : customer.metadata;
  const teamId = metadata?.['teamId'] || metadata?.['userId'];
  if (!teamId) return null;
  const team = await db.selectFrom('teams').select('id').where('id', '=', teamId).executeTakeFirst();
  if (!team) return null;
  await db
    .insertInto('billing_customers')
    .values({ team_id: teamId, customer_id: customerId, open_checkout_session_id: null, created_at: Date.now() })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return teamId;
}
