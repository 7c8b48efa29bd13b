import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import type { TeamSummary } from '@shared/team-switch.ts';
import { api, setShownTeam, setTeamSwitchedHandler } from './api-client.ts';
import { queryKeys } from './query-keys.ts';

/**
 * The team the dashboard works in (docs/product.md §6 Switching teams, docs/decisions/028-teams.md
 * §5): switching, starting one's own, and the tab that another tab switched away from. In lib/
 * because the header's switcher and the guidebook list's "Start your own guidebooks" both use it.
 */

// One notice however many calls a stale page makes; it stays until the page is reloaded.
setTeamSwitchedHandler(() => {
  toast.error(messages.team.switchedElsewhere, { id: 'team-switched', duration: Infinity, action: { label: 'Reload', onClick: () => window.location.reload() } });
});

/**
 * After the session moved to another team: nothing read of the team before may show (what no
 * screen shows is dropped, what one shows goes back to loading and is read again, for the new
 * team), and the dashboard opens on the new team's guidebooks.
 */
function useEnterTeam() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (team: TeamSummary, message: string) => {
    setShownTeam(team.id);
    queryClient.removeQueries({ type: 'inactive' });
    // The account itself is read again in place: the top bar and the sidebar keep their shape meanwhile.
    const me = queryKeys.user.me();
    void queryClient.resetQueries({ predicate: (query) => query.queryHash !== hashKey(me) });
    void queryClient.invalidateQueries({ queryKey: me });
    toast.dismiss('team-switched');
    void navigate('/dashboard');
    toast.success(message);
  };
}

/** PUT /api/session/team: work in another of the person's teams. */
export function useSwitchTeam() {
  const enter = useEnterTeam();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (teamId: string) => api.put<TeamSummary>('/api/session/team', { teamId }),
    onSuccess: (team) => enter(team, messages.team.switched(team.name)),
    onError: (error) => {
      toast.error(errorMessage(error, messages.team.notFound));
      // A team that removed the person leaves the list.
      void queryClient.invalidateQueries({ queryKey: queryKeys.user.me() });
    },
  });
}

/** POST /api/teams: "Start your own guidebooks", a team of one the person owns, worked in at once. */
export function useStartTeam() {
  const enter = useEnterTeam();
  return useMutation({
    mutationFn: () => api.post<TeamSummary>('/api/teams'),
    onSuccess: (team) => enter(team, messages.team.started),
    onError: (error) => toast.error(errorMessage(error, messages.team.ownTeamExists)),
  });
}
