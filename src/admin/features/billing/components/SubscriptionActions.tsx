import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import type { SubscriptionData } from '@shared/schemas/billing.ts';
import { errorMessage } from '@shared/api-client.ts';
import { subscriptionActions } from '../../../lib/subscription-view.ts';
import { useOpenBillingPortal } from '../api/open-billing-portal.ts';
import { CancelSubscriptionDialog } from './CancelSubscriptionDialog.tsx';

/** docs/product.md §4: Upgrade, Cancel and (for Stripe subscriptions) Manage billing, as the rules allow. */
export function SubscriptionActions({ subscription }: { subscription: SubscriptionData }) {
  const actions = subscriptionActions(subscription);
  const portal = useOpenBillingPortal();
  const [canceling, setCanceling] = useState(false);
  // After a successful answer the window is on its way to Stripe.
  const leaving = portal.isPending || portal.isSuccess;
  // A failed payment is fixed under Manage billing: that becomes the first, main action.
  const billingFirst = subscription.status === 'past_due' || subscription.status === 'unpaid';

  function openPortal() {
    portal.mutate(undefined, { onError: (failure) => toast.error(errorMessage(failure, messages.billing.portalUnavailable)) });
  }

  const upgrade = actions.upgradeLabel ? (
    <Link key="upgrade" to="/dashboard/upgradePlan" className={billingFirst ? 'btn-secondary' : 'btn-primary'}>
      {actions.upgradeLabel}
    </Link>
  ) : null;
  const billing = actions.manageBilling ? (
    <button key="billing" type="button" className={billingFirst ? 'btn-primary' : 'btn-secondary'} onClick={openPortal} disabled={leaving} aria-busy={portal.isPending}>
      {leaving ? 'Opening Stripe…' : 'Manage billing'}
      <ExternalLink className="size-4" aria-hidden="true" />
    </button>
  ) : null;

  if (!upgrade && !billing && !actions.cancelLabel) return null;
  return (
    <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
      {billingFirst ? [billing, upgrade] : [upgrade, billing]}
      {actions.cancelLabel ? (
        <>
          <button
            type="button"
            className="btn border border-red-300 text-red-700 hover:bg-red-50 sm:ml-auto dark:border-red-800 dark:text-red-300 dark:hover:bg-red-950/50"
            onClick={() => setCanceling(true)}
          >
            {actions.cancelLabel}
          </button>
          <CancelSubscriptionDialog open={canceling} onOpenChange={setCanceling} planName={subscription.plan} currentPeriodEnd={subscription.currentPeriodEnd} />
        </>
      ) : null}
    </div>
  );
}
