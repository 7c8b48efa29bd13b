import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { TEAM_NAME_MAX } from '../src/lib/shared/schemas/team.ts';
import type { ActivityPage } from '../src/lib/shared/team-activity.ts';
import type { TeamSummary } from '../src/lib/shared/team-switch.ts';
import { query, signedInHost, type Call, type SignedInHost } from './helpers/auth.ts';
import { signedInMember, type SignedInMember } from './helpers/members.ts';
import { startServer, type TestServer } from './helpers/server.ts';

/**
 * The Owner names the team (PATCH /api/team, docs/decisions/028-teams.md §6 `team.manage`): every
 * member reads the new name at their next request, one activity line says from what to what, and
 * a name that is empty, too long or not one line is refused with nothing written. Other roles are
 * refused by the matrix (tests/helpers/team-matrix.ts). Over real HTTP on SQLite or PostgreSQL.
 */
let server: TestServer;
let owner: SignedInHost;
let editor: SignedInMember;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test' });
  owner = await signedInHost(server, 'premium', { freshTeam: true });
  editor = await signedInMember(server, owner.teamId, 'editor');
});

afterAll(async () => {
  await server?.stop();
});

const rename = (call: Call, name: unknown) => call('/api/team', { method: 'PATCH', json: { name } });
const teamName = () => query<{ name: string }>(server, 'SELECT name FROM teams WHERE id = ?', owner.teamId)[0]?.name;

async function renamedLines(): Promise<unknown[]> {
  const response = await owner.call('/api/team/activity');
  expect(response.status).toBe(200);
  return ((await response.json()) as ActivityPage).items.filter((item) => item.action === 'team.renamed').map((item) => item.details);
}

describe('renaming a team', () => {
  it('the Owner renames it; members read the new name, and one activity line says from what to what', async () => {
    const before = teamName()!;
    const response = await rename(owner.call, '  Casa Lumen  ');
    expect(response.status).toBe(200);
    const body = (await response.json()) as { message: string; team: TeamSummary };
    expect(body).toMatchObject({ message: messages.team.renamed('Casa Lumen'), team: { id: owner.teamId, name: 'Casa Lumen', role: 'owner' } });
    expect(teamName()).toBe('Casa Lumen');

    const seen = (await (await editor.call('/api/users/me')).json()) as { team: { name: string }; teams: Array<{ id: string; name: string }> };
    expect(seen.team.name).toBe('Casa Lumen');
    expect(seen.teams).toContainEqual(expect.objectContaining({ id: owner.teamId, name: 'Casa Lumen' }));
    expect(await renamedLines()).toEqual([{ from: before, to: 'Casa Lumen' }]);

    // The same name again changes nothing and writes no second line.
    expect((await rename(owner.call, 'Casa Lumen')).status).toBe(200);
    expect(await renamedLines()).toHaveLength(1);
  });

  it('refuses a name that is empty, too long or not one line, and writes nothing', async () => {
    const cases: Array<[unknown, string]> = [
      ['', messages.team.nameRequired],
      ['   ', messages.team.nameRequired],
      [undefined, messages.team.nameRequired],
      [42, messages.team.nameRequired],
      ['x'.repeat(TEAM_NAME_MAX + 1), messages.team.nameTooLong(TEAM_NAME_MAX)],
      ['Casa\nLumen', messages.team.nameInvalid],
      ['Casa\tLumen', messages.team.nameInvalid],
    ];
    for (const [name, message] of cases) {
      const response = await rename(owner.call, name);
      expect(response.status, JSON.stringify(name)).toBe(400);
      expect(await response.json()).toEqual({ message });
    }
    expect(teamName()).toBe('Casa Lumen');
    expect(await renamedLines()).toHaveLength(1);
  });

  it('an Editor may not rename the team', async () => {
    const response = await rename(editor.call, 'Not Yours');
    expect(response.status).toBe(403);
    expect(teamName()).toBe('Casa Lumen');
  });
});
