import { BookOpen, CreditCard, DoorOpen, ExternalLink, HandCoins, History, KeyRound, LifeBuoy, MessageSquareHeart, Plug, ShoppingBag, UserRound, UsersRound, WalletCards, WandSparkles, type LucideIcon } from 'lucide-react';
import { NavLink } from 'react-router';
import type { TeamAction } from '@shared/team-roles.ts';
import { useCan } from '../../lib/team-role.ts';
import { ThemeSwitch } from './ThemeSwitch.tsx';

interface Entry {
  to: string;
  label: string;
  icon: LucideIcon;
  /** Active only on the exact path (the index would otherwise match every child). */
  end?: boolean;
  /** Shown only to a member whose role may (docs/product.md §6 Team roles). */
  needs?: TeamAction;
}

/** docs/product.md §2 Dashboard layout, in its order. */
const ENTRIES: readonly Entry[] = [
  { to: '/dashboard', label: 'Guidebooks', icon: BookOpen, end: true },
  { to: '/dashboard/settings', label: 'Auto-Fill', icon: WandSparkles, needs: 'settings.read' },
  { to: '/dashboard/orders', label: 'Orders', icon: ShoppingBag, needs: 'orders.read' },
  { to: '/dashboard/arrivals', label: 'Arrivals', icon: DoorOpen, needs: 'arrivals.read' },
  { to: '/dashboard/activity', label: 'Activity', icon: History, needs: 'activity.read' },
  { to: '/dashboard/integrations', label: 'Integrations', icon: Plug, needs: 'integrations.manage' },
  { to: '/dashboard/locks', label: 'Smart locks', icon: KeyRound, needs: 'locks.manage' },
  { to: '/dashboard/team', label: 'Team', icon: UsersRound },
  { to: '/dashboard/profile', label: 'Profile', icon: UserRound },
  { to: '/dashboard/currentSubscription', label: 'Plan', icon: CreditCard, needs: 'billing.manage' },
  { to: '/dashboard/payouts', label: 'Payouts', icon: WalletCards, needs: 'payouts.manage' },
  { to: '/dashboard/affiliates', label: 'Affiliates', icon: HandCoins },
  { to: '/dashboard/feedback', label: 'Feedback', icon: MessageSquareHeart },
  { to: '/dashboard/support', label: 'Support', icon: LifeBuoy },
];

const item =
  'flex min-h-11 items-center gap-3 rounded-xl px-3.5 py-2.5 text-[0.9375rem] font-medium transition-colors duration-150';
const idle = 'text-muted hover:bg-brand-50 hover:text-ink';
const active = 'bg-brand-50 font-semibold text-brand-800 dark:text-brand-200';

interface Props {
  /** Called after a link is chosen (the drawer closes itself on small screens). */
  onNavigate?: () => void;
}

/** The sidebar's content, shared by the fixed sidebar (≥ 768 px) and the drawer (< 768 px). */
export function SidebarNav({ onNavigate }: Props) {
  const can = useCan();
  return (
    <div className="flex h-full min-h-0 flex-1 flex-col gap-6 overflow-y-auto p-4">
      <nav aria-label="Dashboard">
        <ul className="grid gap-1">
          {ENTRIES.filter(({ needs }) => !needs || can(needs)).map(({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink to={to} end={end} onClick={onNavigate} className={({ isActive }) => `${item} ${isActive ? active : idle}`}>
                <Icon className="size-5 shrink-0" aria-hidden="true" />
                {label}
              </NavLink>
            </li>
          ))}
          <li>
            {/* docs/product.md §2: the public site opens in a new tab; noopener keeps it from reaching back. */}
            <a href="/" target="_blank" rel="noopener noreferrer" className={`${item} ${idle}`}>
              <ExternalLink className="size-5 shrink-0" aria-hidden="true" />
              Main Website
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </li>
        </ul>
      </nav>
      <div className="mt-auto border-t border-line pt-4">
        <ThemeSwitch />
      </div>
    </div>
  );
}
