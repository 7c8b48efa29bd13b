import { formatPrice } from '@shared/currencies.ts';
import type { Order, OrderStatus } from '@shared/schemas/order.ts';

/** A badge's colours: the host's answer is awaited (amber), the order went through (green), or nothing is for the host to do (grey). */
const TO_ANSWER = 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200';
const DONE = 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200';
const NOTHING_TO_DO = 'bg-stone-100 text-stone-800 dark:bg-stone-800 dark:text-stone-200';

/**
 * How an order reads in the dashboard (docs/decisions/020-extras-and-the-money-flow.md): its
 * state as a badge, its amount and what it is. The Orders screen and the stay's row in the Stays
 * view say it the same way.
 */
export const STATUS: Record<OrderStatus, { label: string; className: string }> = {
  requested: { label: 'Waiting for you', className: TO_ANSWER },
  awaiting_payment: { label: 'Awaiting payment', className: NOTHING_TO_DO },
  paid: { label: 'Paid', className: DONE },
  approved: { label: 'Confirmed', className: DONE },
  declined: { label: 'Declined', className: NOTHING_TO_DO },
  refunded: { label: 'Refunded', className: NOTHING_TO_DO },
  cancelled: { label: 'Cancelled', className: NOTHING_TO_DO },
};

/** "€25", or "Free" for an extra on request without a price; how a paid one stands (docs/decisions/020). */
export function amountOf(order: Pick<Order, 'amount' | 'currency' | 'paid' | 'status'>): string {
  if (order.amount === 0) return 'Free';
  const price = formatPrice(order.amount, order.currency);
  if (!order.paid) return price;
  return order.status === 'requested' ? `${price}, card authorised` : order.status === 'paid' || order.status === 'approved' ? `${price}, paid online` : price;
}

/** A paid order whose money is with the host: it can be refunded. */
export const refundable = (order: Order) => order.paid && (order.status === 'paid' || order.status === 'approved');

/** "Late check-out", "Breakfast basket × 2". */
export function whatOf(order: Pick<Order, 'title' | 'quantity'>): string {
  return order.quantity > 1 ? `${order.title} × ${order.quantity}` : order.title;
}
