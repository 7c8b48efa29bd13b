import { ArrowRight, ShoppingBag } from 'lucide-react';
import { Switch } from 'radix-ui';
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
  /** The guidebook's public link offers the items too (docs/decisions/020, public-link orders). */
  onPublicLink: boolean;
  setOnPublicLink: (on: boolean) => void;
}

const PUBLIC_LINK_ID = fieldId('extrasOnPublicLink');

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
export function ExtrasSection({ extras, update, onPublicLink, setOnPublicLink }: Props) {
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
          Late check-out, early check-in, a breakfast basket: offered on your guests&apos; stay links, and on the public link when you allow it below. Without online payments, guests send a request and you confirm.{' '}
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
      <div className="mb-4 flex items-start gap-3">
        <Switch.Root
          id={PUBLIC_LINK_ID}
          checked={onPublicLink}
          disabled={readOnly}
          onCheckedChange={setOnPublicLink}
          aria-describedby={`${PUBLIC_LINK_ID}-hint`}
          className="relative mt-0.5 inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border border-line bg-stone-300 transition-colors disabled:cursor-not-allowed data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 dark:bg-stone-700"
        >
          <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform duration-150 data-[state=checked]:translate-x-6" />
        </Switch.Root>
        <div>
          <label htmlFor={PUBLIC_LINK_ID} className="cursor-pointer text-sm font-medium text-ink">
            Offer extras on the public link too
          </label>
          <p id={`${PUBLIC_LINK_ID}-hint`} className="text-sm text-muted">
            Guests without a personal stay link give their name and e-mail. Late check-out and early check-in stay on stay links.
          </p>
        </div>
      </div>
      <ExtraList extras={extras} update={update} currency={currency} readOnly={readOnly} announce={announce} fieldId={extraFieldId} fullText={`A guidebook holds at most ${MAX_EXTRAS} extras.`} />
    </Section>
  );
}
