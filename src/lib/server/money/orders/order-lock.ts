import { withRecordLock } from '../../platform/db/record-lock.ts';
import { getRuntime } from '../../platform/runtime.ts';

/** The key of an order's lock: one decision at a time (the host's answer, a payment, a stay's change, the 72-hour job). */
const orderLockKey = (orderId: string) => `order:${orderId}`;

/**
 * Runs `step` as the only step on the order now (db/record-lock.ts): a second decision waits for
 * the first to finish, Stripe call included, then reads the order as the first left it and tells
 * its caller the truth ("This order was already declined on …").
 */
export async function withOrderLock<T>(orderId: string, step: () => Promise<T>): Promise<T> {
  const { db } = await getRuntime();
  return withRecordLock(db, orderLockKey(orderId), step);
}
