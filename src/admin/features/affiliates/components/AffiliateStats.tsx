import { toast } from 'sonner';
import { formatAmount, SAMPLE_STATS } from '../api/sample-referrals.ts';

const tile = 'card flex flex-col gap-1 p-5';
const label = 'text-sm font-medium text-muted';
const value = 'font-display text-3xl font-bold text-ink';

/** Total Uses, Earned (with Claim) and Discount (docs/product.md §2, §9 sample values). */
export function AffiliateStats() {
  return (
    <section aria-labelledby="affiliate-stats-title">
      <h2 id="affiliate-stats-title" className="sr-only">Your numbers</h2>
      <dl className="grid gap-3 sm:grid-cols-3">
        <div className={tile}>
          <dt className={label}>Total Uses</dt>
          <dd className={value}>{SAMPLE_STATS.totalUses}</dd>
        </div>
        <div className={tile}>
          <dt className={label}>Earned</dt>
          <dd className="flex flex-wrap items-center justify-between gap-2">
            <span className={value}>{formatAmount(SAMPLE_STATS.earnedCents)}</span>
            <button type="button" className="btn-secondary px-4 py-1.5" onClick={() => toast.info('Claiming opens when the affiliate program launches.')}>
              Claim
            </button>
          </dd>
        </div>
        <div className={tile}>
          <dt className={label}>Discount</dt>
          <dd className={value}>{Math.round(SAMPLE_STATS.discountRate * 100)}%</dd>
        </div>
      </dl>
    </section>
  );
}
