import { Info } from 'lucide-react';
import { Link } from 'react-router';
import { IconBadge } from '../../../components/ui/IconBadge.tsx';

const link = 'font-semibold text-brand-700 underline underline-offset-2 dark:text-brand-300';

/**
 * docs/product.md §2: no guidebooks yet, and what makes the first one start well; a member who may
 * not create guidebooks (`onCreate` null) is told they see the ones granted to them.
 */
export function EmptyState({ onCreate, creating }: { onCreate: (() => void) | null; creating: boolean }) {
  if (!onCreate) {
    return (
      <div className="card flex flex-col items-start gap-3 p-6 sm:p-8">
        <IconBadge icon={Info} className="size-11 rounded-xl" iconClassName="size-5" />
        <h2 className="font-display text-lg font-bold text-ink">No guidebooks shared with you yet</h2>
        <p className="max-w-prose text-muted">You see the guidebooks the team's owner gives you. Ask them to add you to one.</p>
      </div>
    );
  }
  return (
    <div className="card flex flex-col items-start gap-3 p-6 sm:p-8">
      <IconBadge icon={Info} className="size-11 rounded-xl" iconClassName="size-5" />
      <h2 className="font-display text-lg font-bold text-ink">No guidebooks yet</h2>
      <p className="max-w-prose text-muted">
        Before your first guidebook, upload a profile picture on your{' '}
        <Link to="/dashboard/profile" className={link}>
          Profile
        </Link>{' '}
        (guests see it next to your welcome message) and set up{' '}
        <Link to="/dashboard/settings" className={link}>
          Auto-Fill
        </Link>{' '}
        with your contacts, links and house rules: every new guidebook starts from them.
      </p>
      <button type="button" className="btn-primary mt-2" onClick={onCreate} disabled={creating}>
        {creating ? 'Creating…' : 'Create your first guidebook'}
      </button>
    </div>
  );
}
