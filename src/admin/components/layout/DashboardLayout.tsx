import { X } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useMediaQuery, WIDE_QUERY } from '../../hooks/use-media-query.ts';
import { useMe } from '../../lib/auth.ts';
import { SidebarNav } from './SidebarNav.tsx';
import { TopBar } from './TopBar.tsx';

/**
 * docs/product.md §2 Dashboard layout. From 768 px up the sidebar (19.5rem) is always there; below, it is a
 * drawer: closed by default, opened by the menu toggle, closed by a tap outside, Escape or a
 * chosen link. The drawer is a Radix Dialog, which traps and returns focus. The editor (/edit
 * paths) gets the whole window: no sidebar, no top bar.
 */
export function DashboardLayout() {
  const { pathname } = useLocation();
  const wide = useMediaQuery(WIDE_QUERY);
  const [navOpen, setNavOpen] = useState(false);
  // Read the session from the server on every load; a 401 sends the visitor to /login (lib/auth).
  useMe();

  // Growing past 768 px turns the drawer into the fixed sidebar: forget that it was open.
  useEffect(() => {
    if (wide) setNavOpen(false);
  }, [wide]);

  if (pathname.includes('/edit')) {
    return (
      <main id="main" className="min-h-dvh">
        <Outlet />
      </main>
    );
  }

  const drawerOpen = navOpen && !wide;
  return (
    <Dialog.Root open={drawerOpen} onOpenChange={setNavOpen}>
      <a
        href="#main"
        className="sr-only rounded-full bg-ink px-4 py-2 text-sm font-semibold text-canvas focus:not-sr-only focus:fixed focus:left-4 focus:top-3 focus:z-50"
      >
        Skip to content
      </a>
      <TopBar navOpen={drawerOpen} />

      <aside className="fixed bottom-0 left-0 top-16 z-30 hidden w-[19.5rem] flex-col border-r border-line bg-surface md:flex">
        <SidebarNav />
      </aside>

      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-x-0 bottom-0 top-16 z-30 bg-stone-950/50 backdrop-blur-[2px] md:hidden" />
        <Dialog.Content
          aria-describedby={undefined}
          className="fixed bottom-0 left-0 top-16 z-40 flex w-[19.5rem] flex-col max-w-[calc(100vw-3rem)] border-r border-line bg-surface shadow-2xl outline-none md:hidden"
        >
          <div className="flex items-center justify-between px-7 pt-4">
            <Dialog.Title className="text-xs font-semibold uppercase tracking-wider text-muted">Menu</Dialog.Title>
            <Dialog.Close className="inline-flex size-10 items-center justify-center rounded-full text-muted hover:bg-brand-50 hover:text-ink" aria-label="Close menu">
              <X className="size-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <SidebarNav onNavigate={() => setNavOpen(false)} />
        </Dialog.Content>
      </Dialog.Portal>

      <main id="main" tabIndex={-1} className="min-h-dvh pt-16 outline-none md:pl-[19.5rem]">
        <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-8 sm:py-10">
          <Outlet />
        </div>
      </main>
    </Dialog.Root>
  );
}
