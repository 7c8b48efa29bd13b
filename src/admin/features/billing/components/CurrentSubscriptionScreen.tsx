import { messages } from '@shared/messages.ts';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { errorMessage } from '@shared/api-client.ts';
import { useSubscription } from '../../../lib/subscription.ts';
import { SubscriptionCard } from './SubscriptionCard.tsx';
import { LoadError } from '../../../components/ui/LoadError.tsx';

/** docs/product.md §2 Current subscription (/dashboard/currentSubscription, "Plan" in the sidebar). */
export function CurrentSubscriptionScreen() {
  useDocumentTitle('Your Plan');
  const subscription = useSubscription();

  return (
    <>
      <PageHeader title="Your Plan" description="Your subscription, its status and billing period." />
      {subscription.isPending ? (
        <div className="card h-72 animate-pulse motion-reduce:animate-none" aria-busy="true" aria-label="Loading your plan" />
      ) : subscription.isError ? (
        <LoadError message={errorMessage(subscription.error, messages.checkout.returnError)} onRetry={() => void subscription.refetch()} />
      ) : (
        <SubscriptionCard subscription={subscription.data} />
      )}
    </>
  );
}
