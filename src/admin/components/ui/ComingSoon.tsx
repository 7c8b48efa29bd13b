import { Hammer } from 'lucide-react';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { PageHeader } from './PageHeader.tsx';

interface Props {
  title: string;
  description?: string;
  children?: ReactNode;
}

/**
 * Honest stand-in for a screen another piece of work delivers: says what will be here and that it
 * is not here yet. Each placeholder is one small file, replaced wholesale when its screen lands.
 */
export function ComingSoon({ title, description, children }: Props) {
  useDocumentTitle(title);
  return (
    <>
      <PageHeader title={title} description={description} />
      <div className="card flex flex-col items-start gap-3 p-6 sm:p-8">
        <span className="inline-flex size-11 items-center justify-center rounded-xl bg-brand-50 text-brand-700 dark:text-brand-300">
          <Hammer className="size-5" aria-hidden="true" />
        </span>
        <p className="font-semibold text-ink">Coming in the next release</p>
        <p className="max-w-prose text-muted">This part of the dashboard is being built. Everything else in the menu works today.</p>
        {children}
      </div>
    </>
  );
}
