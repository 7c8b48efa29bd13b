import { formatEuros, type IntervalPrice } from '@shared/plans.ts';

const SIZES = {
  /** The pricing view's plan cards. */
  lg: { amount: 'text-5xl', unit: 'text-base' },
  /** The checkout's order summary. */
  md: { amount: 'text-3xl', unit: 'text-sm' },
};

/** "€48/year": the amount large, its interval small beside it. */
export function PlanPrice({ price, size, className }: { price: IntervalPrice; size: keyof typeof SIZES; className?: string }) {
  return (
    <p className={className}>
      <span className={`font-display font-bold tracking-tight text-ink ${SIZES[size].amount}`}>{formatEuros(price.cents)}</span>
      <span className={`font-medium text-muted ${SIZES[size].unit}`}>/{price.unit}</span>
    </p>
  );
}
