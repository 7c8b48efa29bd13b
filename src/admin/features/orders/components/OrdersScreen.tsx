import { CalendarDays, Check, RotateCcw, ShoppingBag, X } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { formatPrice } from '@shared/currencies.ts';
import type { ListedOrder, MonthTotal } from '@shared/schemas/order.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { amountOf, refundable, STATUS, whatOf } from '../../../lib/order-view.ts';
import { useDecideOrder, useOrders, useRefundOrder } from '../api/orders.ts';

/**
 * Every date on a card in one style, the one `movesToLabel` comes in ("Wed 2 Dec, 14:00"), where
 * the property is (the guidebook's time zone, as the stay page and the host's mail say them).
 */
const at = (iso: string, order: ListedOrder) => formatStayTime(Date.parse(iso), order.timeZone);

/** What a late check-out or early check-in moves the stay to, in the host's words. */
function movesOf(order: ListedOrder): string | null {
  if (!order.movesToLabel) return null;
  const at = order.movesToLabel;
  return order.kind === 'late-checkout' ? `Check-out moves to ${at}` : order.kind === 'early-checkin' ? `Check-in moves to ${at}` : null;
}

/**
 * /dashboard/orders (docs/decisions/020-extras-and-the-money-flow.md): what guests asked for from
 * their stay links, newest first, the requests waiting for an answer on top. Approve or decline;
 * the guest gets an e-mail either way, and an approved late check-out or early check-in moves
 * the stay (and its door-code window). `?guidebook=<id>` shows one guidebook's.
 */
export function OrdersScreen() {
  useDocumentTitle('Orders');
  const [params, setParams] = useSearchParams();
  const guidebookId = params.get('guidebook');
  const orders = useOrders(guidebookId);
  const decide = useDecideOrder();
  const [declining, setDeclining] = useState<ListedOrder | null>(null);
  const refund = useRefundOrder();
  const [refunding, setRefunding] = useState<ListedOrder | null>(null);

  async function onRefund(order: ListedOrder) {
    try {
      const { message } = await refund.mutateAsync(order.id);
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error, 'The refund did not go through. Try again.'));
    } finally {
      setRefunding(null);
    }
  }

  async function onDecide(order: ListedOrder, decision: 'approve' | 'decline') {
    try {
      const { message } = await decide.mutateAsync({ orderId: order.id, decision });
      toast.success(message);
    } catch (error) {
      toast.error(errorMessage(error, 'The order could not be changed. Try again.'));
    } finally {
      setDeclining(null);
    }
  }

  const list = orders.data?.orders ?? [];
  const waiting = list.filter((order) => order.status === 'requested');
  const earlier = list.filter((order) => order.status !== 'requested');
  const guidebookName = list[0]?.guidebookName;

  return (
    <>
      <PageHeader title="Orders" description="What guests asked for or bought from their stay links (or a guidebook’s public link, where you offer extras there). Approve or decline each request: your guest gets an e-mail either way. A card authorised online is charged when you approve; otherwise payment is settled on site." />
      {guidebookId ? (
        <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-muted">
          Showing {guidebookName ? <strong className="text-ink">{guidebookName}</strong> : 'one guidebook'}
          <button type="button" className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300" onClick={() => setParams({})}>
            Show all guidebooks
          </button>
        </p>
      ) : null}
      {orders.isError ? (
        <LoadError message={errorMessage(orders.error, 'The orders could not be loaded.')} onRetry={() => void orders.refetch()} />
      ) : orders.isPending ? (
        <p role="status" className="text-muted">
          Loading the orders…
        </p>
      ) : list.length === 0 ? (
        <div className="card flex flex-col items-center gap-3 p-10 text-center">
          <ShoppingBag className="size-8 text-muted" aria-hidden="true" />
          <p className="font-semibold">No orders yet</p>
          <p className="max-w-md text-sm text-muted">
            Offer a late check-out, an early check-in or a breakfast basket in a guidebook’s Extras section; guests ask for them from their stay links, and each request
            shows here.
          </p>
          <Link to="/dashboard" className="btn-secondary">
            Your guidebooks
          </Link>
        </div>
      ) : (
        <div className="grid gap-8">
          {orders.data.months.length > 0 ? <MonthTotals months={orders.data.months} /> : null}
          {waiting.length > 0 ? <OrderList title="Waiting for you" orders={waiting} busy={decide.isPending} onApprove={(order) => void onDecide(order, 'approve')} onDecline={setDeclining} /> : null}
          {earlier.length > 0 ? <OrderList title={waiting.length > 0 ? 'Earlier' : 'All orders'} orders={earlier} busy={refund.isPending} onRefund={setRefunding} /> : null}
        </div>
      )}
      <ConfirmDialog
        open={declining !== null}
        onOpenChange={(open) => {
          if (!open) setDeclining(null);
        }}
        title={declining ? `Decline “${whatOf(declining)}”?` : 'Decline?'}
        description="Your guest gets an e-mail saying you cannot offer it this time. This cannot be undone."
        confirmLabel="Decline"
        danger
        busy={decide.isPending}
        onConfirm={() => declining && void onDecide(declining, 'decline')}
      />
      <ConfirmDialog
        open={refunding !== null}
        onOpenChange={(open) => {
          if (!open) setRefunding(null);
        }}
        title={refunding ? `Refund “${whatOf(refunding)}”?` : 'Refund?'}
        description="Your guest gets the whole amount back on their card and an e-mail saying so; it comes out of your Stripe balance. A late check-out or early check-in goes back to the booked time. This cannot be undone."
        confirmLabel="Refund"
        danger
        busy={refund.isPending}
        onConfirm={() => refunding && void onRefund(refunding)}
      />
    </>
  );
}

