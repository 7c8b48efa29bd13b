import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '@shared/messages.ts';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { refreshPlan } from '../../../lib/subscription.ts';
import { isPaid, useSessionStatus } from '../api/get-session-status.ts';
import { LoadingState } from './LoadingState.tsx';
import { OutcomePanel } from './OutcomePanel.tsx';

/**
 * docs/product.md §2 Return (`?session_id=`), where Stripe sends the payer: paid or not
 * (docs/product.md §8 texts). The server syncs the subscription while answering, so a paid outcome
 * refreshes the plan everywhere.
 */
export function CheckoutReturnScreen() {
  const [params] = useSearchParams();
  const sessionId = params.get('session_id') ?? '';
  const status = useSessionStatus(sessionId);
  const queryClient = useQueryClient();
  const paid = status.data ? isPaid(status.data) : false;
  useDocumentTitle(paid ? messages.checkout.paidTitle : 'Payment status');

  useEffect(() => {
    if (paid) void refreshPlan(queryClient);
  }, [paid, queryClient]);

  if (sessionId && status.isPending) return <LoadingState label="Checking your payment…" />;

  if (!sessionId || status.isError) {
    return (
      <OutcomePanel level="h1" tone="error" title="Error" actions={<Link to="/dashboard" className="btn-primary">Back to dashboard</Link>}>
        <p role="alert">{messages.checkout.returnError}</p>
      </OutcomePanel>
    );
  }

  if (paid) {
    return (
      <OutcomePanel level="h1" tone="success" title={messages.checkout.paidTitle} actions={<Link to="/dashboard" className="btn-primary">Go to dashboard</Link>}>
        <p role="status">{messages.checkout.paidText}</p>
      </OutcomePanel>
    );
  }

  return (
    // /pricing is a server route (it redirects to the pricing view): a plain link.
    <OutcomePanel level="h1" tone="error" title={messages.checkout.unpaidTitle} actions={<a href="/pricing" className="btn-primary">Try again</a>}>
      <p role="alert">{messages.checkout.unpaidText}</p>
    </OutcomePanel>
  );
}
