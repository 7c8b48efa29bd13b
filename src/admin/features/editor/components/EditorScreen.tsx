import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';
import { ComingSoon } from '../../../components/ui/ComingSoon.tsx';

/**
 * Placeholder for the guidebook editor (SPEC §2 Editor). The layout hides the sidebar and top bar
 * on /edit paths, so this screen carries its own way back.
 */
export function EditorScreen() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-8">
      <ComingSoon title="Editor" description="Check-in steps, Wi-Fi, house rules and everything your guests read.">
        <Link to="/dashboard" className="btn-primary mt-2">
          <ArrowLeft className="size-4" aria-hidden="true" />
          Dashboard
        </Link>
      </ComingSoon>
    </div>
  );
}
