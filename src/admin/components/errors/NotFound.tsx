import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { IconBadge } from '../ui/IconBadge.tsx';

/** docs/product.md §2: any unknown dashboard path shows "Page not found" with a way home. */
export function NotFound() {
  useDocumentTitle(messages.app.notFound);
  return (
    <div className="card mx-auto flex max-w-lg flex-col items-center gap-3 p-8 text-center">
      <IconBadge icon={Compass} className="size-12 rounded-full" iconClassName="size-6" />
      <h1 className="font-display text-2xl font-bold text-ink">{messages.app.notFound}</h1>
      <p className="text-muted">The page you are looking for does not exist or has moved.</p>
      <Link to="/dashboard" className="btn-primary mt-2">
        {messages.app.goHome}
      </Link>
    </div>
  );
}
