import { ArrowLeft } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { messages } from '@shared/messages.ts';
import { readPlanIntent } from '@shared/plan-intent.ts';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { errorMessage } from '@shared/api-client.ts';
import { findPrice, useBillingConfig } from '../api/get-billing-config.ts';
import { BackToProfile } from './BackToProfile.tsx';
import { CheckoutPayment } from './CheckoutPayment.tsx';
import { LoadingState } from './LoadingState.tsx';
import { OutcomePanel } from './OutcomePanel.tsx';

/**
 * Checkout (/dashboard/checkout and /plan/checkout, `?product=<price id>`, or `?plan=gold
 * &interval=monthly` after registering with a chosen plan, src/lib/shared/plan-intent.ts). Reached by a
 * full page load, so this page is served with the CSP that lets Stripe's form in. The price id is
 * checked against what this server sells before any checkout session is made.
 */
export function CheckoutScreen() {
  useDocumentTitle('Checkout');
  const [params] = useSearchParams();
  const config = useBillingConfig();
  // `?plan=gold&interval=yearly` (a plan chosen before registering) names the plan, not its price id.
  const intent = readPlanIntent(params);
  const product = params.get('product') ?? (intent && config.data ? (config.data.prices[intent.plan][intent.interval] ?? '') : '');

  const backToPlans = (
    <Link to="/dashboard/upgradePlan" className="btn-secondary">
      <ArrowLeft className="size-4" aria-hidden="true" />
      Back to plans
    </Link>
  );

  function body() {
    if (config.isPending) return <LoadingState label="Loading checkout…" />;
    if (config.isError) {
      return (
        // docs/product.md §8: checkout failure, with "Back To Profile" to /dashboard.
        <OutcomePanel tone="error" title={messages.checkout.failed} actions={<BackToProfile />}>
          <p>{errorMessage(config.error, messages.checkout.returnError)}</p>
        </OutcomePanel>
      );
    }
    if (!config.data.enabled || !config.data.publishableKey) {
      return (
        <OutcomePanel tone="info" title="Payments unavailable" actions={backToPlans}>
          <p>{messages.billing.notConfigured}</p>
        </OutcomePanel>
      );
    }
    const price = findPrice(config.data, product);
    if (!price) {
      return (
        <OutcomePanel tone="error" title="Plan not found" actions={backToPlans}>
          <p>{messages.billing.unknownPrice}</p>
        </OutcomePanel>
      );
    }
    return <CheckoutPayment priceId={product} plan={price.plan} interval={price.interval} publishableKey={config.data.publishableKey} />;
  }

  return (
    <>
      <PageHeader title="Checkout" description="Pay securely by card to start your plan. Your card details go straight to Stripe, our payment provider." />
      {body()}
    </>
  );
}
