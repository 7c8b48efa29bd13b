import { Plus } from 'lucide-react';

interface Props<T> {
  /** What the empty list is for, and an invitation to start. */
  text: string;
  /** Ready items the host edits rather than a blank card. */
  examples: ReadonlyArray<{ label: string; start: T }>;
  readOnly: boolean;
  add: (start: T) => void;
}

/** An empty SortableList (places, extras): a sentence and, unless read only, a button per example. */
export function ExamplesEmptyState<T>({ text, examples, readOnly, add }: Props<T>) {
  return (
    <div className="rounded-xl border border-dashed border-line px-4 py-6 text-center">
      <p className="text-sm text-muted">{text}</p>
      {readOnly ? null : (
        <div className="mt-4 flex flex-wrap justify-center gap-2">
          {examples.map((example) => (
            <button
              key={example.label}
              type="button"
              className="inline-flex items-center gap-1.5 rounded-full border border-brand-300 bg-surface px-3.5 py-2 text-sm font-semibold text-brand-700 hover:bg-brand-50 dark:border-brand-700 dark:text-brand-300 dark:hover:bg-brand-950/50"
              onClick={() => add(example.start)}
            >
              <Plus className="size-4" aria-hidden="true" />
              {example.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
