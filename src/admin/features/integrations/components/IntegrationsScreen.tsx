import { Plug } from 'lucide-react';
import { useState } from 'react';
import { errorMessage, failureStatus } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import type { PmsSystem } from '@shared/pms-systems.ts';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { LoadingStatus } from '../../../components/ui/LoadingStatus.tsx';
import { Notice } from '../../../components/ui/Notice.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useMe } from '../../../lib/auth.ts';
import { useCan } from '../../../lib/team-role.ts';
import { useIntegrations, type SystemChoice } from '../api/integrations.ts';
import { ConnectForm } from './ConnectForm.tsx';
import { ConnectionCard } from './ConnectionCard.tsx';

const BRINGS = 'Guests’ names and e-mails, their language, and changes to bookings within minutes.';

/** The systems not connected yet, one card each. */
function ChooseSystem({ systems }: { systems: SystemChoice[] }) {
  const [chosen, setChosen] = useState<PmsSystem | null>(null);
  const choice = systems.find((each) => each.system === chosen);
  return (
    <section aria-labelledby="choose-title" className="grid gap-4">
      <div>
        <h2 id="choose-title" className="font-display text-lg font-bold text-ink">
          Connect your booking system
        </h2>
        <p className="text-sm text-muted">Its bookings become your guidebooks’ stays, each with its guest.</p>
      </div>
      {choice ? (
        <ConnectForm choice={choice} onCancel={() => setChosen(null)} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2">
          {systems.map((each) => (
            <li key={each.system} className="card grid content-start gap-3 p-4 sm:p-5">
              <p className="font-display text-lg font-bold text-ink">{each.label}</p>
              <p className="text-sm text-muted">{BRINGS}</p>
              <button type="button" className="btn-primary justify-self-start" onClick={() => setChosen(each.system)}>
                <Plug className="size-4" aria-hidden="true" />
                Connect {each.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /dashboard/integrations (docs/product/integrations.md, docs/decisions/029-pms-connectors.md §14):
 * the team's booking system, for the Owner and Admins (the sidebar shows it to them; the API
 * answers others 403). Without SECRETS_KEY the API's 503 sentence is all it shows.
 */
export function IntegrationsScreen() {
  useDocumentTitle('Integrations');
  const me = useMe();
  const can = useCan();
  const manage = can('integrations.manage');
  const list = useIntegrations(manage);
  const header = <PageHeader title="Integrations" description={manage && list.isSuccess ? 'Bring your bookings in from the system you take them in, with the guests’ names.' : undefined} />;
  if (!me.isPending && !manage) {
    return (
      <>
        {header}
        <div className="max-w-3xl">
          <Notice>{messages.integrations.cannotManage}</Notice>
        </div>
      </>
    );
  }
  // Until the role is known too: an Owner is never told, meanwhile, that they cannot manage integrations.
  if (list.isPending) {
    return (
      <>
        {header}
        <LoadingStatus>Loading integrations…</LoadingStatus>
      </>
    );
  }
  if (list.isError) {
    return (
      <>
        {header}
        <div className="max-w-3xl">
          {failureStatus(list.error) === 503 ? (
            <Notice>{errorMessage(list.error, messages.integrations.needsKey)}</Notice>
          ) : (
            <LoadError message={errorMessage(list.error, messages.integrations.loadFailed)} onRetry={() => void list.refetch()} />
          )}
        </div>
      </>
    );
  }
  const { systems, integrations } = list.data;
  const connected = new Set(integrations.map((each) => each.system));
  const left = systems.filter((each) => !connected.has(each.system));
  return (
    <>
      {header}
      <div className="grid max-w-3xl gap-8">
        {integrations.map((integration) => (
          <ConnectionCard key={integration.id} integration={integration} />
        ))}
        {left.length > 0 ? <ChooseSystem systems={left} /> : null}
      </div>
    </>
  );
}
