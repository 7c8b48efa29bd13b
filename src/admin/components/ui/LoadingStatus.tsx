import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';

/** A screen's data on its way: a spinner and what is loading ("Loading stays…"), read out once. */
export function LoadingStatus({ children }: { children: ReactNode }) {
  return (
    <p role="status" className="flex items-center gap-2 text-muted">
      <LoaderCircle className="size-5 animate-spin text-brand-700 dark:text-brand-300" aria-hidden="true" />
      {children}
    </p>
  );
}
