import { Plus } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messages } from '@shared/messages.ts';
import { moveItem, type Step } from '../../model/editor-form.ts';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog.tsx';
import { useEditorContext } from '../common/editor-context.ts';
import { Section } from '../common/Section.tsx';
import { StepCard } from './StepCard.tsx';
import type { StepListConfig } from './step-lists.ts';

interface Props<T extends Step> {
  config: StepListConfig;
  steps: readonly T[];
  /** Changes the list from its latest state (drag moves arrive faster than renders). */
  update: (change: (steps: T[]) => T[]) => void;
  createStep: (existing: readonly T[]) => T;
}

const HIGHLIGHT_MS = 2500;

/**
 * One list of steps (docs/product.md §2, §4 Editor): add (scrolled into view, focused, highlighted), edit,
 * delete after "Confirm Deletion", reorder by drag or with the move buttons and arrow keys. Every
 * change of place or number is announced through the editor's live region.
 */
export function StepsSection<T extends Step>({ config, steps, update, createStep }: Props<T>) {
  const { readOnly, announce } = useEditorContext();
  const [highlightId, setHighlightId] = useState<number | null>(null);
  const [pending, setPending] = useState<T | null>(null);
  const headings = useRef(new Map<number, HTMLHeadingElement>());
  const addButton = useRef<HTMLButtonElement>(null);
  const focusAfterDelete = useRef<HTMLElement | null>(null);
  const count = steps.length;

  useEffect(() => {
    if (highlightId === null) return;
    const timer = window.setTimeout(() => setHighlightId(null), HIGHLIGHT_MS);
    return () => window.clearTimeout(timer);
  }, [highlightId]);

  const onMove = useCallback((from: number, to: number) => update((list) => moveItem(list, from, to)), [update]);

  // A drag is announced from start to end, like the keyboard moves: picked up, then where it landed.
  const onPickUp = useCallback((index: number) => announce(`${config.noun} ${index + 1} picked up.`), [announce, config.noun]);

  const onDrop = useCallback(
    (from: number, to: number) => {
      announce(from === to ? `${config.noun} ${from + 1} dropped back in place.` : `${config.noun} moved from position ${from + 1} to position ${to + 1}.`);
    },
    [announce, config.noun],
  );

  function onMoveBy(index: number, delta: -1 | 1) {
    const to = index + delta;
    if (to < 0 || to >= count) return;
    update((list) => moveItem(list, index, to));
    announce(`${config.noun} ${index + 1} moved to position ${to + 1} of ${count}.`);
  }

  function add() {
    const step = createStep(steps);
    update((list) => [...list, step]);
    setHighlightId(step.id);
    announce(`${config.noun} ${count + 1} added.`);
  }

  function confirmDelete() {
    if (!pending) return;
    const index = steps.findIndex((step) => step.id === pending.id);
    const neighbour = steps[index + 1] ?? steps[index - 1];
    focusAfterDelete.current = (neighbour && headings.current.get(neighbour.id)) || addButton.current;
    update((list) => list.filter((step) => step.id !== pending.id));
    announce(`${config.noun} ${index + 1} deleted.`);
  }

  const full = count >= config.max;
  const Icon = config.icon;

  return (
    <Section
      id={config.sectionId}
      title={config.title}
      icon={Icon}
      description={config.description}
      aside={<span className="rounded-full bg-canvas px-2 py-0.5 text-xs font-semibold text-muted">{count}</span>}
    >
      {count === 0 ? (
        <p className="rounded-xl border border-dashed border-line px-4 py-6 text-center text-sm text-muted">{config.empty}</p>
      ) : (
        <ol className="grid gap-4" aria-label={config.title}>
          {steps.map((step, index) => (
            <StepCard
              key={step.id}
              config={config}
              step={step}
              index={index}
              total={count}
              highlighted={highlightId === step.id}
              onChange={(next) => update((list) => list.map((item) => (item.id === next.id ? next : item)))}
              onPickUp={onPickUp}
              onMove={onMove}
              onDrop={onDrop}
              onMoveBy={onMoveBy}
              onRemove={setPending}
              headingRef={(node) => {
                if (node) headings.current.set(step.id, node);
                else headings.current.delete(step.id);
              }}
            />
          ))}
        </ol>
      )}
      {readOnly ? null : (
        <div className="mt-4 flex flex-wrap items-center gap-3">
          <button ref={addButton} type="button" className="btn-secondary" onClick={add} disabled={full}>
            <Plus className="size-4" aria-hidden="true" />
            {config.addLabel}
          </button>
          {full ? <p className="text-sm text-muted">A guidebook holds at most {config.max} of these.</p> : null}
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
