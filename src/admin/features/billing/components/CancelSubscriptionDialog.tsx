import { AlertDialog } from 'radix-ui';
import { useState } from 'react';
import { toast } from 'sonner';
import { messages } from '@shared/messages.ts';
import { errorMessage } from '@shared/api-client.ts';
import { reloadAfterPlanChange } from '../../../lib/subscription.ts';
import { formatDate } from '../../../lib/subscription-view.ts';
import { useCancelSubscription } from '../api/cancel-subscription.ts';

interface Props {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  planName: string;
  currentPeriodEnd: string | null;
}

/**
 * docs/product.md §4: going to Free is a cancellation at the period end: the paid features stay until then,
 * nothing more is charged, and it cannot be undone. Asked before it is done; focus starts on
 * "Keep my plan", and a click outside does not count as a yes.
 */
export function CancelSubscriptionDialog({ open, onOpenChange, planName, currentPeriodEnd }: Props) {
  const cancel = useCancelSubscription();
  const [error, setError] = useState<string | null>(null);
  const busy = cancel.isPending || cancel.isSuccess;
  const until = currentPeriodEnd ? `until ${formatDate(currentPeriodEnd)}` : 'until the end of the billing period';

  function setOpen(next: boolean) {
    if (busy) return;
    if (!next) setError(null);
    onOpenChange(next);
  }

  function confirm() {
    setError(null);
    cancel.mutate(undefined, {
      onSuccess: () => {
        toast.success(messages.subscription.canceled);
        // docs/product.md §4: after cancel the page reloads (after the toast has been read, docs/product.md §9).
        reloadAfterPlanChange();
      },
      onError: (failure) => {
        toast.error(messages.subscription.cancelFailed);
        setError(errorMessage(failure, messages.subscription.cancelFailed));
      },
    });
  }

  return (
    <AlertDialog.Root open={open} onOpenChange={setOpen}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[60] bg-stone-950/60 backdrop-blur-[2px]" />
        <AlertDialog.Content className="fixed left-1/2 top-1/2 z-[60] max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-line bg-surface p-6 text-ink shadow-2xl outline-none">
          <AlertDialog.Title className="font-display text-xl font-bold">Cancel your subscription?</AlertDialog.Title>
          <AlertDialog.Description asChild>
            <div className="mt-3 grid gap-2 text-muted">
              <p>
                {/* An unpaid subscription already shows as Free: there are no features to keep. */}
                {planName === 'Free'
                  ? `Your subscription runs ${until}, then ends; you will not be charged again.`
                  : `You keep ${planName} ${until}. After that your account moves to Free and you will not be charged again.`}
              </p>
              <p className="font-medium text-ink">This cannot be undone.</p>
            </div>
          </AlertDialog.Description>
          <p role="alert" className={error ? 'mt-4 rounded-xl bg-red-50 px-4 py-3 text-sm font-medium text-red-800 dark:bg-red-950/60 dark:text-red-200' : 'sr-only'}>
            {error ?? ''}
          </p>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className="btn-secondary" disabled={busy}>
              Keep my plan
            </AlertDialog.Cancel>
            <button type="button" className="btn bg-red-700 text-white hover:bg-red-800" disabled={busy} aria-busy={cancel.isPending} onClick={confirm}>
              {cancel.isPending ? 'Canceling…' : 'Cancel subscription'}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
