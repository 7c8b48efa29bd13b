import { useId } from 'react';
import type { IntegrationView } from '@shared/schemas/integrations.ts';
import { CopyLinkRow } from '../../../components/sharing/CopyLinkRow.tsx';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** Where each system wants the address pasted (docs/product/integrations.md, Webhooks). */
const WHERE: Record<string, string> = {
  smoobu: 'In Smoobu, open Settings → Advanced → API Keys, paste it into “Webhook URLs” and save.',
};

/** "Last webhook …", or what happens until one arrives. */
export function lastWebhookText(integration: Pick<IntegrationView, 'lastHookAt'>): string {
  return integration.lastHookAt === null ? 'None yet: until one arrives, changes come within 15 minutes' : when.format(integration.lastHookAt);
}

/**
 * The webhook step (docs/decisions/029-pms-connectors.md §14 5.): the address the host pastes in
 * the booking system, with a copy button and where to paste it, and when the last webhook came.
 * The address is the connection's only proof for Smoobu: the screen is the Owner's and Admins'.
 */
export function WebhookStep({ integration }: { integration: IntegrationView }) {
  const id = useId();
  if (integration.hook?.setup !== 'paste-url') return null;
  return (
    <section aria-labelledby={`${id}-title`} className="card grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="font-display text-lg font-bold text-ink">
          Webhook
        </h3>
        <p className="text-sm text-muted">
          With this address {integration.label} tells Porchlight of each new, changed or cancelled booking at once. {WHERE[integration.system] ?? ''}
        </p>
      </div>
      <CopyLinkRow link={integration.hook.url} testId="webhook-url" />
      <p className="text-sm text-muted">Keep it to yourself: anyone with it can ask Porchlight to read your bookings again (never to change them).</p>
      <p className="text-sm text-ink">
        <span className="text-muted">Last webhook: </span>
        {lastWebhookText(integration)}
      </p>
    </section>
  );
}
