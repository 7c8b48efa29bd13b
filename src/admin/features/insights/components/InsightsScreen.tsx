import { BookOpen, CalendarDays } from 'lucide-react';
import { useId, useState } from 'react';
import { useParams } from 'react-router';
import type { GuestSection, Insights } from '@shared/insights.ts';
import { formatStayDate, formatStayTime } from '@shared/time-zone.ts';
import { errorMessage } from '@shared/api-client.ts';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { GuidebookPageHeader } from '../../../components/ui/GuidebookPageHeader.tsx';
import { LoadingStatus } from '../../../components/ui/LoadingStatus.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useInsights, useInsightsGuidebook } from '../api/get-insights.ts';
import { FeedbackList } from './FeedbackList.tsx';
import { QuestionsList } from './QuestionsList.tsx';
import { ViewsChart } from './ViewsChart.tsx';

const PERIODS = [7, 30, 90] as const;

/** How the host calls each part of the guest page. */
const SECTION_NAMES: Record<GuestSection, string> = {
  checkin: 'Check-in steps',
  access: 'Door code',
  wifi: 'Wi-Fi',
  rules: 'House rules',
  places: 'Recommendations',
  extras: 'Extras',
  contact: 'Contacted you',
};

const languageName = new Intl.DisplayNames(['en'], { type: 'language' });

/**
 * /dashboard/insights/:id, from the options panel's "Insights" (docs/product/insights.md): how often
 * guests opened the guidebook, per day and language, which sections they read (the least read
 * are the ones guests skip), for each stay whether its guest opened the link, the questions guests
 * asked the guidebook, and guests' feedback.
 */
export function InsightsScreen() {
  const { id = '' } = useParams();
  const [days, setDays] = useState<(typeof PERIODS)[number]>(30);
  const periodId = useId();
  const guidebook = useInsightsGuidebook(id);
  const insights = useInsights(id, days);
  const name = guidebook.data?.nameInstruction || 'Untitled guidebook';
  useDocumentTitle(guidebook.data ? `Insights of ${name}` : 'Insights');

  return (
    <>
      <GuidebookPageHeader title="Insights" guidebookId={id} name={guidebook.data ? name : undefined} />
      <div className="mb-4 flex items-center gap-3">
        <label htmlFor={periodId} className="text-sm font-semibold text-ink">
          Period
        </label>
        <select id={periodId} className="field-input w-auto py-1.5" value={days} onChange={(event) => setDays(Number(event.target.value) as (typeof PERIODS)[number])}>
          {PERIODS.map((period) => (
            <option key={period} value={period}>
              Last {period} days
            </option>
          ))}
        </select>
      </div>
      {insights.isPending ? (
        <LoadingStatus>Loading insights…</LoadingStatus>
      ) : insights.isError ? (
        <LoadError message={errorMessage(insights.error, 'The insights could not be loaded.')} onRetry={() => void insights.refetch()} />
      ) : (
        <InsightsBody guidebookId={id} insights={insights.data} days={days} timeZone={guidebook.data?.timeZone ?? ''} />
      )}
    </>
  );
}

function InsightsBody({ guidebookId, insights, days, timeZone }: { guidebookId: string; insights: Insights; days: number; timeZone: string }) {
  return (
    <div className="grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      <section aria-labelledby="insights-opens" className="card p-4 sm:p-5 lg:col-span-2">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="insights-opens" className="font-display text-lg font-bold text-ink">
            Opens
          </h2>
          <p className="text-sm text-muted">
            <span className="font-display text-2xl font-bold tabular-nums text-ink">{insights.total.toLocaleString('en-GB')}</span> in the last {days} days
          </p>
        </div>
        <p className="mt-0.5 text-sm text-muted">Each time a guest opens the guidebook's page. Robots and link previews are left out; no cookies.</p>
        <div className="mt-3">
          <ViewsChart days={insights.days} total={insights.total} />
        </div>
        {insights.languages.length > 0 ? (
          <p className="mt-3 text-sm text-muted">
            In{' '}
            {new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(insights.languages.map((row) => `${languageName.of(row.language) ?? row.language} (${row.views})`))}
          </p>
        ) : null}
      </section>
      <SectionReads sections={insights.sections} />
      <StayOpens stays={insights.stays} timeZone={timeZone} />
      <QuestionsList guidebookId={guidebookId} questions={insights.questions} />
      <FeedbackList guidebookId={guidebookId} feedback={insights.feedback} timeZone={timeZone} />
    </div>
  );
}

