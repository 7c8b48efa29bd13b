import { useCallback, useMemo } from 'react';
import type { Currency } from '@shared/currencies.ts';
import { MAX_EXTRAS, type Extra, type ExtraKind } from '@shared/schemas/instruction.ts';
import { ExamplesEmptyState } from '../sortable/ExamplesEmptyState.tsx';
import { SortableList, type ScreenListProps } from '../sortable/SortableList.tsx';
import { ExtraCard } from './ExtraCard.tsx';
import { newExtra } from './extra-items.ts';

interface Props extends ScreenListProps<Extra> {
  extras: readonly Extra[];
  /**
   * The host's one currency (docs/decisions/020-extras-and-the-money-flow.md: one per account):
   * every extra is priced in it and none chooses its own.
   */
  currency: Currency;
  /** DOM id of an extra's field (the editor's and Auto-Fill's ids differ). */
  fieldId: (...path: ReadonlyArray<string | number>) => string;
}

/** react-dnd item type: an extra cannot be dropped into the steps or the places. */
const EXTRA_DRAG_TYPE = 'extra';

/** Kinds a guidebook offers once at most. */
const ONCE: readonly ExtraKind[] = ['late-checkout', 'early-checkin'];

/** Ready examples the empty list offers: the host edits them rather than a blank card (prices in minor units). */
const EXAMPLES: ReadonlyArray<{ label: string; start: Partial<Omit<Extra, 'id'>> }> = [
  {
    label: 'Late check-out',
    start: {
      kind: 'late-checkout',
      title: 'Late check-out',
      description: '<p>Stay in the flat until 13:00 instead of 10:00, when no one arrives that day.</p>',
      lateCheckoutUntil: '13:00',
      price: 2500,
      approval: 'host',
    },
  },
  {
    label: 'Breakfast basket',
    start: {
      kind: 'item',
      title: 'Breakfast basket',
      description: '<p>Fresh bread, butter, jam, eggs and coffee, waiting in the kitchen on your first morning.</p>',
      price: 1800,
      approval: 'instant',
    },
  },
];

/**
 * The host's extras (docs/decisions/020-extras-and-the-money-flow.md), in the editor and as
 * Auto-Fill's default extras: cards ordered like the steps, at most MAX_EXTRAS, one late
 * check-out and one early check-in, and an empty state with two examples.
 */
export function ExtraList({ extras, currency, fieldId, ...list }: Props) {
  const create = useCallback((existing: readonly Extra[], start?: Partial<Omit<Extra, 'id'>>) => newExtra(existing, currency, start), [currency]);
  // Which once-only kinds each extra may not switch to: those another extra already is.
  const takenBy = useMemo(() => new Map(ONCE.map((kind) => [kind, extras.find((extra) => extra.kind === kind)?.id ?? null])), [extras]);
  const takenFor = (extra: Extra) => new Set(ONCE.filter((kind) => takenBy.get(kind) !== null && takenBy.get(kind) !== extra.id));

  return (
    <SortableList
      {...list}
      items={extras}
      noun="Extra"
      label="Extras"
      dragType={EXTRA_DRAG_TYPE}
      max={MAX_EXTRAS}
      create={create}
      addLabel="Add an extra"
      empty={(add) => <ExamplesEmptyState text="No extras yet. A later check-out or a basket waiting on arrival is what guests most often ask for. Start from an example or add your own." examples={EXAMPLES} readOnly={list.readOnly} add={add} />}
      renderItem={(extra, card) => <ExtraCard extra={extra} card={card} fieldId={fieldId} currency={currency} taken={takenFor(extra)} />}
    />
  );
}
