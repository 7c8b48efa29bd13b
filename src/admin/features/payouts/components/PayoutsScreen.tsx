import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { usePayouts } from '../../../lib/payouts.ts';
import { useRefreshPayouts } from '../api/payout-mutations.ts';
import { CurrencyCard } from './CurrencyCard.tsx';
import { PaymentsCard } from './PaymentsCard.tsx';

/**
 * Back from Stripe (`?onboarding=done`, or `=refresh` when its link ran out): the account is re-read
 * once, since its Connect event may not be here yet, and the answer is said in a toast. The query
 * parameter goes, so a reload does not ask again.
 */
function useOnboardingReturn() {
  const [params, setParams] = useSearchParams();
  const refresh = useRefreshPayouts();
  const asked = useRef(false);
  const returned = params.get('onboarding');

  useEffect(() => {
    if (!returned || asked.current) return;
    asked.current = true;
    setParams({}, { replace: true });
    refresh.mutate(undefined, {
      onSuccess: (state) => {
        if (state.detailsSubmitted && state.chargesEnabled) toast.success(messages.payouts.connected);
        else toast.info(messages.payouts.needsDetails);
      },
      onError: (failure) => toast.error(errorMessage(failure, messages.billing.stripeUnavailable)),
    });
  }, [returned, refresh, setParams]);
}

/** docs/product.md §2 Payouts (/dashboard/payouts): the currency of the host's extras and the Stripe account paid for them. */
export function PayoutsScreen() {
  useDocumentTitle('Payouts');
  const payouts = usePayouts();
  useOnboardingReturn();

  return (
    <>
      <PageHeader title="Payouts" description="Your Stripe account, for the extras guests pay for by card, and the currency of your extras." />
      {payouts.isPending ? (
        <div className="card h-72 animate-pulse motion-reduce:animate-none" aria-busy="true" aria-label="Loading your payouts" />
      ) : payouts.isError ? (
        <LoadError message={errorMessage(payouts.error, messages.payouts.loadFailed)} onRetry={() => void payouts.refetch()} />
      ) : (
        <div className="grid max-w-3xl gap-6">
          <CurrencyCard currency={payouts.data.currency} />
          <PaymentsCard state={payouts.data} />
        </div>
      )}
    </>
  );
}
