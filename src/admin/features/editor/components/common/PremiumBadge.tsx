import { Crown } from 'lucide-react';

/** Marks what only the Premium plan unlocks (SPEC §1, §6). */
export function PremiumBadge() {
  return (
    <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">
      <Crown className="size-3" aria-hidden="true" />
      Premium
    </span>
  );
}
