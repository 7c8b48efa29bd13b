import { UsersRound } from 'lucide-react';
import { messages } from '@shared/messages.ts';
import { IconBadge } from '../../../components/ui/IconBadge.tsx';
import { useStartTeam } from '../../../lib/team.ts';

/**
 * docs/product.md §6 Switching teams: a person in no team (their membership removed, their own
 * team never started) is offered "Start your own guidebooks", and pointed at the team menu when
 * they are still in other teams.
 */
export function NoTeamCard({ otherTeams }: { otherTeams: number }) {
  const start = useStartTeam();
  return (
    <div className="card flex flex-col items-start gap-3 p-6 sm:p-8">
      <IconBadge icon={UsersRound} className="size-11 rounded-xl" iconClassName="size-5" />
      <h2 className="font-display text-lg font-bold text-ink">{messages.team.noTeam}</h2>
      <p className="max-w-prose text-muted">
        Start guidebooks of your own, in a team where you are the owner, on the Free plan.
        {otherTeams > 0 ? ' Or choose one of your teams in the team menu at the top.' : ''}
      </p>
      <button type="button" className="btn-primary mt-2" onClick={() => start.mutate()} disabled={start.isPending}>
        {start.isPending ? 'Starting…' : 'Start your own guidebooks'}
      </button>
    </div>
  );
}
