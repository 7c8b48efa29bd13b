import { getRuntime } from '../../platform/runtime.ts';
import { closeOrder } from './order-slots.ts';
import { canChange } from './order-transitions.ts';
import { withOrderLock } from './order-lock.ts';
import { settleDecision } from './settle-payment.ts';

/** How long a host may leave an authorised order unanswered before the hold is released. */
export const AUTHORISATION_MS = 72 * 60 * 60_000;

/**
 * Authorised orders the host left unanswered for 72 hours (docs/decisions/020): the hold is released on
 * Stripe, then the order is `cancelled` (compare-and-set) and both sides are mailed. "Authorised"
 * is the order's `updated_at` while it waits: nothing else writes a waiting order. A hold captured
 * meanwhile (the host approved as the job ran) is left to the approval. `now` is the caller's
 * clock, so a test can give one.
 */
export async function cancelLapsedAuthorisations(now: number): Promise<number> {
  const { db, log, billing } = await getRuntime();
  if (!billing) return 0;
  const lapsed = await db
    .selectFrom('orders')
    .select('id')
    .where('status', '=', 'requested')
    .where('payment_intent_id', 'is not', null)
    .where('updated_at', '<=', now - AUTHORISATION_MS)
    .orderBy('updated_at')
    .limit(50)
    .execute();
  let cancelled = 0;
  for (const { id } of lapsed) {
    try {
      const closed = await withOrderLock(id, async () => {
        // Read again under the lock: the host may have answered while this turn waited.
        const order = await db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
        if (!canChange(order, 'hold-lapsed') || order.updated_at > now - AUTHORISATION_MS) return false;
        if ((await settleDecision(order, 'decline')) === 'captured') return false;
        return (await closeOrder(order, 'hold-lapsed', now, { guest: 'lapsed', host: 'lapsed', by: { actor: 'system' } })) !== null;
      });
      if (closed) cancelled += 1;
    } catch (error) {
      log.warn({ err: error, orderId: id }, 'extras: releasing a lapsed hold failed, will retry');
    }
  }
  if (cancelled > 0) {
    log.info({ cancelled }, 'extras: lapsed authorisations released');
  }
  return cancelled;
}
