import { ShoppingBag } from 'lucide-react';
import { Link } from 'react-router';
import { DEFAULT_CURRENCY } from '@shared/currencies.ts';
import { MAX_EXTRAS, type Extra } from '@shared/schemas/instruction.ts';
import { ExtraList } from '../../../../components/extras/ExtraList.tsx';
import { fieldId } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { Section } from '../common/Section.tsx';

interface Props {
  extras: readonly Extra[];
  update: (change: (extras: Extra[]) => Extra[]) => void;
}

const extraFieldId = (...path: ReadonlyArray<string | number>) => fieldId('extras', ...path);

/** The editor's "Extras" section (docs/decisions/020-extras-and-the-money-flow.md). */
export function ExtrasSection({ extras, update }: Props) {
  const { readOnly, announce, saved } = useEditorContext();
  // One currency per host: the one the extras already use, until the payout account says it.
  const currency = extras[0]?.currency ?? DEFAULT_CURRENCY;
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
      <ExtraList extras={extras} update={update} currency={currency} readOnly={readOnly} announce={announce} fieldId={extraFieldId} fullText={`A guidebook holds at most ${MAX_EXTRAS} extras.`} />
    </Section>
  );
}
