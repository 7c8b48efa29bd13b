import { LayoutGrid, Rows3 } from 'lucide-react';
import { ToggleGroup } from 'radix-ui';
import type { ViewMode } from '../hooks/use-view-mode.ts';

const item =
  'inline-flex min-h-10 items-center gap-2 rounded-full px-3.5 text-sm font-semibold text-muted transition-colors hover:text-ink data-[state=on]:bg-surface data-[state=on]:text-ink data-[state=on]:shadow-sm';

/** Cards ↔ table (SPEC §2). A radio-like group: one is always chosen. */
export function ViewToggle({ mode, onChange }: { mode: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <ToggleGroup.Root
      type="single"
      value={mode}
      onValueChange={(value) => {
        if (value === 'cards' || value === 'table') onChange(value);
      }}
      aria-label="Show instructions as"
      className="inline-flex gap-1 rounded-full border border-line bg-canvas p-1"
    >
      <ToggleGroup.Item value="cards" className={item} aria-label="Cards">
        <LayoutGrid className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline" aria-hidden="true">
          Cards
        </span>
      </ToggleGroup.Item>
      <ToggleGroup.Item value="table" className={item} aria-label="Table">
        <Rows3 className="size-4" aria-hidden="true" />
        <span className="hidden sm:inline" aria-hidden="true">
          Table
        </span>
      </ToggleGroup.Item>
    </ToggleGroup.Root>
  );
}
