import { useEffect, useRef, useState, type ReactNode, type SubmitEvent } from 'react';
import { api, serverMessageOf } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import type { DecisionLinkPage, LinkDecision, LinkedOrder } from '@shared/order-decision.ts';
import AuthCard from '../auth/AuthCard.tsx';

/**
 * The page of a mailed Approve or Decline link (docs/product/extras-and-orders.md): the order, and one button
 * that posts the decision. Opening the page changes nothing; the button does, once.
 */
type Props = { page: DecisionLinkPage };

type Outcome = { ok: true; message: string } | { ok: false; message: string };

const VERB: Record<LinkDecision, { button: string; busy: string; done: string }> = {
  approve: { button: 'Approve', busy: 'Approving…', done: 'Approved' },
  decline: { button: 'Decline', busy: 'Declining…', done: 'Declined' },
};

const link = 'font-semibold text-brand-800 underline-offset-4 hover:underline dark:text-brand-300';

function Icon({ tone }: { tone: 'ok' | 'info' | 'error' }) {
  const style = { ok: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950 dark:text-emerald-300', info: 'bg-sky-100 text-sky-800 dark:bg-sky-950 dark:text-sky-300', error: 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300' }[tone];
  const path = { ok: 'm5 12.5 4.5 4.5L19 7.5', info: 'M12 11v6M12 7v.01', error: 'M6.5 6.5l11 11M17.5 6.5l-11 11' }[tone];
  return (
    <span className={`flex size-16 items-center justify-center rounded-full ${style}`} aria-hidden="true">
      <svg className="size-8" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" strokeLinejoin="round">
        <path d={path} />
      </svg>
    </span>
  );
}

/** "Late check-out until Sun 6 Dec, 14:00", "Breakfast basket × 2". */
function what(order: LinkedOrder): string {
  if (order.movesToLabel && order.kind === 'late-checkout') return `${order.title} until ${order.movesToLabel}`;
  if (order.movesToLabel && order.kind === 'early-checkin') return `${order.title} from ${order.movesToLabel}`;
  return order.quantity > 1 ? `${order.title} × ${order.quantity}` : order.title;
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 py-3 sm:grid-cols-[7.5rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-muted">{label}</dt>
      <dd className="min-w-0 text-[0.9375rem] text-ink [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

function OrderDetails({ order }: { order: LinkedOrder }) {
  return (
    <dl className="divide-y divide-line border-y border-line">
      <Row label="Guidebook">{order.guidebookName || 'Your guidebook'}</Row>
      <Row label="Guest">{order.guestName || 'A guest'}</Row>
      <Row label="Extra">{what(order)}</Row>
      {order.stayLabel ? <Row label="Stay">{order.stayLabel}</Row> : null}
      <Row label="Amount">
        {order.amountLabel}
        <span className="block text-sm text-muted">{order.paid ? 'Card held: charged when you approve, released when you decline.' : 'Settled on site.'}</span>
      </Row>
      {order.note ? (
        <Row label="Their note">
          <q className="italic">{order.note}</q>
        </Row>
      ) : null}
    </dl>
  );
}

function Live({ page }: { page: Extract<DecisionLinkPage, { state: 'live' }> }) {
  const { order, decision, token } = page;
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const result = useRef<HTMLDivElement>(null);
  const other: LinkDecision = decision === 'approve' ? 'decline' : 'approve';
  const otherHref = `/orders/${encodeURIComponent(order.id)}/${other}?token=${encodeURIComponent(token)}`;

  useEffect(() => {
    if (outcome) result.current?.focus();
  }, [outcome]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const answer = await api.post<{ message: string }>(`/api/orders/${encodeURIComponent(order.id)}/decide`, { token, decision });
      setOutcome({ ok: true, message: answer.message });
    } catch (error) {
      setOutcome({ ok: false, message: serverMessageOf(error) ?? 'The decision could not be saved. Please try again, or decide in your orders.' });
    } finally {
      setBusy(false);
    }
  }

  if (outcome) {
    const moved = outcome.ok && decision === 'approve' && order.movesToLabel;
    return (
      <AuthCard
        icon={<Icon tone={outcome.ok ? 'ok' : 'error'} />}
        title={outcome.ok ? VERB[decision].done : 'Not decided'}
        footer={
          <a href={page.dashboardUrl} className={link}>
            Open your orders
          </a>
        }
      >
        <div ref={result} tabIndex={-1} role={outcome.ok ? 'status' : 'alert'} className="grid gap-2 text-center text-[0.9375rem] leading-relaxed text-ink outline-none">
          <p>{outcome.message}</p>
          {moved ? <p className="text-muted">{order.kind === 'late-checkout' ? `Check-out is now ${order.movesToLabel}.` : `Check-in is now ${order.movesToLabel}.`}</p> : null}
        </div>
      </AuthCard>
    );
  }

  const noun = order.paid ? 'order' : 'request';
  return (
    <AuthCard
      title={`${VERB[decision].button} this ${noun}?`}
      description={`${order.guestName || 'A guest'} asks for ${order.title} at ${order.guidebookName || 'your guidebook'}.`}
      footer={
        <a href={page.dashboardUrl} className={link}>
          Open your orders
        </a>
      }
    >
      <OrderDetails order={order} />
      <form onSubmit={onSubmit} aria-busy={busy} className="mt-6 grid gap-3">
        <button type="submit" className="btn-primary w-full py-3 text-base" disabled={busy}>
          {busy ? VERB[decision].busy : `${VERB[decision].button} ${order.title}`}
        </button>
        <a href={otherHref} className="btn-secondary w-full py-3 text-base">
          {decision === 'approve' ? 'Decline instead' : 'Approve instead'}
        </a>
      </form>
    </AuthCard>
  );
}

/** /orders/:orderId/:decision?token=… (src/pages/orders/[orderId]/[decision].astro). */
export default function OrderDecision({ page }: Props) {
  if (page.state === 'live') return <Live page={page} />;
  if (page.state === 'spent') {
    return (
      <AuthCard
        icon={<Icon tone="info" />}
        title={page.status === 'approved' ? 'Already approved' : page.status === 'declined' ? 'Already declined' : 'No longer waiting'}
        description={page.message}
        footer={
          <a href={page.dashboardUrl} className={link}>
            Open your orders
          </a>
        }
      >
        <p className="text-center text-sm text-muted">Each decision link works once, while the order waits for your answer.</p>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      icon={<Icon tone="error" />}
      title={page.state === 'limited' ? 'Too many tries' : messages.orderLinks.notValid}
      description={page.state === 'limited' ? page.message : messages.orderLinks.notValidText}
    >
      <a href="/dashboard/orders" className="btn-primary w-full py-3 text-base">
        Open your orders
      </a>
    </AuthCard>
  );
}
