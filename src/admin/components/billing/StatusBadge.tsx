import { CircleCheck, CircleMinus, CircleX } from 'lucide-react';
import type { SubscriptionData } from '@shared/schemas/billing.ts';
import { statusBadge, type BadgeTone } from '../../lib/subscription-view.ts';

const TONES: Record<BadgeTone, { className: string; Icon: typeof CircleCheck }> = {
  good: { className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/25 dark:bg-emerald-950/60 dark:text-emerald-200 dark:ring-emerald-400/30', Icon: CircleCheck },
  bad: { className: 'bg-red-50 text-red-800 ring-red-600/25 dark:bg-red-950/60 dark:text-red-200 dark:ring-red-400/30', Icon: CircleX },
  neutral: { className: 'bg-canvas text-muted ring-line', Icon: CircleMinus },
};

/**
 * The subscription's status (docs/product.md §2: green when active, red otherwise). The words carry the
 * status and the icon repeats it, so colour is never the only signal.
 */
export function StatusBadge({ subscription }: { subscription: Pick<SubscriptionData, 'status' | 'cancelAtPeriodEnd' | 'managedBy'> }) {
  const { label, tone } = statusBadge(subscription);
  const { className, Icon } = TONES[tone];
  return (
    <span className={`inline-flex shrink-0 items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ring-inset ${className}`}>
      <Icon className="size-3.5" aria-hidden="true" />
      <span>
        <span className="sr-only">Status: </span>
        {label}
      </span>
    </span>
  );
}
