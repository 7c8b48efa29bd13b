import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** Leaves the editor for the guidebook list (the leave prompt still guards unsaved changes). */
export function BackToDashboard({ className }: { className: string }) {
  return (
    <Link to="/dashboard" className={className}>
      <ArrowLeft className="size-4" aria-hidden="true" />
      Dashboard
    </Link>
  );
}
