import type { BillingInterval } from '@shared/plans.ts';
import { SegmentedToggle, type Segment } from '../../../components/ui/SegmentedToggle.tsx';

const GROUP = 'inline-flex w-fit items-center gap-1 rounded-full border border-line bg-surface p-1 shadow-sm';
const ITEM = 'inline-flex min-h-10 items-center gap-2 rounded-full px-5 text-sm font-semibold text-muted transition-colors hover:text-ink data-[state=on]:bg-ink data-[state=on]:text-canvas';

const SEGMENTS: readonly Segment<BillingInterval>[] = [
  { value: 'monthly', content: 'Monthly' },
  {
    value: 'yearly',
    content: (
      <>
        Yearly
        <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-bold text-brand-800 dark:text-brand-200">−20%</span>
      </>
    ),
  },
];

/** Monthly ↔ yearly, as on the landing page's pricing section. */
export function IntervalToggle({ value, onChange }: { value: BillingInterval; onChange: (value: BillingInterval) => void }) {
  return (
    <SegmentedToggle value={value} onChange={onChange} segments={SEGMENTS} label="Billing period" className={GROUP} itemClassName={ITEM} />
  );
}