/** Every section with its reads, most read first: the last ones are what guests skip. */
function SectionReads({ sections }: { sections: Insights['sections'] }) {
  const max = Math.max(1, ...sections.map((row) => row.reads));
  // Every section at the bottom count is marked, unless all are read alike.
  const least = sections.at(-1)?.reads ?? 0;
  const skipped = (reads: number) => reads === least && least < (sections[0]?.reads ?? 0);
  return (
    <section aria-labelledby="insights-sections" className="card p-4 sm:p-5">
      <h2 id="insights-sections" className="font-display text-lg font-bold text-ink">
        What guests read
      </h2>
      <p className="mt-0.5 text-sm text-muted">A section counts once per visit, after a few seconds on screen or a tap.</p>
      <ol className="mt-3 space-y-2.5">
        {sections.map((row) => (
          <li key={row.section} className="text-sm">
            <div className="flex items-baseline justify-between gap-2">
              <span className="font-medium text-ink">
                {SECTION_NAMES[row.section]}
                {skipped(row.reads) ? <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-400/15 dark:text-amber-200">Least read</span> : null}
              </span>
              <span className="tabular-nums text-muted">{row.reads}</span>
            </div>
            <div className="mt-1 h-2 rounded-full bg-canvas" aria-hidden="true">
              <div className="h-2 rounded-full bg-brand-600 dark:bg-brand-400" style={{ width: `${(row.reads / max) * 100}%` }} />
            </div>
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The stays of the period and after: whether each guest opened the link, and what they read. */
function StayOpens({ stays, timeZone }: { stays: Insights['stays']; timeZone: string }) {
  return (
    <section aria-labelledby="insights-stays" className="card p-4 sm:p-5">
      <h2 id="insights-stays" className="font-display text-lg font-bold text-ink">
        Stays
      </h2>
      {stays.length === 0 ? (
        <p className="mt-1 text-sm text-muted">No stays in this period. Stays give each booking its own link, so you see whether its guest opened it before arriving.</p>
      ) : (
        <ul className="mt-2 divide-y divide-line">
          {stays.map((stay) => {
            const read = (Object.keys(stay.read) as GuestSection[]).filter((section) => stay.read[section] && section !== 'contact');
            return (
              <li key={stay._id} className="py-2.5 text-sm">
                <p className="flex flex-wrap items-baseline justify-between gap-x-2">
                  <span className={`font-semibold ${stay.guestName ? 'text-ink' : 'text-muted'}`}>{stay.guestName || 'Guest without a name'}</span>
                  <span className="flex items-center gap-1 text-muted">
                    <CalendarDays className="size-3.5" aria-hidden="true" />
                    <time dateTime={stay.checkIn}>{formatStayDate(Date.parse(stay.checkIn), timeZone)}</time>
                  </span>
                </p>
                <p className={`mt-0.5 flex items-start gap-1.5 ${stay.firstOpenedAt ? 'text-ink' : 'text-muted'}`}>
                  <BookOpen className="mt-0.5 size-3.5 shrink-0 text-muted" aria-hidden="true" />
                  <span>
                    {stay.firstOpenedAt ? `Opened ${formatStayTime(Date.parse(stay.firstOpenedAt), timeZone)}${stay.views > 1 ? ` · ${stay.views} times` : ''}` : 'Not opened yet'}
                    {read.length > 0 ? ` · read ${new Intl.ListFormat('en-GB', { type: 'conjunction' }).format(read.map((section) => SECTION_NAMES[section].toLowerCase()))}` : ''}
                    {stay.read.contact ? ' · contacted you' : ''}
                    {stay.reminderSentAt ? ` · reminder sent ${formatStayTime(Date.parse(stay.reminderSentAt), timeZone)}` : ''}
                  </span>
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
