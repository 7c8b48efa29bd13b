import { useState } from 'react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { PLANS, type BillingInterval, type PlanId } from '@shared/plans.ts';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { errorMessage } from '@shared/api-client.ts';
import { useSubscription } from '../../../lib/subscription.ts';
import { useBillingConfig } from '../api/get-billing-config.ts';
import { planButton, planButtonLabel, purchaseBlock, type ChangeTarget, type PlanButton } from '../plan-choice.ts';
import { ChangePlanDialog } from './ChangePlanDialog.tsx';
import { IntervalToggle } from './IntervalToggle.tsx';
import { Notice } from '../../../components/ui/Notice.tsx';
import { PlanCard } from './PlanCard.tsx';

/**
 * docs/product.md §2 Pricing view, opened from the dashboard: the landing page's plans, with the current one
 * marked and each other one leading to checkout or to a confirmed change (docs/product.md §4).
 */
export function UpgradePlanScreen() {
  useDocumentTitle('Choose a Plan');
  const subscription = useSubscription();
  const config = useBillingConfig();
  const [chosen, setChosen] = useState<BillingInterval | null>(null);
  const [target, setTarget] = useState<ChangeTarget | null>(null);
  // Open on the period the host pays by, so their own plan shows as "Current Plan".
  const interval = chosen ?? subscription.data?.paymentInterval ?? 'monthly';
  const failure = subscription.error ?? config.error;

  return (
    <>
      <PageHeader title="Choose a Plan" description="Simple plans. No hidden fees. Cancel anytime." actions={<IntervalToggle value={interval} onChange={setChosen} />} />

      {failure ? (
        <LoadError message={errorMessage(failure, messages.checkout.returnError)} onRetry={() => void Promise.all([subscription.refetch(), config.refetch()])} />
      ) : !subscription.data || !config.data ? (
        <div className="@container" aria-busy="true" aria-label="Loading plans">
          <div className="grid gap-6 @3xl:grid-cols-3" aria-hidden="true">
            {PLANS.map((plan) => (
              <div key={plan.id} className="card h-[30rem] animate-pulse motion-reduce:animate-none" />
            ))}
          </div>
        </div>
      ) : (
        <Plans
          interval={interval}
          block={purchaseBlock(subscription.data, config.data)}
          buttonOf={(plan) => planButton(plan, interval, subscription.data, config.data)}
          currentPlan={subscription.data.planId}
          onChange={setTarget}
        />
      )}

      {subscription.data ? <ChangePlanDialog target={target} subscription={subscription.data} onClose={() => setTarget(null)} /> : null}
    </>
  );
}

interface PlansProps {
  interval: BillingInterval;
  block: string | null;
  buttonOf: (plan: PlanId) => PlanButton;
  currentPlan: PlanId;
  onChange: (target: ChangeTarget) => void;
}

function Plans({ interval, block, buttonOf, currentPlan, onChange }: PlansProps) {
  return (
    <div className="grid gap-8">
      {block ? (
        <Notice>
          <p>{block}</p>
          {/* The other reasons are about the subscription, which the Plan page shows in full. */}
          {block !== messages.billing.notConfigured ? (
            <Link to="/dashboard/currentSubscription" className="mt-1 inline-block font-semibold underline underline-offset-2">
              See your Plan page
            </Link>
          ) : null}
        </Notice>
      ) : null}
      {/* Three columns once the content area (not the window) is wide enough: the sidebar takes 19.5rem. */}
      <div className="@container">
        <ul className="grid gap-6 pt-3 @3xl:grid-cols-3" aria-label="Plans">
          {PLANS.map((plan) => {
            const button = buttonOf(plan.id);
            return (
              <PlanCard
                key={plan.id}
                plan={plan}
                interval={interval}
                button={button}
                label={planButtonLabel(plan.id, interval, button, currentPlan)}
                onChange={onChange}
              />
            );
          })}
        </ul>
      </div>
    </div>
  );
}
