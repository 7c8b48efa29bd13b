import { Pencil } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { LOCKED_EXPLANATION } from '../access.ts';
import { PremiumBadge } from './PremiumBadge.tsx';

interface Props {
  id: string;
  name: string;
  locked: boolean;
  className: string;
  /** Called when the editor opens (the options panel closes itself). */
  onNavigate?: () => void;
}

/**
 * "Edit" for one guidebook: a link to the editor, or, when the plan does not allow it (SPEC §5),
 * a disabled control marked "Premium". It stays focusable (aria-disabled) so that keyboard and
 * screen-reader users reach the explanation.
 */
export function EditAction({ id, name, locked, className, onNavigate }: Props) {
  const explanationId = useId();
  const label = (
    <>
      <Pencil className="size-4" aria-hidden="true" />
      Edit<span className="sr-only"> {name}</span>
    </>
  );
  if (!locked) {
    return (
      <Link to={`/dashboard/edit/${encodeURIComponent(id)}`} className={className} onClick={onNavigate}>
        {label}
      </Link>
    );
  }
  return (
    <>
      <button type="button" aria-disabled="true" aria-describedby={explanationId} className={`${className} cursor-not-allowed opacity-70`}>
        {label}
        <PremiumBadge />
      </button>
      <span id={explanationId} className="sr-only">
        {LOCKED_EXPLANATION}
      </span>
    </>
  );
}
