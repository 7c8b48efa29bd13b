import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { MAX_TEXT } from '@shared/schemas/instruction.ts';
import { TextField } from '../../../../../components/ui/TextField.tsx';
import { fieldId, type Step } from '../../model/editor-form.ts';
import { useEditorContext } from '../common/editor-context.ts';
import { ImageUploadField } from '../common/ImageUploadField.tsx';
import { RichTextField } from '../../../../components/rich-text/RichTextField.tsx';
import type { StepListConfig } from './step-lists.ts';
import { useSortableStep } from './use-sortable-step.ts';

interface Props<T extends Step> {
  config: StepListConfig;
  step: T;
  index: number;
  total: number;
  /** Just added: scrolled into view, focused and briefly highlighted (docs/product.md §4 Editor). */
  highlighted: boolean;
  onChange: (step: T) => void;
  /** A drag began. */
  onPickUp: (index: number) => void;
  /** Live move while dragging. */
  onMove: (from: number, to: number) => void;
  onDrop: (from: number, to: number) => void;
  /** Keyboard move by one place; answers the new index. */
  onMoveBy: (index: number, delta: -1 | 1) => void;
  onRemove: (step: T) => void;
  headingRef: (node: HTMLHeadingElement | null) => void;
}

const ICON_BUTTON =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink disabled:pointer-events-none disabled:opacity-35';

export function StepCard<T extends Step>({ config, step, index, total, highlighted, onChange, onPickUp, onMove, onDrop, onMoveBy, onRemove, headingRef }: Props<T>) {
  const { readOnly } = useEditorContext();
  const upRef = useRef<HTMLButtonElement>(null);
  const downRef = useRef<HTMLButtonElement>(null);
  const cardNode = useRef<HTMLElement | null>(null);
  const name = `${config.noun} ${index + 1}`;
  const title = 'title' in step ? step.title : '';
  const { isDragging, cardRef, handleRef } = useSortableStep({
    type: config.dragType,
    id: step.id,
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
    const first = document.getElementById(fieldId(config.key, step.id, config.withTitle ? 'title' : 'paragraph'));
    first?.focus({ preventScroll: true });
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

  const set = (patch: Partial<Step>) => onChange({ ...step, ...patch });

  return (
    <li
      ref={(node) => {
        cardNode.current = node;
        cardRef(node);
      }}
      aria-labelledby={`${fieldId(config.key, step.id)}-name`}
      className={`min-w-0 rounded-2xl border bg-surface transition-[box-shadow,border-color,opacity] duration-500 ${
        highlighted ? 'border-brand-500 shadow-[0_0_0_4px_var(--color-brand-100)]' : 'border-line'
      } ${isDragging ? 'opacity-50 ring-2 ring-brand-500' : ''}`}
    >
      <div className="flex items-center gap-1 border-b border-line py-1.5 pl-1.5 pr-2">
        <button
          ref={handleRef}
          type="button"
          className={`${ICON_BUTTON} touch-none ${readOnly ? '' : 'cursor-grab active:cursor-grabbing'}`}
          aria-label={`Reorder ${name}`}
          aria-describedby="editor-reorder-hint"
          disabled={readOnly}
          onKeyDown={onHandleKey}
        >
          <GripVertical className="size-5" aria-hidden="true" />
        </button>
        <h3 id={`${fieldId(config.key, step.id)}-name`} ref={headingRef} tabIndex={-1} className="min-w-0 flex-1 truncate font-semibold text-ink outline-none">
          {name}
          {title ? <span className="font-normal text-muted"> · {title}</span> : null}
        </h3>
        {readOnly ? null : (
          <>
            <button ref={upRef} type="button" className={ICON_BUTTON} aria-label={`Move ${name} up`} title="Move up" disabled={index === 0} onClick={() => moveBy(-1)}>
              <ArrowUp className="size-5" aria-hidden="true" />
            </button>
            <button ref={downRef} type="button" className={ICON_BUTTON} aria-label={`Move ${name} down`} title="Move down" disabled={index === total - 1} onClick={() => moveBy(1)}>
              <ArrowDown className="size-5" aria-hidden="true" />
            </button>
            <button type="button" className={`${ICON_BUTTON} hover:bg-red-50 hover:text-red-700 dark:hover:bg-red-950/50 dark:hover:text-red-300`} aria-label={`Delete ${name}`} title="Delete" onClick={() => onRemove(step)}>
              <Trash2 className="size-5" aria-hidden="true" />
            </button>
          </>
        )}
      </div>
      {/* One column that may shrink below its content: a long word in the text wraps there. */}
      <div className="grid grid-cols-[minmax(0,1fr)] gap-4 p-4">
        {'title' in step ? (
          <TextField id={fieldId(config.key, step.id, 'title')} label="Title" value={step.title} maxLength={MAX_TEXT} onChange={(event) => set({ title: event.target.value })} />
        ) : null}
        <RichTextField
          id={fieldId(config.key, step.id, 'paragraph')}
          label={config.withTitle ? 'Instructions' : 'Text'}
          value={step.paragraph}
          markers={config.markers}
          readOnly={readOnly}
          onChange={(paragraph) => set({ paragraph })}
        />
        <div>
          <span className="field-label">Image</span>
          <ImageUploadField id={fieldId(config.key, step.id, 'imageUrl')} label={`Image of ${name}`} value={step.imageUrl} shape={config.shape} onChange={(imageUrl) => set({ imageUrl })} />
        </div>
      </div>
    </li>
  );
}
