import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { messages } from '@shared/messages.ts';
import { useMe } from '../../lib/auth.ts';
import { useCan } from '../../lib/team-role.ts';

interface Props {
  children: ReactNode;
  /** Words that follow the link in the Owner's sentence ("… to use your own."). */
  after?: string;
  className?: string;
  onClick?: () => void;
}

/**
 * A way to the plans where a screen mentions one (docs/product.md §6 Team roles): only the team's
 * Owner manages billing, so any other member reads who can instead of a link to a page that would
 * refuse them. Nothing until the role is known.
 */
export function PlansLink({ children, after, className, onClick }: Props) {
  const can = useCan();
  if (!useMe().data) return null;
  if (!can('billing.manage')) return <span>{messages.team.ownerUpgrades}</span>;
  return (
    <>
      <Link to="/dashboard/upgradePlan" className={className} onClick={onClick}>
        {children}
      </Link>
      {after}
    </>
  );
}
