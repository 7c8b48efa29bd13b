import { LayoutGrid, Rows3, type LucideIcon } from 'lucide-react';
import { SegmentedToggle } from '../../../components/ui/SegmentedToggle.tsx';
import type { ViewMode } from '../hooks/use-view-mode.ts';

function segment(value: ViewMode, label: string, Icon: LucideIcon) {
  const content = (
    <>
      <Icon className="size-4" aria-hidden="true" />
      <span className="hidden sm:inline" aria-hidden="true">
        {label}
      </span>
    </>
  );
  return { value, label, content };
}

const GROUP = 'inline-flex gap-1 rounded-full border border-line bg-canvas p-1';
const ITEM =
  'inline-flex min-h-10 items-center gap-2 rounded-full px-3.5 text-sm font-semibold text-muted transition-colors hover:text-ink data-[state=on]:bg-surface data-[state=on]:text-ink data-[state=on]:shadow-sm';

const SEGMENTS = [segment('cards', 'Cards', LayoutGrid), segment('table', 'Table', Rows3)];

/** Cards ↔ table (docs/product.md §2). */
export function ViewToggle({ mode, onChange }: { mode: ViewMode; onChange: (mode: ViewMode) => void }) {
  return (
    <SegmentedToggle value={mode} onChange={onChange} segments={SEGMENTS} label="Show guidebooks as" className={GROUP} itemClassName={ITEM} />
  );
}
