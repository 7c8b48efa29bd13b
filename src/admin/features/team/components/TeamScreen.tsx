import { UserPlus } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '@shared/api-client.ts';
import { messages } from '@shared/messages.ts';
import { LoadError } from '../../../components/ui/LoadError.tsx';
import { Notice } from '../../../components/ui/Notice.tsx';
import { PageHeader } from '../../../components/ui/PageHeader.tsx';
import { useDocumentTitle } from '../../../hooks/use-document-title.ts';
import { useMe } from '../../../lib/auth.ts';
import { useCan } from '../../../lib/team-role.ts';
import { useGuidebookChoices, useMembers, type MembersView } from '../api/members.ts';
import { InvitationList } from './InvitationList.tsx';
import { InviteDialog } from './InviteDialog.tsx';
import { LeaveTeam } from './LeaveTeam.tsx';
import { MemberList } from './MemberList.tsx';
import { TeamName } from './TeamName.tsx';

/** The Owner's Invite, or past the plan's member limit the way to a bigger plan with the limit said (docs/decisions/028-teams.md §8). */
function InviteAction({ limit, onInvite }: { limit: MembersView['limit']; onInvite: () => void }) {
  if (limit.taken < limit.members) {
    return (
      <button type="button" className="btn-primary" onClick={onInvite}>
        <UserPlus className="size-4" aria-hidden="true" />
        Invite member
      </button>
    );
  }
  return (
    <Link to="/dashboard/upgradePlan" className="btn-primary">
      Upgrade to invite more
    </Link>
  );
}

/** Members and invitations, for the Owner (who changes them) and an Admin (who reads them). */
function MembersView({ manage, myMembershipId }: { manage: boolean; myMembershipId: string }) {
  const [inviting, setInviting] = useState(false);
  const members = useMembers();
  const guidebooks = useGuidebookChoices();
  if (members.isPending) return <div className="card h-72 animate-pulse motion-reduce:animate-none" aria-busy="true" aria-label="Loading the team" />;
  if (members.isError) return <LoadError message={errorMessage(members.error, 'The team could not be loaded.')} onRetry={() => void members.refetch()} />;
  const { limit } = members.data;
  const full = limit.taken >= limit.members;
  return (
    <div className="grid max-w-3xl gap-8">
      <section aria-labelledby="members-title" className="grid gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="members-title" className="font-display text-lg font-bold text-ink">
              Members
            </h2>
            <p className="text-sm text-muted">
              {limit.taken} of {limit.members} places on the {limit.planName} plan are taken; open invitations count.
            </p>
          </div>
          {manage ? <InviteAction limit={limit} onInvite={() => setInviting(true)} /> : null}
        </div>
        {manage && full ? <Notice>{messages.team.memberLimit(limit.planName, limit.members)}</Notice> : null}
        <MemberList members={members.data.members} guidebooks={guidebooks.data} manage={manage} myMembershipId={myMembershipId} />
      </section>
      <section aria-labelledby="invitations-title" className="grid gap-4">
        <h2 id="invitations-title" className="font-display text-lg font-bold text-ink">
          Pending invitations
        </h2>
        <InvitationList invitations={members.data.invitations} manage={manage} />
      </section>
      {manage ? <InviteDialog open={inviting} onOpenChange={setInviting} /> : null}
    </div>
  );
}

/**
 * /dashboard/team (docs/product.md §6 Team members): the Owner names the team and sees and changes everything, an
 * Admin reads the list, an Editor or a Cleaner may only leave. The server decides each of these
 * again (GET and PATCH /api/team/members, docs/decisions/028-teams.md §7).
 */
export function TeamScreen() {
  useDocumentTitle('Team');
  const team = useMe().data?.team ?? null;
  const can = useCan();
  const reads = can('members.read');
  return (
    <>
      <PageHeader
        title="Team"
        description={reads ? 'Who works on your guidebooks, and what each person may do.' : team ? `You are a member of this team as ${team.role === 'cleaner' ? 'a Cleaner' : 'an Editor'}.` : messages.team.noTeam}
      />
      <div className="grid max-w-3xl gap-8">
        {team && can('team.manage') ? <TeamName key={team.name} name={team.name} /> : null}
        {reads && team ? <MembersView manage={can('members.manage')} myMembershipId={team.membershipId} /> : null}
        {team && team.role !== 'owner' ? <LeaveTeam membershipId={team.membershipId} /> : null}
      </div>
    </>
  );
}
