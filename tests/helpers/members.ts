import type { TeamRole } from '../../src/lib/shared/team-roles.ts';
import { createUser, login, withCookie, type SignedInHost } from './auth.ts';
import type { TestServer } from './server.ts';

/**
 * Members of a team, as the invitations of docs/decisions/028-teams.md §7 will make them (not built
 * yet): a person with no team of their own, a membership in `teamId` with a role, the guidebooks
 * granted to it (`member_guidebooks`) and whether they may see secrets, signed in through the API,
 * so their session acts for that team (their only one).
 */
export interface SignedInMember extends SignedInHost {
  role: TeamRole;
  membershipId: string;
}

let counter = 0;

export async function signedInMember(
  server: TestServer,
  teamId: string,
  role: Exclude<TeamRole, 'owner'>,
  { guidebooks = [], maySeeSecrets = false }: { guidebooks?: readonly string[]; maySeeSecrets?: boolean } = {},
): Promise<SignedInMember> {
  counter += 1;
  const user = await createUser(server, { noTeam: true, name: `${role} ${counter}` });
  const membershipId = `member-${process.pid}-${counter}`;
  const now = Date.now();
  const db = server.openDb();
  try {
    db.prepare(
      `INSERT INTO memberships (id, team_id, user_id, role, may_see_secrets, invited_by, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, NULL, ?, ?)`,
    ).run(membershipId, teamId, user.id, role, maySeeSecrets ? 1 : 0, now, now);
    for (const guidebook of guidebooks) db.prepare('INSERT INTO member_guidebooks (membership_id, instruction_id) VALUES (?, ?)').run(membershipId, guidebook);
  } finally {
    db.close();
  }
  const cookie = await login(server, user.email, user.password);
  return {
    id: user.id,
    teamId,
    email: user.email,
    name: user.name,
    cookie,
    role,
    membershipId,
    call: (path, init = {}) => server.request(path, { ...init, headers: withCookie(cookie, Object.fromEntries(new Headers(init.headers))) }),
  };
}
