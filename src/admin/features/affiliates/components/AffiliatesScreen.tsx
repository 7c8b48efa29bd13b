import { Construction, Info } from 'lucide-react';
import { useState } from 'react';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { AffiliateStats } from './AffiliateStats.tsx';
import { HostCodeCard } from './HostCodeCard.tsx';
import { ReferralTable } from './ReferralTable.tsx';

/**
 * docs/product.md §2 Affiliate dashboard. The program is under construction: an overlay covers the page,
 * which shows through but is inert (not clickable, not focusable, hidden from assistive tech).
 * "Explore the preview" lifts it for anyone curious; a note keeps saying it is sample data.
 */
export function AffiliatesScreen() {
  useDocumentTitle('Affiliates');
  const [previewing, setPreviewing] = useState(false);

  return (
    <>
      <PageHeader title="Affiliates" description="Share your host code, give new hosts a discount and earn from every order they make." />
      <div className="relative">
        {previewing ? (
          <p className="mb-4 flex items-center gap-2 rounded-xl bg-brand-50 px-4 py-3 text-sm font-medium text-ink">
            <Info className="size-4 shrink-0 text-brand-700 dark:text-brand-300" aria-hidden="true" />
            Preview with sample data: the affiliate program is under construction.
          </p>
        ) : (
          <div className="absolute inset-0 z-10 flex justify-center rounded-2xl bg-canvas/70 px-4 pt-10 backdrop-blur-[3px] sm:pt-16">
            <section aria-labelledby="construction-title" className="card sticky top-28 flex h-fit max-w-md flex-col items-center gap-3 p-8 text-center shadow-2xl">
              <span className="inline-flex size-14 items-center justify-center rounded-full bg-brand-700 text-white">
                <Construction className="size-7" aria-hidden="true" />
              </span>
              <h2 id="construction-title" className="font-display text-2xl font-bold text-ink">
                Under Construction
              </h2>
              <p className="text-muted">The affiliate program is on its way. The page behind this note shows sample data, so you can see how it will work.</p>
              <button type="button" className="btn-secondary mt-2" onClick={() => setPreviewing(true)}>
                Explore the preview
              </button>
            </section>
          </div>
        )}
        <div inert={!previewing} className="grid gap-6">
          <div className="grid gap-6 lg:grid-cols-2">
            <HostCodeCard />
            <section aria-labelledby="how-title" className="card p-6">
              <h2 id="how-title" className="font-display text-lg font-bold text-ink">
                How it works
              </h2>
              <ul className="mt-3 grid list-disc gap-2 pl-5 text-sm text-ink marker:text-brand-600">
                <li>New hosts who use your code get a 10% discount on their first purchase.</li>
                <li>You earn 10% of each order they make, and 10% of every billing cycle for as long as they stay subscribed.</li>
                <li>Your earnings add up below; claim them whenever you like.</li>
              </ul>
            </section>
          </div>
          <AffiliateStats />
          <ReferralTable />
        </div>
      </div>
    </>
  );
}
