import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';

/** docs/product.md §2: any unknown dashboard path shows "Page not found" with a way home. */
export function NotFound() {
  useDocumentTitle(messages.app.notFound);
  return (
    <div className="card mx-auto flex max-w-lg flex-col items-center gap-3 p-8 text-center">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700 dark:text-brand-300">
        <Compass className="size-6" aria-hidden="true" />
      </span>
      <h1 className="font-display text-2xl font-bold text-ink">{messages.app.notFound}</h1>
      <p className="text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/dashboard" className="btn-primary mt-2">
        {messages.app.goHome}
      </Link>
    </div>
  );
}
