import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import type { BillingInterval, PaidPlanId } from '@shared/plans.ts';
import { ApiError } from '@shared/api-client.ts';
import { useCheckoutSession } from '../api/create-checkout-session.ts';
import { BackToProfile } from './BackToProfile.tsx';
import { LoadingState } from './LoadingState.tsx';
import { OrderSummary } from './OrderSummary.tsx';
import { OutcomePanel } from './OutcomePanel.tsx';
import { StripeCheckoutForm } from './StripeCheckoutForm.tsx';

interface Props {
  priceId: string;
  plan: PaidPlanId;
  interval: BillingInterval;
  publishableKey: string;
}

/** docs/product.md §4 Checkout: fetch the client secret, then show the form beside what is being bought. */
export function CheckoutPayment({ priceId, plan, interval, publishableKey }: Props) {
  const session = useCheckoutSession(priceId);

  if (session.isPending) return <LoadingState label="Preparing the payment form…" />;
  if (session.isError) return <CheckoutRefused error={session.error} />;

  return (
    <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
      <OrderSummary plan={plan} interval={interval} />
      <StripeCheckoutForm publishableKey={publishableKey} clientSecret={session.data} />
    </div>
  );
}

/** Why no checkout session was made: the server's words where they help the host on. */
function CheckoutRefused({ error }: { error: Error }) {
  const status = error instanceof ApiError ? error.status : 0;
  // A network failure's own words ("Failed to fetch") help nobody; the server's do.
  const said = (fallback: string) => (error instanceof ApiError ? error.message : fallback);
  if (status === 409) {
    // Already subscribed: changing plans happens on the Plan page, not with a second subscription.
    return (
      <OutcomePanel
        tone="info"
        title="You already have a plan"
        actions={
          <Link to="/dashboard/currentSubscription" className="btn-primary">
            Go to your Plan page
          </Link>
        }
      >
        <p>{said(messages.billing.alreadySubscribed)}</p>
      </OutcomePanel>
    );
  }
  if (status === 400 || status === 503) {
    const back = (
      <Link to="/dashboard/upgradePlan" className="btn-secondary">
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to plans
      </Link>
    );
    return (
      <OutcomePanel tone="error" title={status === 503 ? 'Payments unavailable' : 'Plan not found'} actions={back}>
        <p>{said(status === 503 ? messages.billing.notConfigured : messages.billing.unknownPrice)}</p>
      </OutcomePanel>
    );
  }
  return (
    <OutcomePanel tone="error" title={messages.checkout.failed} actions={<BackToProfile />}>
      <p>{said(messages.billing.stripeUnavailable)}</p>
    </OutcomePanel>
  );
}
