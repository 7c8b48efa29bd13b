import { useId } from 'react';
import type { IntegrationView } from '@shared/schemas/integrations.ts';
import { CopyLinkRow } from '../../../components/sharing/CopyLinkRow.tsx';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** "Last webhook …", or what happens until one arrives. */
export function lastWebhookText(integration: Pick<IntegrationView, 'lastHookAt'>): string {
  return integration.lastHookAt === null ? 'None yet: until one arrives, changes come within 15 minutes' : when.format(integration.lastHookAt);
}

const KEEP = 'Keep it to yourself: anyone with it can ask Porchlight to read your bookings again (never to change them).';

/** Smoobu: one address for the account, pasted once. */
function PasteUrl({ hook }: { hook: NonNullable<IntegrationView['hook']> }) {
  return (
    <>
      <p className="text-sm text-muted">In Smoobu, open Settings → Advanced → API Keys, paste it into “Webhook URLs” and save.</p>
      <CopyLinkRow link={hook.url} testId="webhook-url" />
      <p className="text-sm text-muted">{KEEP}</p>
    </>
  );
}

/** Beds24: the same address and header line in every mapped property's Booking Webhook. */
function PasteUrlAndHeader({ hook }: { hook: NonNullable<IntegrationView['hook']> }) {
  const header = hook.header ? `${hook.header.name}: ${hook.header.value}` : null;
  return (
    <>
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted">
        <li>In Beds24, open Settings → Properties → Access for a property you chose a guidebook for.</li>
        <li>Under “Booking Webhook”, choose version 2 (with personal data), paste the address below as its URL and the header line as its custom header, and save.</li>
        <li>Do the same for each of those properties: the address and the header are the same for all of them.</li>
      </ol>
      <p className="text-sm font-medium text-ink">Address</p>
      <CopyLinkRow link={hook.url} testId="webhook-url" />
      <p className="text-sm font-medium text-ink">Custom header</p>
      {header ? <CopyLinkRow link={header} testId="webhook-header" label="Copy header" /> : <p className="text-sm text-muted">The header cannot be shown: connect Beds24 again.</p>}
      <p className="text-sm text-muted">Keep both to yourself: Porchlight answers only a webhook that carries this header, and even then only reads your bookings again (never changes them from what the webhook says).</p>
    </>
  );
}

/** Hostaway: registered through its API at connect; nothing for the host to do. */
function Registered({ hook, label }: { hook: NonNullable<IntegrationView['hook']>; label: string }) {
  return hook.registered ? (
    <p className="text-sm text-muted">Nothing to do: Porchlight registered its webhook with {label} when you connected, and removes it when you disconnect.</p>
  ) : (
    <p className="text-sm text-muted">{label} did not accept Porchlight’s webhook when you connected, so changes come within 15 minutes. Porchlight tries again at its next full read, once a day or after you save the properties.</p>
  );
}

/**
 * The webhook step (docs/decisions/029-pms-connectors.md §14 5.): for Smoobu the address the host
 * pastes, for Beds24 the address and the header line for each property's Booking Webhook, for
 * Hostaway that it was registered at connect; and when the last webhook came. The address (and
 * Beds24's header) are proof of a webhook: the screen is the Owner's and Admins'.
 */
export function WebhookStep({ integration }: { integration: IntegrationView }) {
  const id = useId();
  const hook = integration.hook;
  if (!hook) return null;
  return (
    <section aria-labelledby={`${id}-title`} className="card grid gap-4 p-4 sm:p-6">
      <div className="grid gap-1">
        <h3 id={`${id}-title`} className="font-display text-lg font-bold text-ink">
          Webhook
        </h3>
        <p className="text-sm text-muted">With a webhook {integration.label} tells Porchlight of each new, changed or cancelled booking at once.</p>
      </div>
      {hook.setup === 'paste-url' ? <PasteUrl hook={hook} /> : null}
      {hook.setup === 'paste-url-and-header' ? <PasteUrlAndHeader hook={hook} /> : null}
      {hook.setup === 'registered' ? <Registered hook={hook} label={integration.label} /> : null}
      <p className="text-sm text-ink">
        <span className="text-muted">Last webhook: </span>
        {lastWebhookText(integration)}
      </p>
    </section>
  );
}
