import { Lock } from 'lucide-react';

/** Marks an action kept for paid plans (SPEC §5). The explanation is read from `describedBy`. */
export function PremiumBadge({ className = '' }: { className?: string }) {
  return (
    <span className={`inline-flex items-center gap-1 rounded-full bg-brand-700 px-2 py-0.5 text-[0.6875rem] font-bold uppercase tracking-wide text-white ${className}`}>
      <Lock className="size-3" aria-hidden="true" />
      Premium
    </span>
  );
}
