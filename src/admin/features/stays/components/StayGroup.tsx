import { ChevronDown, LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { messages } from '@shared/messages.ts';
import type { Stay } from '@shared/schemas/stay.ts';
import { StayCard } from './StayCard.tsx';

interface Props {
  title: string;
  /** The stays of the pages loaded so far. */
  stays: readonly Stay[];
  /** How many stays the group has on the server. */
  total: number;
  /** Another page waits on the server. */
  hasMore: boolean;
  loadingMore: boolean;
  /** The last "Show more" failed. */
  moreFailed: boolean;
  onShowMore: () => void;
  /** Heading level of the group; each stay's name is one below. */
  level: 2 | 3;
  gated: boolean;
  /** Each null for a role that may not (docs/product.md §6 Team roles): the card leaves it out. */
  onShare: ((stay: Stay) => void) | null;
  onEdit: ((stay: Stay) => void) | null;
  onDelete: ((stay: Stay) => void) | null;
}

/**
 * Current, upcoming or past stays under their heading with the group's total, a page at a time
 * ("Show more" under the cards); nothing when the group is empty.
 */
export function StayGroup({ title, stays, total, hasMore, loadingMore, moreFailed, onShowMore, level, ...actions }: Props) {
  const titleId = useId();
  if (total === 0 && stays.length === 0) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  const count = Math.max(total, stays.length);
  return (
    <section aria-labelledby={titleId}>
      <Heading id={titleId} className="mb-3 flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-muted">
        {title}
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold tabular-nums text-brand-800 dark:text-brand-200">
          {count.toLocaleString('en')}
          <span className="sr-only">{count === 1 ? ' stay' : ' stays'}</span>
        </span>
      </Heading>
      <ul className="grid gap-3">
        {stays.map((stay) => (
          <StayCard key={stay._id} stay={stay} level={level === 2 ? 3 : 4} {...actions} />
        ))}
      </ul>
      {hasMore ? (
        <div className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-2">
          {/* aria-disabled, not disabled: a disabled button drops the keyboard's focus to the page's start. */}
          <button
            type="button"
            className="btn-secondary aria-disabled:cursor-wait aria-disabled:opacity-60"
            onClick={() => (loadingMore ? undefined : onShowMore())}
            aria-disabled={loadingMore || undefined}
            aria-describedby={`${titleId}-shown`}
          >
            {loadingMore ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <ChevronDown className="size-4" aria-hidden="true" />}
            {loadingMore ? 'Loading…' : `Show more ${title.toLowerCase()} stays`}
          </button>
          <span id={`${titleId}-shown`} className="text-sm tabular-nums text-muted">
            {stays.length.toLocaleString('en')} of {count.toLocaleString('en')} shown
          </span>
          {moreFailed && !loadingMore ? (
            <p role="alert" className="basis-full text-sm font-medium text-red-700 dark:text-red-400">
              {messages.stays.loadFailed}
            </p>
          ) : null}
        </div>
      ) : null}
    </section>
  );
}
