import { MapPinned, Plus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '@shared/messages.ts';
import { MAX_PLACES, type Place } from '@shared/schemas/instruction.ts';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog.tsx';
import { moveItem, newPlace } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { Section } from '../common/Section.tsx';
import { PlaceCard } from './PlaceCard.tsx';

interface Props {
  places: readonly Place[];
  /** Changes the list from its latest state (drag moves arrive faster than renders). */
  update: (change: (places: Place[]) => Place[]) => void;
}

const HIGHLIGHT_MS = 2500;
const NOUN = 'Place';

/** Ready examples the empty section offers: the host edits them rather than a blank card. */
const EXAMPLES: ReadonlyArray<{ label: string; start: Partial<Omit<Place, 'id'>> }> = [
  {
    label: 'Bakery round the corner',
    start: { name: 'Bakery round the corner', category: 'eat', pick: true, note: '<p>Fresh bread from 7 am; the burek sells out by ten.</p>' },
  },
  {
    label: 'The nearest beach',
    start: { name: 'The nearest beach', category: 'beach', note: '<p>Pebbles and clear water, ten minutes on foot. Bring water shoes.</p>' },
  },
];

/**
 * The host's recommendations (docs/product.md §2 Editor): places nearby as cards that work like
 * the steps (add, edit, delete after confirming, reorder by drag or by keyboard), at most
 * MAX_PLACES. Every change of place or number is announced through the editor's live region.
 */
export function PlacesSection({ places, update }: Props) {
  const { readOnly, announce } = useEditorContext();
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const [pending, setPending] = useState<Place | null>(null);
  const headings = useRef(new Map<number, HTMLHeadingElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfterDelete = useRef<HTMLElement | null>(null);
  const count = places.length;

  useEffect(() => {
    if (highlightId === null) return;
    const timer = window.setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlightId]);

  const onMove = useCallback((from: number, to: number) => update((list) => moveItem(list, from, to)), [update]);
  const onPickUp = useCallback((index: number) => announce(`${NOUN} ${index + 1} picked up.`), [announce]);
  const onDrop = useCallback(
    (from: number, to: number) => {
      announce(from === to ? `${NOUN} ${from + 1} dropped back in place.` : `${NOUN} moved from position ${from + 1} to position ${to + 1}.`);
    },
    [announce],
  );

  function onMoveBy(index: number, delta: -1 | 1) {
    const to = index + delta;
    if (to < 0 || to >= count) return;
    update((list) => moveItem(list, index, to));
    announce(`${NOUN} ${index + 1} moved to position ${to + 1} of ${count}.`);
  }

  function add(start: Partial<Omit<Place, 'id'>> = {}) {
    if (count >= MAX_PLACES) return;
    const place = newPlace(places, start);
    update((list) => [...list, place]);
    setHighlightId(place.id);
    announce(`${NOUN} ${count + 1} added.`);
  }

  function confirmDelete() {
    if (!pending) return;
    const index = places.findIndex((place) => place.id === pending.id);
    const neighbour = places[index + 1] ?? places[index - 1];
    focusAfterDelete.current = (neighbour && headings.current.get(neighbour.id)) || addButton.current;
    update((list) => list.filter((place) => place.id !== pending.id));
    announce(`${NOUN} ${index + 1} deleted.`);
  }

  const full = count >= MAX_PLACES;

  return (
    <Section
      id="places"
      title="Recommendations"
      icon={MapPinned}
      description="Your own places nearby: where to eat, swim, shop or walk. Star your favourites; guests see them first."
      aside={<span className="rounded-full bg-canvas px-2 py-0.5 text-xs font-semibold text-muted">{count}</span>}
    >
      {count === 0 ? (
        <div className="rounded-xl border border-dashed border-line px-4 py-6 text-center">
          <p className="text-sm text-muted">No places yet. Guests love a tip from someone who lives here: the bakery you go to, the beach without the crowds. Start from an example or add your own.</p>
          {readOnly ? null : (
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              {EXAMPLES.map((example) => (
                <button key={example.label} type="button" className="inline-flex items-center gap-1.5 rounded-full border border-brand-300 bg-surface px-3.5 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:border-brand-700 dark:text-brand-300 dark:hover:bg-brand-950/50" onClick={() => add(example.start)}>
                  <Plus className="size-4" aria-hidden="true" />
                  {example.label}
                </button>
              ))}
            </div>
          )}
        </div>
      ) : (
        <ol className="grid gap-4" aria-label="Recommendations">
          {places.map((place, index) => (
            <PlaceCard
              key={place.id}
              place={place}
              index={index}
              total={count}
              highlighted={highlightId === place.id}
              onChange={(change) => update((list) => list.map((item) => (item.id === place.id ? change(item) : item)))}
              onPickUp={onPickUp}
              onMove={onMove}
              onDrop={onDrop}
              onMoveBy={onMoveBy}
              onRemove={setPending}
              headingRef={(node) => {
                if (node) headings.current.set(place.id, node);
                else headings.current.delete(place.id);
              }}
            />
          ))}
        </ol>
      )}
      {readOnly ? null : (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button ref={addButton} type="button" className="btn-secondary" onClick={() => add()} disabled={full}>
            <Plus className="size-4" aria-hidden="true" />
            Add a place
          </button>
          {full ? <p className="text-sm text-muted">A guidebook holds at most {MAX_PLACES} places.</p> : null}
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={messages.editor.confirmDeletionTitle}
        description={messages.editor.confirmDeletionText}
        confirmLabel="Delete"
        danger
        onConfirm={confirmDelete}
        onCloseAutoFocus={(event) => {
          const target = focusAfterDelete.current;
          focusAfterDelete.current = null;
          if (!target) return;
          event.preventDefault();
          target.focus();
        }}
      />
    </Section>
  );
}
