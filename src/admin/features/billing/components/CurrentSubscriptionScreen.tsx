import { RotateCw } from 'lucide-react';
import { messages } from '../../../../lib/shared/messages.ts';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { errorMessage } from '../../../lib/api-client.ts';
import { useSubscription } from '../../../lib/subscription.ts';
import { SubscriptionCard } from './SubscriptionCard.tsx';

/** SPEC §2 Current subscription (/dashboard/currentSubscription, "Plan" in the sidebar). */
export function CurrentSubscriptionScreen() {
  useDocumentTitle('Your Plan');
  const subscription = useSubscription();

  return (
    <>
      <PageHeader title="Your Plan" description="Your subscription, its status and billing period." />
      {subscription.isPending ? (
        <div className="card h-72 animate-pulse motion-reduce:animate-none" aria-busy="true" aria-label="Loading your plan" />
      ) : subscription.isError ? (
        <div className="card flex flex-wrap items-center justify-between gap-3 p-5">
          <p role="alert" className="font-medium text-red-700 dark:text-red-400">
            {errorMessage(subscription.error, messages.checkout.returnError)}
          </p>
          <button type="button" className="btn-secondary" onClick={() => void subscription.refetch()}>
            <RotateCw className="size-4" aria-hidden="true" />
            Try again
          </button>
        </div>
      ) : (
        <SubscriptionCard subscription={subscription.data} />
      )}
    </>
  );
}
