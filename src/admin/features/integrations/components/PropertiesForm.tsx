import { LoaderCircle } from 'lucide-react';
import { useId, useState, type SubmitEvent } from 'react';
import { errorMessage } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import type { IntegrationView, UnitView } from '@shared/schemas/integrations.ts';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { LoadingStatus } from '../../../components/ui/LoadingStatus.tsx';
import { useGuidebookChoices, useSaveUnits, useUnits } from '../api/integrations.ts';

/** A select's value: '' undecided, SKIP "Not in Porchlight", else a guidebook's id. */
const SKIP = 'skip';
type Choice = string;

function choiceOf(unit: UnitView): Choice {
  return unit.skipped ? SKIP : (unit.guidebookId ?? '');
}

function Properties({ integration, units }: { integration: IntegrationView; units: UnitView[] }) {
  const id = useId();
  const guidebooks = useGuidebookChoices();
  const save = useSaveUnits(integration.id);
  const [choices, setChoices] = useState<Record<string, Choice>>(() => Object.fromEntries(units.map((unit) => [unit.id, choiceOf(unit)])));
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const changed = units.some((unit) => (choices[unit.id] ?? '') !== choiceOf(unit));

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    setOutcome(null);
    const mapping = units.map((unit) => {
      const choice = choices[unit.id] ?? '';
      return { id: unit.id, guidebookId: choice && choice !== SKIP ? choice : null, skipped: choice === SKIP };
    });
    save.mutate(
      { units: mapping },
      {
        onSuccess: ({ message }) => setOutcome({ ok: true, text: message }),
        onError: (failure) => setOutcome({ ok: false, text: errorMessage(failure, 'The properties could not be saved. Please try again.') }),
      },
    );
  }

  if (units.length === 0) return <p className="text-muted">{integration.label} lists no properties in this account yet. Add them in {integration.label}, then come back.</p>;
  // A guidebook another row has chosen is greyed in this row: two properties cannot share one.
  const chosenElsewhere = (unitId: string) => new Set(units.filter((unit) => unit.id !== unitId).map((unit) => choices[unit.id] ?? ''));
  return (
    <form noValidate onSubmit={submit} className="grid gap-4" aria-busy={save.isPending}>
      <ul className="grid gap-3" aria-label={`${integration.label} properties`}>
        {units.map((unit) => {
          const choice = choices[unit.id] ?? '';
          const taken = chosenElsewhere(unit.id);
          const undecided = !unit.skipped && unit.guidebookId === null;
          return (
            <li key={unit.id} className="grid gap-2 rounded-xl border border-line p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)] sm:items-center sm:p-4">
              <div className="min-w-0">
                <label htmlFor={`${id}-${unit.id}`} className="font-semibold text-ink [overflow-wrap:anywhere]">
                  {unit.name || `Property ${unit.externalId}`}
                </label>
                {undecided ? (
                  <p className="mt-1">
                    <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-950 dark:bg-amber-950/60 dark:text-amber-100">Not decided yet</span>
                  </p>
                ) : null}
              </div>
              <select id={`${id}-${unit.id}`} className="field-input appearance-auto py-2" value={choice} disabled={save.isPending} onChange={(event) => setChoices((current) => ({ ...current, [unit.id]: event.target.value }))}>
                <option value="">Not decided yet</option>
                {(guidebooks.data ?? []).map((guidebook) => (
                  <option key={guidebook.id} value={guidebook.id} disabled={taken.has(guidebook.id)}>
                    Guidebook: {guidebook.name}
                  </option>
                ))}
                <option value={SKIP}>Not in Porchlight</option>
              </select>
            </li>
          );
        })}
      </ul>
      {guidebooks.isError ? <LoadError variant="inline" message={errorMessage(guidebooks.error, 'Your guidebooks could not be loaded.')} onRetry={() => void guidebooks.refetch()} /> : null}
      <p className="text-sm text-muted">Bookings of a property mapped to a guidebook become that guidebook’s stays, with the guests’ names. “Not in Porchlight” leaves a property out; one not decided yet is left out until you choose.</p>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
        <button type="submit" className="btn-primary" disabled={save.isPending || !changed}>
          {save.isPending ? <LoaderCircle className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" /> : null}
          {save.isPending ? 'Saving…' : 'Save mapping'}
        </button>
        <p role={outcome && !outcome.ok ? 'alert' : 'status'} className={outcome && !outcome.ok ? 'text-sm font-medium text-red-700 dark:text-red-400' : 'text-sm text-muted'}>
          {outcome?.text ?? ''}
        </p>
      </div>
    </form>
  );
}

/** A connection's properties (docs/product/integrations.md, Properties), as its system lists them now. */
export function PropertiesForm({ integration }: { integration: IntegrationView }) {
  const units = useUnits(integration.id);
  if (units.isPending) return <LoadingStatus>Asking {integration.label} for your properties…</LoadingStatus>;
  if (units.isError) return <LoadError variant="inline" message={errorMessage(units.error, messages.integrations.unreachable(integration.label))} onRetry={() => void units.refetch()} />;
  return <Properties integration={integration} units={units.data} />;
}
