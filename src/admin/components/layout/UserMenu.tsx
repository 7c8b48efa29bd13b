import { ChevronDown, LogOut } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { useLogout } from '../../lib/auth.ts';
import { useUserInfo } from '../../lib/user-store.ts';
import { UserAvatar } from '../ui/UserAvatar.tsx';

/** Top bar: the user's picture, name and e-mail; its menu holds "Log Out" (docs/product.md §2, §8). */
export function UserMenu() {
  const user = useUserInfo();
  const logout = useLogout();
  const name = user?.name ?? '';
  const email = user?.email ?? '';

  function onLogOut() {
    logout.mutate(undefined, { onError: (error) => toast.error(errorMessage(error, 'Logout failed')) });
  }

  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger className="flex min-h-11 max-w-[16rem] items-center gap-2.5 rounded-full py-1 pl-1 pr-2 text-left transition-colors hover:bg-brand-50 data-[state=open]:bg-brand-50 sm:pr-3">
        <UserAvatar name={name} picture={user?.picture ?? ''} />
        <span className="sr-only min-w-0 leading-tight sm:not-sr-only sm:block">
          <span className="block truncate text-sm font-semibold text-ink">{name || 'Account'}</span>
          <span className="block truncate text-xs text-muted">{email}</span>
        </span>
        <ChevronDown className="size-4 shrink-0 text-muted" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-2xl border border-line bg-surface p-1.5 text-ink shadow-xl"
        >
          <DropdownMenu.Label className="px-3 py-2">
            <span className="block truncate text-sm font-semibold">{name}</span>
            <span className="block truncate text-xs text-muted">{email}</span>
          </DropdownMenu.Label>
          <DropdownMenu.Separator className="my-1 h-px bg-line" />
          <DropdownMenu.Item
            onSelect={onLogOut}
            disabled={logout.isPending}
            className="flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl px-3 text-sm font-medium outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-brand-50"
          >
            <LogOut className="size-4" aria-hidden="true" />
            Log Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
