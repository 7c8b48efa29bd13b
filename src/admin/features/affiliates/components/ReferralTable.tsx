import { ChevronLeft, ChevronRight } from 'lucide-react';
import { useState } from 'react';
import { formatAmount, REFERRALS_PAGE_SIZE, SAMPLE_REFERRALS } from '../api/sample-referrals.ts';

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });
const cell = 'whitespace-nowrap px-4 py-3';
const pageButton = 'inline-flex min-h-10 min-w-10 items-center justify-center gap-1 rounded-full px-3 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-50';

/** Referral Activity: 10 rows a page with Previous, Next and page numbers (docs/product.md §2, §9). */
export function ReferralTable() {
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(SAMPLE_REFERRALS.length / REFERRALS_PAGE_SIZE));
  const rows = SAMPLE_REFERRALS.slice((page - 1) * REFERRALS_PAGE_SIZE, page * REFERRALS_PAGE_SIZE);

  return (
    <section aria-labelledby="referrals-title" className="card overflow-hidden">
      <div className="flex flex-wrap items-baseline justify-between gap-2 px-6 pb-4 pt-6">
        <h2 id="referrals-title" className="font-display text-lg font-bold text-ink">Referral Activity</h2>
        <p className="text-sm text-muted">
          Page {page} of {pages}
        </p>
      </div>
      {/* Scrolls sideways on narrow screens; focusable so keyboard users can scroll it too. */}
      <div className="overflow-x-auto" tabIndex={0} role="region" aria-labelledby="referrals-title">
        <table className="w-full text-left text-sm">
          <thead className="border-y border-line bg-canvas text-xs uppercase tracking-wide text-muted">
            <tr>
              <th scope="col" className={cell}>Name</th>
              <th scope="col" className={`${cell} text-right`}>Order Amount</th>
              <th scope="col" className={cell}>Date</th>
              <th scope="col" className={`${cell} text-right`}>Earnings 10%</th>
              <th scope="col" className={`${cell} text-right`}>Discount 10%</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {rows.map((row) => (
              <tr key={row.id} className="text-ink">
                <td className={`${cell} font-mono`}>{row.name}</td>
                <td className={`${cell} text-right tabular-nums`}>{formatAmount(row.amountCents)}</td>
                <td className={cell}>
                  <time dateTime={row.date}>{dateFormat.format(new Date(row.date))}</time>
                </td>
                <td className={`${cell} text-right tabular-nums font-semibold text-green-700 dark:text-green-400`}>{formatAmount(row.earningsCents)}</td>
                <td className={`${cell} text-right tabular-nums`}>{formatAmount(row.discountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav aria-label="Referral pages" className="flex flex-wrap items-center justify-center gap-1.5 border-t border-line px-4 py-3 sm:justify-end">
        <button type="button" className={`${pageButton} text-ink hover:bg-brand-50`} disabled={page === 1} onClick={() => setPage(page - 1)}>
          <ChevronLeft className="size-4" aria-hidden="true" />
          Previous
        </button>
        {Array.from({ length: pages }, (_, index) => index + 1).map((number) => (
          <button
            key={number}
            type="button"
            aria-label={`Page ${number}`}
            aria-current={number === page ? 'page' : undefined}
            className={`${pageButton} ${number === page ? 'bg-brand-700 text-white' : 'text-ink hover:bg-brand-50'}`}
            onClick={() => setPage(number)}
          >
            {number}
          </button>
        ))}
        <button type="button" className={`${pageButton} text-ink hover:bg-brand-50`} disabled={page === pages} onClick={() => setPage(page + 1)}>
          Next
          <ChevronRight className="size-4" aria-hidden="true" />
        </button>
      </nav>
    </section>
  );
}
