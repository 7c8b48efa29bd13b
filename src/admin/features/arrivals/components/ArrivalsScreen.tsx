import type { ReactNode } from 'react';
import { errorMessage, failureStatus } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import type { ArrivalView } from '@shared/schemas/arrivals.ts';
import { formatStayDate } from '@shared/time-zone.ts';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { LoadingStatus } from '../../../components/ui/LoadingStatus.tsx';
import { Notice } from '../../../components/ui/Notice.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useCan } from '../../../lib/team-role.ts';
import { useArrivals } from '../api/arrivals.ts';
import { ArrivalRow } from './ArrivalRow.tsx';

const WHAT = 'Who arrives in the next 7 days, across your guidebooks, and whether each door code is on the lock.';

/** The arrivals by their check-in's day (the server sorts them: day, problems first, then time). */
function byDay(arrivals: readonly ArrivalView[]): Array<{ day: string; label: string; arrivals: ArrivalView[] }> {
  const days: Array<{ day: string; label: string; arrivals: ArrivalView[] }> = [];
  for (const arrival of arrivals) {
    const last = days.at(-1);
    if (last?.day === arrival.day) last.arrivals.push(arrival);
    else days.push({ day: arrival.day, label: formatStayDate(arrival.checkIn, arrival.timeZone), arrivals: [arrival] });
  }
  return days;
}

/**
 * /dashboard/arrivals, "Arrivals" (docs/product/locks.md, docs/decisions/030-smart-locks.md §13):
 * every role, on its granted guidebooks. The check-ins of the next 7 days grouped by day, each with
 * its door code's state; read again every 10 seconds while a code is being set. A Cleaner sees the
 * states, never a code.
 */
export function ArrivalsScreen() {
  useDocumentTitle('Arrivals');
  const can = useCan();
  const list = useArrivals();
  const frame = (body: ReactNode) => (
    <>
      <PageHeader title="Arrivals" description={WHAT} />
      <div className="grid max-w-3xl gap-6">{body}</div>
    </>
  );
  if (list.isPending) return frame(<LoadingStatus>Loading arrivals…</LoadingStatus>);
  if (list.isError) {
    return frame(
      failureStatus(list.error) === 503 ? (
        <Notice>{errorMessage(list.error, messages.locks.notConfigured)}</Notice>
      ) : (
        <LoadError message={errorMessage(list.error, messages.locks.arrivalsFailed)} onRetry={() => void list.refetch()} />
      ),
    );
  }
  const { included, keyRefused, arrivals } = list.data;
  return frame(
    <>
      {keyRefused ? <Notice>{messages.locks.keyRefused}</Notice> : null}
      {included ? null : (
        <Notice>
          A door code for every stay, set on your lock, comes with Premium.{' '}
          {can('billing.manage') ? (
            <a href="/dashboard/upgradePlan" className="font-semibold underline">
              Upgrade to Premium
            </a>
          ) : (
            'Ask the team’s Owner to upgrade.'
          )}
        </Notice>
      )}
      {arrivals.length === 0 ? <p className="text-muted">No arrivals in the next 7 days.</p> : null}
      {byDay(arrivals).map(({ day, label, arrivals: ofDay }) => (
        <section key={day} aria-labelledby={`arrivals-${day}`} className="card grid gap-3 p-4 sm:p-6">
          <h2 id={`arrivals-${day}`} className="font-display text-lg font-bold text-ink">
            {label}
          </h2>
          <ul className="grid">
            {ofDay.map((arrival) => (
              <ArrivalRow key={arrival.stayId} arrival={arrival} />
            ))}
          </ul>
        </section>
      ))}
    </>,
  );
}
