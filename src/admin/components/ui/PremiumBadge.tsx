import { Crown, Lock } from 'lucide-react';

const TONES = {
  /** What is kept for paid plans (docs/product.md §5): whatever it marks carries the explanation. */
  locked: 'bg-brand-700 font-bold uppercase tracking-wide text-white',
  /** What only the Premium plan unlocks (docs/product.md §1, §6), e.g. the editor's branding panel. */
  feature: 'bg-amber-100 font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200',
};

const SIZES = {
  sm: 'gap-1 px-1.5 py-0.5 text-[0.6875rem] leading-4 [&>svg]:size-3',
  md: 'gap-1.5 px-2.5 py-0.5 text-xs [&>svg]:size-3.5',
};

interface Props {
  tone?: keyof typeof TONES;
  /** The locked badge's size; the feature badge has one. */
  size?: keyof typeof SIZES;
  className?: string;
}

/** The "Premium" pill: a lock on what a plan would open, a crown on what Premium adds. */
export function PremiumBadge({ tone = 'locked', size = 'sm', className = '' }: Props) {
  const shape = tone === 'locked' ? `shrink-0 ${SIZES[size]}` : 'gap-1 px-2 py-0.5 text-xs [&>svg]:size-3';
  return (
    <span className={`inline-flex items-center rounded-full ${TONES[tone]} ${shape} ${className}`.trimEnd()}>
      {tone === 'locked' ? <Lock aria-hidden="true" /> : <Crown aria-hidden="true" />}
      Premium
    </span>
  );
}
