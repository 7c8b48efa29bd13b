import { useId } from 'react';
import type { Stay } from '@shared/schemas/stay.ts';
import { StayCard } from './StayCard.tsx';

interface Props {
  title: string;
  stays: readonly Stay[];
  /** Heading level of the group; each stay's name is one below. */
  level: 2 | 3;
  gated: boolean;
  onShare: (stay: Stay) => void;
  onEdit: (stay: Stay) => void;
  onDelete: (stay: Stay) => void;
}

/** Current, upcoming or past stays under their heading; nothing when there are none. */
export function StayGroup({ title, stays, level, ...actions }: Props) {
  const titleId = useId();
  if (stays.length === 0) return null;
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section aria-labelledby={titleId}>
      <Heading id={titleId} className="mb-3 flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-muted">
        {title}
        <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-bold tabular-nums text-brand-800 dark:text-brand-200">
          {stays.length}
          <span className="sr-only">{stays.length === 1 ? ' stay' : ' stays'}</span>
        </span>
      </Heading>
      <ul className="grid gap-3">
        {stays.map((stay) => (
          <StayCard key={stay._id} stay={stay} level={level === 2 ? 3 : 4} {...actions} />
        ))}
      </ul>
    </section>
  );
}
