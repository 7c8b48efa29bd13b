import type { LucideIcon } from 'lucide-react';
import { Switch } from 'radix-ui';
import { useId, type ReactNode } from 'react';
import { IconBadge } from '../../../components/ui/IconBadge.tsx';

interface Props {
  title: string;
  description: string;
  icon: LucideIcon;
  /** What applying copies, for the toggle's hint: "this welcome message". */
  applies: string;
  /** "Apply to existing guidebooks" (docs/product.md §2 Settings), one per section. */
  apply: boolean;
  onApplyChange: (apply: boolean) => void;
  children: ReactNode;
}

/** One auto-fill section: a card with its fields and its own apply-to-existing toggle. */
export function SettingsSection({ title, description, icon: Icon, applies, apply, onApplyChange, children }: Props) {
  const titleId = useId();
  const switchId = useId();
  const hintId = useId();
  return (
    <section aria-labelledby={titleId} className="card min-w-0 p-5 sm:p-6">
      <div className="mb-5 flex items-start gap-3">
        <IconBadge icon={Icon} className="size-10 shrink-0 rounded-xl" iconClassName="size-5" />
        <div className="min-w-0">
          <h2 id={titleId} className="font-display text-lg font-bold text-ink">
            {title}
          </h2>
          <p className="mt-0.5 text-sm text-muted">{description}</p>
        </div>
      </div>

      <div className="grid gap-4 [&>*]:min-w-0">{children}</div>

      <div className={`mt-5 flex items-center justify-between gap-4 rounded-xl border px-4 py-3 transition-colors ${apply ? 'border-brand-300 bg-brand-50 dark:border-brand-700' : 'border-line bg-canvas'}`}>
        <div className="min-w-0">
          <label htmlFor={switchId} className="cursor-pointer text-sm font-semibold text-ink">
            Apply to existing guidebooks
          </label>
          <p id={hintId} className="text-xs text-muted">
            {apply ? `On save, all your existing guidebooks get ${applies}.` : 'Off: only new guidebooks start from these.'}
          </p>
        </div>
        <Switch.Root
          id={switchId}
          checked={apply}
          onCheckedChange={onApplyChange}
          aria-describedby={hintId}
          className="relative inline-flex h-7 w-12 shrink-0 cursor-pointer items-center rounded-full border border-line bg-stone-300 transition-colors data-[state=checked]:border-brand-600 data-[state=checked]:bg-brand-600 dark:bg-stone-700"
        >
          <Switch.Thumb className="block size-5 translate-x-1 rounded-full bg-white shadow transition-transform duration-150 data-[state=checked]:translate-x-6" />
        </Switch.Root>
      </div>
    </section>
  );
}
