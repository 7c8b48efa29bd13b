import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import type { JobLease } from '../../platform/cluster/job-lease.ts';
import type { Logger } from '../../platform/logger.ts';
import { syncSubscription } from './sync-subscription.ts';

export const EVERY_MS = 10 * 60_000;
/** Stripe finalises a renewal invoice up to about an hour after the period ends. */
const RENEWAL_SETTLES_MS = 2 * 60 * 60_000;
/** Event ids are kept long enough to recognise any redelivery (Stripe retries for 3 days). */
const EVENT_IDS_KEPT_MS = 30 * 24 * 60 * 60_000;

/**
 * The safety net under webhooks: every ten minutes, subscriptions whose period ended a while ago
 * without a word from Stripe (a lost or late renewal webhook) are re-read, so no plan outlives
 * Stripe's state for long; old event ids are pruned. With several servers one of them runs each
 * turn (`jobs`, cluster/job-lease.ts): the others skip it rather than ask Stripe the same again.
 */
export function startBillingReconciler({ db, log, jobs }: { db: Kysely<Database>; log: Logger; jobs: JobLease }): { stop(): Promise<void> } {
  let running: Promise<void> | undefined;
  const pass = async () => {
    const now = Date.now();
    const stale = await db
      .selectFrom('subscriptions')
      .select('stripe_customer_id')
      .where('source', '=', 'stripe')
      .where('status', 'in', ['active', 'trialing', 'past_due'])
      .where('current_period_end', '<', now - RENEWAL_SETTLES_MS)
      .where('stripe_customer_id', 'is not', null)
      .limit(100)
      .execute();
    for (const { stripe_customer_id: customerId } of stale) {
      if (customerId) await syncSubscription(customerId);
    }
    await db.deleteFrom('stripe_events').where('received_at', '<', now - EVENT_IDS_KEPT_MS).execute();
  };
  const interval = setInterval(() => {
    running ??= jobs
      .run('billing-reconcile', pass)
      .then(() => undefined)
      .catch((error: unknown) => log.error({ err: error }, 'billing: reconcile pass failed'))
      .finally(() => {
        running = undefined;
      });
  }, EVERY_MS);
  interval.unref();
  return {
    async stop() {
      clearInterval(interval);
      await running;
    },
  };
}
