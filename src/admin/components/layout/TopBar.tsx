import { Menu, X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { Link } from 'react-router';
import { LogoMark } from '../../../components/ui/LogoMark.tsx';
import { UserMenu } from './UserMenu.tsx';

interface Props {
  /** Whether the small-screen drawer is open (the toggle shows a cross then). */
  navOpen: boolean;
}

/** docs/product.md §2: logo, menu toggle below 768 px, the user's picture, name and e-mail with its menu. */
export function TopBar({ navOpen }: Props) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-line bg-surface/95 backdrop-blur-md">
      <div className="flex h-full items-center gap-2 px-3 sm:px-5">
        {/* Inside the drawer's Dialog.Root: Radix wires aria-expanded/controls and returns focus here. */}
        <Dialog.Trigger className="inline-flex size-11 items-center justify-center rounded-full text-ink hover:bg-brand-50 md:hidden" aria-label="Menu">
          {navOpen ? <X className="size-6" aria-hidden="true" /> : <Menu className="size-6" aria-hidden="true" />}
        </Dialog.Trigger>
        <Link to="/dashboard" className="flex items-center gap-2.5 rounded-lg px-1 font-display text-lg font-bold tracking-tight text-ink">
          <LogoMark className="size-8" />
          <span>Porchlight</span>
        </Link>
        <div className="ml-auto">
          <UserMenu />
        </div>
      </div>
    </header>
  );
}
