import { ArrowRight, ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { DEFAULT_CURRENCY } from '@shared/currencies.ts';
import { messages } from '@shared/messages.ts';
import type { PayoutState } from '@shared/payouts.ts';
import { MAX_EXTRAS, type Extra } from '@shared/schemas/instruction.ts';
import { ExtraList } from '../../../../components/extras/ExtraList.tsx';
import { Notice } from '../../../../components/ui/Notice.tsx';
import { payoutStage, usePayouts } from '../../../../lib/payouts.ts';
import { fieldId } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { Section } from '../common/Section.tsx';

interface Props {
  extras: readonly Extra[];
  update: (change: (extras: Extra[]) => Extra[]) => void;
}

const extraFieldId = (...path: ReadonlyArray<string | number>) => fieldId('extras', ...path);
const linkClass = 'inline-flex items-center gap-1 font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300';

/**
 * How guests pay for this host's priced extras, in one line with the next step (docs/decisions/020):
 * a Free host is offered the upgrade (requests work meanwhile), a Gold or Premium host without an
 * account that takes charges is sent to Payouts, a connected one is told cards are taken. Nothing
 * when this server has no Stripe: the section's description says requests then.
 */
function PaymentsNote({ state }: { state: PayoutState }) {
  const stage = payoutStage(state);
  if (stage === 'unavailable') return null;
  if (stage === 'upgrade') {
    return (
      <Notice>
        {messages.payouts.freePlan}{' '}
        <Link to="/dashboard/upgradePlan" className={linkClass}>
          Upgrade plan
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </Notice>
    );
  }
  if (!state.chargesEnabled) {
    const why = {
      connect: 'Guests send requests for now: connect your Stripe account to be paid by card.',
      details: 'Guests send requests for now: finish setting up your Stripe account to be paid by card.',
      connected: 'Stripe has paused card payments on your account: guests send requests meanwhile.',
    }[stage];
    return (
      <Notice>
        {why}{' '}
        <Link to="/dashboard/payouts" className={linkClass}>
          {stage === 'connect' ? 'Set up payouts' : 'Open Payouts'}
          <ArrowRight className="size-4" aria-hidden="true" />
        </Link>
      </Notice>
    );
  }
  return <Notice>Guests pay for priced extras by card, into your Stripe account. Free extras stay requests you confirm.</Notice>;
}

/** The editor's "Extras" section (docs/decisions/020-extras-and-the-money-flow.md). */
export function ExtrasSection({ extras, update }: Props) {
  const { readOnly, announce, saved } = useEditorContext();
  const payouts = usePayouts();
  // One currency per host, chosen in Payouts: a save prices every extra in it (the server sees to it).
  const currency = payouts.data?.currency ?? extras[0]?.currency ?? DEFAULT_CURRENCY;
  return (
    <Section
      id="extras"
      title="Extras"
      icon={ShoppingBag}
      description={
        <>
          Late check-out, early check-in, a breakfast basket: offered on your guests&apos; stay links. Without online payments, guests send a request and you confirm.{' '}
          {saved ? (
            <Link to={`/dashboard/orders?guidebook=${encodeURIComponent(saved._id)}`} className="font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300">
              See this guidebook&apos;s orders
            </Link>
          ) : null}
        </>
      }
      aside={<span className="rounded-full bg-canvas px-2 py-0.5 text-xs font-semibold text-muted">{extras.length}</span>}
    >
      {payouts.data && !readOnly ? (
        <div className="mb-4">
          <PaymentsNote state={payouts.data} />
        </div>
      ) : null}
      <ExtraList extras={extras} update={update} currency={currency} readOnly={readOnly} announce={announce} fieldId={extraFieldId} fullText={`A guidebook holds at most ${MAX_EXTRAS} extras.`} />
    </Section>
  );
}
