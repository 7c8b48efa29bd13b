import { Check, ChevronsUpDown, Plus, UsersRound } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { ROLE_NAMES } from '@shared/team-roles.ts';
import { useMe } from '../../lib/auth.ts';
import { useStartTeam, useSwitchTeam } from '../../lib/team.ts';

const item = 'flex min-h-11 cursor-pointer items-center gap-2.5 rounded-xl px-3 text-sm font-medium outline-none data-[disabled]:opacity-60 data-[highlighted]:bg-brand-50';

/**
 * The top bar's team (docs/product.md §6 Switching teams): the name of the team the dashboard works
 * in; for a person in several teams, or one who may start their own, a menu of their teams (each
 * with the role they hold in it) and "Start your own guidebooks". With one team they own, the name
 * alone. A Radix menu: a real button, arrow keys and Escape, the current team checked.
 */
export function TeamSwitcher() {
  const me = useMe().data;
  const switchTeam = useSwitchTeam();
  const start = useStartTeam();
  if (!me) return null;
  const name = me.team?.name ?? 'No team';
  const mayStart = !me.teams.some((team) => team.role === 'owner');
  const busy = switchTeam.isPending || start.isPending;

  if (!mayStart && me.teams.every((team) => team.id === me.team?.id)) {
    return (
      <p className="flex min-w-0 items-center gap-2 px-2 text-sm font-semibold text-ink">
        <UsersRound className="size-4 shrink-0 text-muted" aria-hidden="true" />
        <span className="sr-only">Team: </span>
        <span className="min-w-0 truncate">{name}</span>
      </p>
    );
  }

  return (
    // Not modal: the page around stays in the accessibility tree (a modal menu hides it, "Skip to content" with it).
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className="flex min-h-11 min-w-0 items-center gap-2 rounded-full px-3 text-sm font-semibold text-ink transition-colors hover:bg-brand-50 data-[state=open]:bg-brand-50">
        <UsersRound className="size-4 shrink-0 text-muted" aria-hidden="true" />
        <span className="sr-only">Team: </span>
        <span className="min-w-0 truncate">{name}</span>
        <ChevronsUpDown className="size-4 shrink-0 text-muted" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="start" sideOffset={8} collisionPadding={12} className="z-50 w-72 max-w-[calc(100vw-1.5rem)] rounded-2xl border border-line bg-surface p-1.5 text-ink shadow-xl">
          <DropdownMenu.Label className="px-3 py-2 text-xs font-semibold uppercase tracking-wider text-muted">Your teams</DropdownMenu.Label>
          <DropdownMenu.RadioGroup value={me.team?.id ?? ''} onValueChange={(teamId) => switchTeam.mutate(teamId)}>
            {me.teams.map((team) => (
              <DropdownMenu.RadioItem key={team.id} value={team.id} disabled={busy} className={item}>
                <span className="flex size-4 shrink-0 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check className="size-4 text-brand-700 dark:text-brand-300" aria-hidden="true" />
                  </DropdownMenu.ItemIndicator>
                </span>
                <span className="min-w-0 flex-1 truncate">{team.name}</span>
                <span className="shrink-0 text-xs text-muted">{ROLE_NAMES[team.role]}</span>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
          {mayStart ? (
            <>
              {me.teams.length > 0 ? <DropdownMenu.Separator className="my-1 h-px bg-line" /> : null}
              <DropdownMenu.Item onSelect={() => start.mutate()} disabled={busy} className={item}>
                <Plus className="size-4 shrink-0" aria-hidden="true" />
                Start your own guidebooks
              </DropdownMenu.Item>
            </>
          ) : null}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
