import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { LogoMark } from '../../../components/ui/LogoMark.tsx';
import { TeamSwitcher } from './TeamSwitcher.tsx';
import { UserMenu } from './UserMenu.tsx';

interface Props {
  /** Whether the small-screen drawer is open (the toggle shows a cross then). */
  navOpen: boolean;
}

/** docs/product.md §2: logo, menu toggle below 768 px, the team (§6 Switching teams), the user's picture, name and e-mail with its menu. */
export function TopBar({ navOpen }: Props) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-line bg-surface/95 backdrop-blur-md">
      <div className="flex h-full items-center gap-2 px-3 sm:px-5">
        {/* Inside the drawer's Dialog.Root: Radix wires aria-expanded/controls and returns focus here. */}
        <Dialog.Trigger className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-brand-50 md:hidden" aria-label="Menu">
          {navOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </Dialog.Trigger>
        <Link to="/dashboard" className="flex shrink-0 items-center gap-2.5 rounded-lg px-1 font-display text-lg font-bold tracking-tight text-ink">
          <LogoMark className="size-8" />
          {/* Below 640 px the team's name needs the room: the mark alone, the word for screen readers. */}
          <span className="sr-only sm:not-sr-only">Porchlight</span>
        </Link>
        <div className="mr-1 flex min-w-0 border-l border-line pl-1 sm:ml-2 sm:pl-3">
          <TeamSwitcher />
        </div>
        <div className="ml-auto shrink-0">
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
