import { LoaderCircle, RefreshCw, Unplug } from 'lucide-react';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import type { LockAccountView } from '@shared/schemas/locks.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { Notice } from '../../../components/ui/Notice.tsx';
import { useDisconnectLocks, useRefresh } from '../api/locks.ts';
import { LockRow } from './LockRow.tsx';

/**
 * One connected lock account (docs/product/locks.md): its brand and state, Refresh, Disconnect
 * behind a dialog, and its locks, each with the guidebook it opens. Once the plan no longer includes
 * smart locks (`lapsed`), its locks and Disconnect only, which is open on any plan.
 */
export function LockAccountCard({ account, guidebooks, lapsed = false }: { account: LockAccountView; guidebooks: Array<{ id: string; name: string }>; lapsed?: boolean }) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const refresh = useRefresh(account.id);
  const disconnect = useDisconnectLocks(account.id);
  const report = (fallback: string) => ({ onSuccess: ({ message }: { message: string }) => toast.success(message), onError: (failure: Error) => toast.error(errorMessage(failure, fallback)) });

  return (
    <section aria-labelledby={`${id}-title`} className="card grid gap-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${id}-title`} className="font-display text-lg font-bold text-ink">
          {account.label}
        </h2>
        <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${account.state === 'connected' ? 'bg-brand-50 text-brand-900 dark:text-brand-200' : 'bg-amber-100 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100'}`}>
          {account.state === 'connected' ? 'Connected' : 'Needs its password again'}
        </span>
      </div>
      {account.state === 'disconnected' ? <Notice tone="warning">{`The ${account.label} account needs its password again: disconnect it, then connect it again.`}</Notice> : null}
      {account.devices.length === 0 ? (
        <p className="text-sm text-muted">Seam lists no locks in this account yet. Refresh once they are set up in the lock’s own app.</p>
      ) : (
        <ul className="grid" aria-label={`Locks of ${account.label}`}>
          {account.devices.map((lock) => (
            <LockRow key={lock.id} lock={lock} guidebooks={guidebooks} lapsed={lapsed} />
          ))}
        </ul>
      )}
      {lapsed ? null : <p className="text-sm text-muted">One lock per guidebook for now.</p>}
      <div className="flex flex-wrap items-center justify-between gap-3 border-t border-line pt-4">
        {lapsed ? (
          <span />
        ) : (
          <button type="button" className="btn-secondary aria-disabled:cursor-wait aria-disabled:opacity-60" aria-disabled={refresh.isPending || undefined} onClick={() => !refresh.isPending && refresh.mutate(undefined, report('The account could not be refreshed. Please try again.'))}>
            {refresh.isPending ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <RefreshCw className="size-4" aria-hidden="true" />}
            {refresh.isPending ? 'Refreshing…' : 'Refresh'}
          </button>
        )}
        <button type="button" className="btn-secondary text-red-700 dark:text-red-300" onClick={() => setConfirming(true)}>
          <Unplug className="size-4" aria-hidden="true" />
          Disconnect
        </button>
      </div>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${account.label}?`}
        description={`Its locks leave Porchlight, with the guidebooks they open. Nothing changes on the locks themselves; to use them again, connect the account anew.`}
        confirmLabel="Disconnect"
        danger
        busy={disconnect.isPending}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            ...report(`${account.label} could not be disconnected. Please try again.`),
            onSettled: () => setConfirming(false),
          })
        }
      />
    </section>
  );
}
