import { CalendarDays, Lock, Pencil } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { LOCKED_EXPLANATION } from '../access.ts';
import { useCan } from '../../../lib/team-role.ts';
import { PremiumBadge } from '../../../components/ui/PremiumBadge.tsx';

interface Props {
  id: string;
  name: string;
  locked: boolean;
  className: string;
  /** The look of the locked control (an outlined button, so the "Premium" badge stands out). */
  lockedClassName?: string;
  /**
   * Where the "Premium" badge goes: inside the control (panel, table), or nowhere because the card
   * shows it on its picture and the control only carries a lock (a card is too narrow for both).
   */
  badge?: 'inside' | 'none';
  badgeClassName?: string;
  /** Called when the editor opens (the options panel closes itself). */
  onNavigate?: () => void;
}

/**
 * "Edit" for one guidebook: a link to the editor, or, when the plan does not allow it (docs/product.md §5),
 * a disabled control marked "Premium". It stays focusable (aria-disabled) so that keyboard and
 * screen-reader users reach the explanation. A member who may not edit (a Cleaner, docs/product.md
 * §6 Team roles) gets the guidebook's stays instead, their work.
 */
export function EditAction({ id, name, locked, className, lockedClassName = className, badge = 'inside', badgeClassName, onNavigate }: Props) {
  const explanationId = useId();
  const can = useCan();
  if (!can('guidebook.edit')) {
    return (
      <Link to={`/dashboard/stays/${encodeURIComponent(id)}`} className={className} onClick={onNavigate}>
        <CalendarDays className="size-4" aria-hidden="true" />
        Stays<span className="sr-only"> of {name}</span>
      </Link>
    );
  }
  const icon = <Pencil className="size-4" aria-hidden="true" />;
  const label = (
    <>
      Edit<span className="sr-only"> {name}</span>
    </>
  );
  if (!locked) {
    return (
      <Link to={`/dashboard/edit/${encodeURIComponent(id)}`} className={className} onClick={onNavigate}>
        {icon}
        {label}
      </Link>
    );
  }
  return (
    <>
      <button type="button" aria-disabled="true" aria-describedby={explanationId} className={`${lockedClassName} cursor-not-allowed`}>
        {badge === 'inside' ? icon : <Lock className="size-4" aria-hidden="true" />}
        {label}
        {badge === 'inside' ? <PremiumBadge className={badgeClassName} /> : null}
      </button>
      <span id={explanationId} className="sr-only">
        {LOCKED_EXPLANATION}
      </span>
    </>
  );
}