const monthName = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** What was sold each month (paid or approved, refunds left out), as a small table. */
function MonthTotals({ months }: { months: MonthTotal[] }) {
  return (
    <section aria-labelledby="orders-months" className="card p-4 sm:p-5">
      <h2 id="orders-months" className="font-display text-lg font-bold text-ink">
        Sold per month
      </h2>
      <p className="mt-0.5 text-sm text-muted">Paid and approved orders, refunds left out.</p>
      <table className="mt-3 w-full text-left text-sm">
        <thead className="text-muted">
          <tr>
            <th scope="col" className="py-1.5 pr-3 font-semibold">
              Month
            </th>
            <th scope="col" className="py-1.5 pr-3 text-right font-semibold">
              Orders
            </th>
            <th scope="col" className="py-1.5 text-right font-semibold">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          {months.map((total) => (
            <tr key={`${total.month}-${total.currency}`} className="border-t border-line">
              <th scope="row" className="py-1.5 pr-3 font-medium text-ink">
                {monthName.format(new Date(`${total.month}-01T00:00:00Z`))}
              </th>
              <td className="py-1.5 pr-3 text-right tabular-nums">{total.orders}</td>
              <td className="py-1.5 text-right font-semibold tabular-nums text-ink">{formatPrice(total.amount, total.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

interface ListProps {
  title: string;
  orders: ListedOrder[];
  busy: boolean;
  onApprove?: (order: ListedOrder) => void;
  onDecline?: (order: ListedOrder) => void;
  onRefund?: (order: ListedOrder) => void;
}

function OrderList({ title, orders, busy, onApprove, onDecline, onRefund }: ListProps) {
  return (
    <section aria-label={title}>
      <h2 className="mb-3 font-display text-lg font-bold text-ink">{title}</h2>
      <ul className="grid gap-3">
        {orders.map((order) => {
          const status = STATUS[order.status];
          const moves = movesOf(order);
          return (
            <li key={order.id} className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold text-ink">{whatOf(order)}</span>
                  <span className="font-semibold text-ink">· {amountOf(order)}</span>
                  <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${status.className}`}>{status.label}</span>
                </p>
                <p className="mt-1 text-sm text-muted">
                  {order.guestName || 'A guest'} · {order.guidebookName || 'Untitled guidebook'}
                  {order.stayId === null ? (order.stayRemoved ? ' · stay removed' : ' · public link') : ''}
                </p>
                {order.stay ? (
                  <p className="mt-1 flex items-center gap-1.5 text-sm text-ink" data-testid="order-stay">
                    <CalendarDays className="size-4 shrink-0 text-muted" aria-hidden="true" />
                    <span>
                      Stay <time dateTime={order.stay.checkIn}>{at(order.stay.checkIn, order)}</time> → <time dateTime={order.stay.checkOut}>{at(order.stay.checkOut, order)}</time>
                    </span>
                  </p>
                ) : null}
                {moves ? <p className="mt-1 text-sm font-medium text-ink">{moves}</p> : null}
                <p className="mt-1 text-sm text-muted">
                  Asked <time dateTime={order.createdAt}>{at(order.createdAt, order)}</time>
                </p>
                {order.guestNote ? <p className="mt-2 border-l-2 border-line pl-3 text-sm text-ink">“{order.guestNote}”</p> : null}
                {order.guestEmail ? (
                  <p className="mt-1 text-sm">
                    <a className="text-brand-700 underline underline-offset-2 dark:text-brand-300" href={`mailto:${order.guestEmail}`}>
                      {order.guestEmail}
                    </a>
                  </p>
                ) : null}
              </div>
              {onApprove && onDecline ? (
                <div className="flex shrink-0 flex-wrap gap-2">
                  <button type="button" className="btn-primary px-4 py-2" disabled={busy} onClick={() => onApprove(order)}>
                    <Check className="size-4" aria-hidden="true" />
                    Approve<span className="sr-only"> {whatOf(order)} for {order.guestName || 'the guest'}</span>
                  </button>
                  <button type="button" className="btn-secondary px-4 py-2" disabled={busy} onClick={() => onDecline(order)}>
                    <X className="size-4" aria-hidden="true" />
                    Decline<span className="sr-only"> {whatOf(order)} for {order.guestName || 'the guest'}</span>
                  </button>
                </div>
              ) : onRefund && refundable(order) ? (
                <div className="flex shrink-0 flex-wrap gap-2">
                  <button type="button" className="btn-secondary px-4 py-2" disabled={busy} onClick={() => onRefund(order)}>
                    <RotateCcw className="size-4" aria-hidden="true" />
                    Refund<span className="sr-only"> {whatOf(order)} for {order.guestName || 'the guest'}</span>
                  </button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
