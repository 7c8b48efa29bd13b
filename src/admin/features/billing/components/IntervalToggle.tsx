import { ToggleGroup } from 'radix-ui';
import type { BillingInterval } from '../../../../lib/shared/plans.ts';

const item =
  'inline-flex min-h-10 items-center gap-2 rounded-full px-5 text-sm font-semibold text-muted transition-colors hover:text-ink data-[state=on]:bg-ink data-[state=on]:text-canvas';

/**
 * Monthly ↔ yearly, as on the landing page's pricing section. A single-choice Radix ToggleGroup is
 * a radiogroup to assistive technology, with arrow-key movement between the two.
 */
export function IntervalToggle({ value, onChange }: { value: BillingInterval; onChange: (value: BillingInterval) => void }) {
  return (
    <ToggleGroup.Root
      type="single"
      value={value}
      onValueChange={(next) => {
        // Radix lets the pressed item be pressed again to clear it; one period is always chosen.
        if (next === 'monthly' || next === 'yearly') onChange(next);
      }}
      aria-label="Billing period"
      className="inline-flex w-fit items-center gap-1 rounded-full border border-line bg-surface p-1 shadow-sm"
    >
      <ToggleGroup.Item value="monthly" className={item}>
        Monthly
      </ToggleGroup.Item>
      <ToggleGroup.Item value="yearly" className={item}>
        Yearly
        <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-bold text-brand-800 dark:text-brand-200">−20%</span>
      </ToggleGroup.Item>
    </ToggleGroup.Root>
  );
}
