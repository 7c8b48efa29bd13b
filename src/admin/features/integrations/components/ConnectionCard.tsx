import { LoaderCircle, RefreshCw, Unplug } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { errorMessage, serverMessageOf } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import type { IntegrationView } from '@shared/schemas/integrations.ts';
import { ConfirmDialog } from '../../../components/ui/ConfirmDialog.tsx';
import { Notice } from '../../../components/ui/Notice.tsx';
import { useDisconnect, useSync } from '../api/integrations.ts';
import { PropertiesForm } from './PropertiesForm.tsx';
import { WebhookStep } from './WebhookStep.tsx';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-3">
      <dt className="text-sm text-muted">{term}</dt>
      <dd className="text-ink [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}

/** "Sync now": the answer's own sentence ("2 stays added, 1 moved"), or its refusal (409 running or to connect again, 429 past six an hour, 502 the system silent). */
function SyncNow({ integration }: { integration: IntegrationView }) {
  const sync = useSync(integration.id);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  function run() {
    if (sync.isPending) return;
    setOutcome(null);
    sync.mutate(undefined, {
      onSuccess: ({ message }) => setOutcome({ ok: true, text: message }),
      // The server's own words (409 running or to connect again, 429 past six an hour, 502 the system silent); no answer at all reads as the system's silence.
      onError: (failure) => setOutcome({ ok: false, text: serverMessageOf(failure) ?? messages.integrations.unreachable(integration.label) }),
    });
  }
  return (
    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
      {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page's start. */}
      <button type="button" className="btn-secondary aria-disabled:cursor-wait aria-disabled:opacity-60" aria-disabled={sync.isPending || undefined} onClick={run}>
        {sync.isPending ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : <RefreshCw className="size-4" aria-hidden="true" />}
        {sync.isPending ? 'Syncing…' : 'Sync now'}
      </button>
      <p role={outcome && !outcome.ok ? 'alert' : 'status'} className={outcome && !outcome.ok ? 'text-sm font-medium text-red-700 dark:text-red-400' : 'text-sm text-muted'}>
        {outcome?.text ?? ''}
      </p>
    </div>
  );
}

/**
 * One connected system (docs/product/integrations.md, Status): its account, who connected it and
 * when, the last sync, the last webhook and the last error, "Sync now", its properties, the
 * webhook to paste, and Disconnect behind a dialog that says what stays and what goes.
 */
export function ConnectionCard({ integration }: { integration: IntegrationView }) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const disconnect = useDisconnect();

  function confirmDisconnect() {
    disconnect.mutate(integration.id, {
      onSuccess: ({ message }) => {
        setConfirming(false);
        toast.success(message);
      },
      onError: (failure) => {
        setConfirming(false);
        toast.error(errorMessage(failure, `${integration.label} could not be disconnected. Please try again.`));
      },
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-6">
      <div className="card grid gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id={`${id}-title`} className="font-display text-lg font-bold text-ink">
            {integration.label}
          </h2>
          <span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${integration.state === 'active' ? 'bg-brand-50 text-brand-900 dark:text-brand-200' : 'bg-amber-100 text-amber-950 dark:bg-amber-950/60 dark:text-amber-100'}`}>
            {integration.state === 'active' ? 'Connected' : 'Connect again'}
          </span>
        </div>
        {integration.state === 'reconnect' ? <Notice tone="warning">Porchlight cannot read this account any more. Disconnect it, then connect it again {messages.integrations.reconnectWith[integration.system]}.</Notice> : null}
        <dl className="grid gap-3">
          <Fact term="Account">{`${integration.label} account ${integration.accountRef}`}</Fact>
          <Fact term="Connected by">
            {integration.connectedBy ?? 'A former member'}, {when.format(integration.createdAt)}
          </Fact>
          <Fact term="Last sync">{integration.lastSuccessAt === null ? 'Not yet' : when.format(integration.lastSuccessAt)}</Fact>
          <Fact term="Last error">{integration.lastError ? <span className="font-medium text-red-700 dark:text-red-400">{integration.lastError}</span> : 'None'}</Fact>
        </dl>
        <div className="flex flex-wrap items-start justify-between gap-3 border-t border-line pt-4">
          <SyncNow integration={integration} />
          <button type="button" className="btn-secondary text-red-700 dark:text-red-300" onClick={() => setConfirming(true)}>
            <Unplug className="size-4" aria-hidden="true" />
            Disconnect
          </button>
        </div>
      </div>
      <section aria-labelledby={`${id}-properties`} className="card grid gap-4 p-4 sm:p-6">
        <div>
          <h3 id={`${id}-properties`} className="font-display text-lg font-bold text-ink">
            Properties
          </h3>
          <p className="text-sm text-muted">Choose the guidebook each {integration.label} property’s guests read.</p>
        </div>
        <PropertiesForm integration={integration} />
      </section>
      <WebhookStep integration={integration} />
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={`Disconnect ${integration.label}?`}
        description={`Stays it brought stay, as your own: they no longer change with ${integration.label}. Its credentials are deleted now, with the properties’ choices; to connect again you enter them anew.`}
        confirmLabel="Disconnect"
        danger
        busy={disconnect.isPending}
        onConfirm={confirmDisconnect}
      />
    </section>
  );
}
