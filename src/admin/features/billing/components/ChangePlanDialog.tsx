import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import { findPlan } from '@shared/plans.ts';
import type { SubscriptionData } from '@shared/schemas/billing.ts';
import { errorMessage } from '@shared/api-client.ts';
import { reloadAfterPlanChange } from '../../../lib/subscription.ts';
import { useSubscriptionChangePreview } from '../api/preview-subscription-change.ts';
import { useUpdateSubscriptionPrice } from '../api/update-subscription-price.ts';
import { changeSummary, type ChangeTarget } from '../plan-choice.ts';
import { LoadingState } from './LoadingState.tsx';

interface Props {
  target: ChangeTarget | null;
  subscription: SubscriptionData;
  onClose: () => void;
}

const alert = 'rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200';

/**
 * docs/product.md §4: an upgrade or a downgrade is confirmed in a modal that first says what will happen,
 * from the server's preview (the prorated charge is Stripe's to compute). A refusal or a failed
 * payment stays visible here, in the server's words, besides the docs/product.md §8 toast.
 */
export function ChangePlanDialog({ target, subscription, onClose }: Props) {
  const navigate = useNavigate();
  const preview = useSubscriptionChangePreview(target?.priceId ?? null);
  const update = useUpdateSubscriptionPrice();
  const [error, setError] = useState<string | null>(null);
  // After success the page moves on and reloads: nothing more to click here.
  const busy = update.isPending || update.isSuccess;

  function setOpen(open: boolean) {
    if (open || busy) return;
    setError(null);
    update.reset();
    onClose();
  }

  function confirm() {
    if (!target) return;
    setError(null);
    update.mutate(
      { newPriceId: target.priceId, newInterval: target.interval },
      {
        onSuccess: ({ message, change }) => {
          toast.success(message || (change === 'upgrade' ? messages.subscription.upgraded : messages.subscription.downgraded));
          // docs/product.md §4: after a confirmed change, the profile, a toast, and a reload 2 s later.
          navigate('/dashboard/profile');
          reloadAfterPlanChange();
        },
        onError: (failure) => {
          toast.error(messages.subscription.updateFailed);
          setError(errorMessage(failure, messages.subscription.updateFailed));
        },
      },
    );
  }

  const name = target ? findPlan(target.plan).name : '';
  const samePlan = target?.plan === subscription.planId;
  const verb = target?.change === 'upgrade' ? 'Upgrade' : 'Downgrade';
  const title = samePlan ? `Switch to ${target?.interval} billing?` : `${verb} to ${name}?`;

  return (
    <AlertDialog.Root open={target !== null} onOpenChange={setOpen}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-stone-950/60 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[60] max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-6 text-ink shadow-2xl outline-none">
          <AlertDialog.Title className="font-display text-xl font-bold">{title}</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-3 text-muted" aria-live="polite" aria-busy={preview.isPending}>
              {preview.isPending ? (
                <LoadingState label="Working out the price…" compact />
              ) : preview.isError ? (
                <p className={alert}>{errorMessage(preview.error, messages.subscription.updateFailed)}</p>
              ) : preview.data ? (
                <p className="text-ink">
                  {changeSummary(preview.data, { planName: subscription.plan, interval: subscription.paymentInterval, currentPeriodEnd: subscription.currentPeriodEnd })}
                </p>
              ) : null}
            </div>
          </AlertDialog.Description>
          <p role="alert" className={error ? `mt-4 ${alert}` : 'sr-only'}>
            {error ?? ''}
          </p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="btn-secondary" disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <button type="button" className="btn-primary" disabled={busy || !preview.isSuccess} aria-busy={update.isPending} onClick={confirm}>
              {update.isPending ? 'Working…' : samePlan ? 'Confirm switch' : `Confirm ${verb.toLowerCase()}`}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
