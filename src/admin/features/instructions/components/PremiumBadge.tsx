import { Lock } from 'lucide-react';

const SIZES = {
  sm: 'gap-1 px-1.5 py-0.5 text-[0.6875rem] leading-4 [&>svg]:size-3',
  md: 'gap-1.5 px-2.5 py-0.5 text-xs [&>svg]:size-3.5',
};

/** Marks what is kept for paid plans (SPEC §5). Whatever it marks carries the explanation. */
export function PremiumBadge({ size = 'sm', className = '' }: { size?: keyof typeof SIZES; className?: string }) {
  return (
    <span className={`inline-flex shrink-0 items-center rounded-full bg-brand-700 font-bold uppercase tracking-wide text-white ${SIZES[size]} ${className}`}>
      <Lock aria-hidden="true" />
      Premium
    </span>
  );
}
