import type { ReactNode } from 'react';
import { SortableArea } from '../../../components/sortable/SortableArea.tsx';
import { useAnnouncer } from '../../../hooks/use-announcer.ts';

interface Props {
  /** The save's message about the list, once it has one. */
  error: string | undefined;
  /** The list, given what to announce its moves, additions and deletions with. */
  children: (announce: (text: string) => void) => ReactNode;
}

/**
 * A list of Auto-Fill's defaults (places, extras) inside its section: cards to reorder, the save's
 * message about them, and the live region that tells a screen reader what moved.
 */
export function SortableDefaults({ error, children }: Props) {
  const [announcement, announce] = useAnnouncer();
  return (
    <>
      <SortableArea>{children(announce)}</SortableArea>
      {error ? (
        <p className="field-error dark:text-red-400" role="alert">
          {error}
        </p>
      ) : null}
      <div aria-live="polite" aria-atomic="true" className="sr-only">
        {announcement}
      </div>
    </>
  );
}
