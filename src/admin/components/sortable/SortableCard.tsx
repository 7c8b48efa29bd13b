import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useReorderHintId } from './SortableArea.tsx';
import type { CardControls } from './SortableList.tsx';
import { useSortableItem } from './use-sortable-item.ts';

interface Props extends Omit<CardControls<never>, 'change'> {
  id: number;
  /** "Step 2", "Place 3": the card's heading and the start of its buttons' names. */
  name: string;
  /** What the host called it, after the number ("Step 2 · Find the gate"). */
  title: string;
  headingId: string;
  /** The field that takes the focus when the card has just been added. */
  firstFieldId: string;
  /** More buttons in the header, before the move buttons (a favourite star). */
  actions?: ReactNode;
  children: ReactNode;
}

export const CARD_ICON_BUTTON =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink disabled:pointer-events-none disabled:opacity-35';

/**
 * One card of a SortableList: the drag handle (arrow keys move it too), the heading, the move
 * buttons and delete in its header, the fields below. Just added, it scrolls into view and its
 * first field takes the focus.
 */
export function SortableCard(props: Props) {
  const { id, name, title, headingId, firstFieldId, actions, children, dragType, index, total, highlighted, readOnly } = props;
  const { onPickUp, onMove, onDrop, onMoveBy, onRemove, headingRef } = props;
  const hintId = useReorderHintId();
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const cardNode = useRef<HTMLElement | null>(null);
  const { isDragging, cardRef, handleRef } = useSortableItem({
    type: dragType,
    id,
    index,
    label: title ? `${name}: ${title}` : name,
    disabled: readOnly,
    onPickUp,
    onMove,
    onDrop,
  });

  useEffect(() => {
    if (!highlighted) return;
    const reduced = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    cardNode.current?.scrollIntoView({ behavior: reduced ? 'auto' : 'smooth', block: 'center' });
    document.getElementById(firstFieldId)?.focus({ preventScroll: true });
    // Only when it turns on: later renders of the same card must not steal the focus back.
  }, [highlighted]);

  function moveBy(delta: -1 | 1) {
    onMoveBy(index, delta);
    // The pressed button may now be disabled (first or last place): keep the focus on the card's controls.
    requestAnimationFrame(() => {
      const same = delta === -1 ? upRef.current : downRef.current;
      const other = delta === -1 ? downRef.current : upRef.current;
      (same && !same.disabled ? same : other)?.focus();
    });
  }

  function onHandleKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (event.key === 'ArrowUp' && index > 0) {
      event.preventDefault();
      onMoveBy(index, -1);
    } else if (event.key === 'ArrowDown' && index < total - 1) {
      event.preventDefault();
      onMoveBy(index, 1);
    }
  }

  return (
    <li
      ref={(node) => {
        cardNode.current = node;
        cardRef(node);
      }}
      aria-labelledby={headingId}
      className={`min-w-0 rounded-2xl border bg-surface transition-[box-shadow,border-color,opacity] duration-500 ${
        highlighted ? 'border-brand-500 shadow-[0_0_0_4px_var(--color-brand-100)]' : 'border-line'
      } ${isDragging ? 'opacity-50 ring-2 ring-brand-500' : ''}`}
    >
      <div className="flex items-center gap-1 border-b border-line py-1.5 pl-1.5 pr-2">
        <button
          ref={handleRef}
          type="button"
          className={`${CARD_ICON_BUTTON} touch-none ${readOnly ? '' : 'cursor-grab active:cursor-grabbing'}`}
          aria-label={`Reorder ${name}`}
          aria-describedby={hintId || undefined}
          disabled={readOnly}
          onKeyDown={onHandleKey}
        >
          <GripVertical className="size-5" aria-hidden="true" />
        </button>
        <h3 id={headingId} ref={headingRef} tabIndex={-1} className="flex min-w-0 flex-1 font-semibold text-ink outline-none">
          {/* The number stays whole on a phone; the title gives way. */}
          <span className="shrink-0">{name}</span>
          {title ? <span className="truncate whitespace-pre font-normal text-muted"> · {title}</span> : null}
        </h3>
        {actions}
        {readOnly ? null : (
          <>
            <button ref={upRef} type="button" className={CARD_ICON_BUTTON} aria-label={`Move ${name} up`} title="Move up" disabled={index === 0} onClick={() => moveBy(-1)}>
              <ArrowUp className="size-5" aria-hidden="true" />
            </button>
            <button ref={downRef} type="button" className={CARD_ICON_BUTTON} aria-label={`Move ${name} down`} title="Move down" disabled={index === total - 1} onClick={() => moveBy(1)}>
              <ArrowDown className="size-5" aria-hidden="true" />
            </button>
            <button type="button" className={`${CARD_ICON_BUTTON} hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950/50 dark:hover:text-red-300`} aria-label={`Delete ${name}`} title="Delete" onClick={onRemove}>
              <Trash2 className="size-5" aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      {/* One column that may shrink below its content: a long word in the text wraps there. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4">{children}</div>
    </li>
  );
}
