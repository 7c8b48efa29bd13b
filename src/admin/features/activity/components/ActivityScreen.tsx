import { BookOpen, ChevronDown, History, LoaderCircle } from 'lucide-react';
import { Link } from 'react-router';
import { errorMessage } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import type { ActivityItem } from '@shared/team-activity.ts';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useActivity } from '../api/activity.ts';
import { whatOf, whoOf } from '../activity-words.ts';

const exact = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
const UNITS: ReadonlyArray<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "3 hours ago", "yesterday", "just now". */
function ago(iso: string, now = Date.now()): string {
  const elapsed = Date.parse(iso) - now;
  for (const [unit, ms] of UNITS) if (Math.abs(elapsed) >= ms) return relative.format(Math.round(elapsed / ms), unit);
  return 'just now';
}

function Line({ item }: { item: ActivityItem }) {
  const when = new Date(item.at);
  return (
    <li className="card grid gap-1.5 p-4 sm:p-5">
      <p className="text-ink">
        <strong className="font-semibold">{whoOf(item)}</strong> {whatOf(item)}
      </p>
      <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted">
        {item.guidebookName !== null ? (
          <span className="inline-flex min-w-0 items-center gap-1.5">
            <BookOpen className="size-4 shrink-0" aria-hidden="true" />
            <span className="sr-only">Guidebook:</span>
            <span className="truncate">{item.guidebookName || 'Untitled guidebook'}</span>
          </span>
        ) : null}
        <time dateTime={item.at} title={exact.format(when)}>
          {ago(item.at)}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {exact.format(when)}
        </time>
      </p>
    </li>
  );
}

/**
 * /dashboard/activity (docs/product.md §6, Activity; docs/decisions/028-teams.md §9): who in the
 * team did what, newest first, 50 at a time with "Load older"; lines are kept for a year. Owner
 * and Admin only: the sidebar shows it to them, and the API answers others 403.
 */
export function ActivityScreen() {
  useDocumentTitle('Activity');
  const activity = useActivity();
  const items = activity.data?.pages.flatMap((page) => page.items) ?? [];
  const loadingMore = activity.isFetchingNextPage;
  return (
    <>
      <PageHeader title="Activity" description="Who in your team did what: stays, orders, Auto-Fill, the door code and invitations, kept for a year. Changes to a guidebook’s content are in its History." />
      {activity.isError && items.length === 0 ? (
        <LoadError message={errorMessage(activity.error, messages.activity.loadFailed)} onRetry={() => void activity.refetch()} />
      ) : activity.isPending ? (
        <p role="status" className="text-muted">
          Loading the activity…
        </p>
      ) : items.length === 0 ? (
        <div className="card flex flex-col items-center gap-3 p-10 text-center">
          <History className="size-8 text-muted" aria-hidden="true" />
          <p className="font-semibold">Nothing yet</p>
          <p className="max-w-md text-sm text-muted">When someone in your team adds a stay, answers an order, changes Auto-Fill or the door code, or invites someone, it shows here.</p>
          <Link to="/dashboard" className="btn-secondary">
            Your guidebooks
          </Link>
        </div>
      ) : (
        <div>
          <ol aria-label="Activity, newest first" className="grid gap-3">
            {items.map((item) => (
              <Line key={item.id} item={item} />
            ))}
          </ol>
          <div className="mt-4 flex flex-wrap items-center gap-x-3 gap-y-2">
            {activity.hasNextPage ? (
              // aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page's start.
              <button type="button" className="btn-secondary aria-disabled:cursor-wait aria-disabled:opacity-60" aria-disabled={loadingMore || undefined} onClick={() => (loadingMore ? undefined : void activity.fetchNextPage())}>
                {loadingMore ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <ChevronDown className="size-4" aria-hidden="true" />}
                {loadingMore ? 'Loading…' : 'Load older'}
              </button>
            ) : null}
            <span role="status" className="text-sm tabular-nums text-muted">
              {activity.hasNextPage ? `${items.length.toLocaleString('en')} most recent shown` : items.length === 1 ? 'The only line' : `All ${items.length.toLocaleString('en')} shown`}
            </span>
            {activity.isFetchNextPageError && !loadingMore ? (
              <p role="alert" className="basis-full text-sm font-medium text-red-700 dark:text-red-400">
                {messages.activity.loadFailed}
              </p>
            ) : null}
          </div>
        </div>
      )}
    </>
  );
}
