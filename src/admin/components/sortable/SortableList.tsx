import { Plus } from 'lucide-react';
import { Fragment, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { messages } from '@shared/messages.ts';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { moveItem } from './list-items.ts';

/** What a card of the list gets from it: where it is, and how it moves, changes and goes. */
export interface CardControls<T> {
  dragType: string;
  index: number;
  total: number;
  /** Just added: scrolled into view, focused and briefly highlighted (docs/product.md §4 Editor). */
  highlighted: boolean;
  readOnly: boolean;
  onPickUp: (index: number) => void;
  onMove: (from: number, to: number) => void;
  onDrop: (from: number, to: number) => void;
  onMoveBy: (index: number, delta: -1 | 1) => void;
  /** Asks "Confirm Deletion" first. */
  onRemove: () => void;
  headingRef: (node: HTMLHeadingElement | null) => void;
  /** Changes this item from its latest state. */
  change: (change: (item: T) => T) => void;
}

interface Props<T extends { id: number }> {
  items: readonly T[];
  /** Changes the list from its latest state (drag moves arrive faster than renders). */
  update: (change: (items: T[]) => T[]) => void;
  /** "Step", "Place": announced as "Place 2 moved to position 3 of 5." */
  noun: string;
  /** Names the list for assistive tech. */
  label: string;
  /** react-dnd item type: a card is dropped only into a list of its own kind. */
  dragType: string;
  max: number;
  readOnly: boolean;
  /** Says something through the screen's live region. */
  announce: (text: string) => void;
  create: (existing: readonly T[], start?: Partial<Omit<T, 'id'>>) => T;
  addLabel: string;
  /** Beside the add button once the list holds `max` items. */
  fullText: string;
  /** Shown instead of the list while it is empty; `add` adds a first item starting from `start`. */
  empty: (add: (start?: Partial<Omit<T, 'id'>>) => void) => ReactNode;
  renderItem: (item: T, card: CardControls<T>) => ReactNode;
  /** What the delete confirmation says a delete does: in a guidebook (the default), History can bring it back. */
  deleteText?: string;
}

/**
 * What the screen showing a list of places or extras (the editor, Auto-Fill) decides for it, handed
 * through PlaceList and ExtraList as it is.
 */
export type ScreenListProps<T extends { id: number }> = Pick<Props<T>, 'update' | 'readOnly' | 'announce' | 'fullText' | 'deleteText'>;

const HIGHLIGHT_MS = 2500;

/**
 * A list of cards the host orders (docs/product.md §2, §4 Editor): add (scrolled into view,
 * focused, highlighted), edit, delete after "Confirm Deletion", reorder by drag or with the move
 * buttons and arrow keys. Every change of place or number is announced, and after a delete the
 * focus goes to the next card's heading (or the add button), never to the page's start.
 */
export function SortableList<T extends { id: number }>(props: Props<T>) {
  const { items, update, noun, label, dragType, max, readOnly, announce, create, addLabel, fullText, empty, renderItem, deleteText = messages.editor.confirmDeletionText } = props;
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const [pending, setPending] = useState<T | null>(null);
  const headings = useRef(new Map<number, HTMLHeadingElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfterDelete = useRef<HTMLElement | null>(null);
  const count = items.length;
  const full = count >= max;

  useEffect(() => {
    if (highlightId === null) return;
    const timer = window.setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlightId]);

  const onMove = useCallback((from: number, to: number) => update((list) => moveItem(list, from, to)), [update]);
  // A drag is announced from start to end, like the keyboard moves: picked up, then where it landed.
  const onPickUp = useCallback((index: number) => announce(`${noun} ${index + 1} picked up.`), [announce, noun]);
  const onDrop = useCallback(
    (from: number, to: number) => announce(from === to ? `${noun} ${from + 1} dropped back in place.` : `${noun} moved from position ${from + 1} to position ${to + 1}.`),
    [announce, noun],
  );

  function onMoveBy(index: number, delta: -1 | 1) {
    const to = index + delta;
    if (to < 0 || to >= count) return;
    update((list) => moveItem(list, index, to));
    announce(`${noun} ${index + 1} moved to position ${to + 1} of ${count}.`);
  }

  function add(start?: Partial<Omit<T, 'id'>>) {
    if (full) return;
    const item = create(items, start);
    update((list) => [...list, item]);
    setHighlightId(item.id);
    announce(`${noun} ${count + 1} added.`);
  }

  function confirmDelete() {
    if (!pending) return;
    const index = items.findIndex((item) => item.id === pending.id);
    const neighbour = items[index + 1] ?? items[index - 1];
    focusAfterDelete.current = (neighbour && headings.current.get(neighbour.id)) || addButton.current;
    update((list) => list.filter((item) => item.id !== pending.id));
    announce(`${noun} ${index + 1} deleted.`);
  }

  return (
    <>
      {count === 0 ? (
        empty(add)
      ) : (
        <ol className="grid gap-4" aria-label={label}>
          {items.map((item, index) => (
            <Fragment key={item.id}>
              {renderItem(item, {
                dragType,
                index,
                total: count,
                highlighted: highlightId === item.id,
                readOnly,
                onPickUp,
                onMove,
                onDrop,
                onMoveBy,
                onRemove: () => setPending(item),
                headingRef: (node) => {
                  if (node) headings.current.set(item.id, node);
                  else headings.current.delete(item.id);
                },
                change: (change) => update((list) => list.map((each) => (each.id === item.id ? change(each) : each))),
              })}
            </Fragment>
          ))}
        </ol>
      )}
      {readOnly ? null : (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button ref={addButton} type="button" className="btn-secondary" onClick={() => add()} disabled={full}>
            <Plus className="size-4" aria-hidden="true" />
            {addLabel}
          </button>
          {full ? <p className="text-sm text-muted">{fullText}</p> : null}
        </div>
      )}
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open) setPending(null);
        }}
        title={messages.editor.confirmDeletionTitle}
        description={deleteText}
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
    </>
  );
}
