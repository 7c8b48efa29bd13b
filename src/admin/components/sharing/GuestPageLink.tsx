import { ExternalLink } from 'lucide-react';
import { guestPagePath } from '../../lib/guest-link.ts';

/**
 * The guidebook's guest page in a new tab, from the editor and the options panel; `label` is the
 * visible words where the place says it otherwise ("Preview").
 */
export function GuestPageLink({ token, className, label = 'Open guest page' }: { token: string; className: string; label?: string }) {
  return (
    <a href={guestPagePath(token)} target="_blank" rel="noopener noreferrer" className={className}>
      <ExternalLink className="size-4" aria-hidden="true" />
      {label}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
