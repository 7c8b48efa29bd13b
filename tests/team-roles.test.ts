import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROLE_ACTIONS, ROLE_NAMES, roleMay, TEAM_ACTION_NAMES, TEAM_ACTIONS, TEAM_ROLES, type Reach, type TeamAction } from '../src/lib/shared/team-roles.ts';
import { isPublicApiRoute } from '../src/lib/server/auth/public-routes.ts';
import { apiHandlersOnDisk, concretePath } from './helpers/api-routes.ts';

/**
 * Who may do what is one table (docs/decisions/028-teams.md §6, docs/style.md 19): docs/product.md
 * §6 prints it, and the code keeps to it: every team route asks `authorize()` for an action of the
 * table, and only src/lib/server/account decides on a role or reads the grants.
 */
const CELL: Record<Reach, string> = { all: '✓', granted: 'granted', 'granted if secrets': 'granted if secrets' };

const print = () =>
  [
    `| action | lets a member | ${TEAM_ROLES.map((role) => ROLE_NAMES[role]).join(' | ')} |`,
    `| --- | --- | ${TEAM_ROLES.map(() => '---').join(' | ')} |`,
    ...TEAM_ACTION_NAMES.map((action) => `| \`${action}\` | ${TEAM_ACTIONS[action].doing} | ${TEAM_ROLES.map((role) => (ROLE_ACTIONS[role][action] ? CELL[ROLE_ACTIONS[role][action]] : '—')).join(' | ')} |`),
  ].join('\n');

/** Every file under `dir` (relative to the repository) ending in .ts or .astro. */
function filesUnder(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(ts|astro)$/.test(entry.name))
    .map((entry) => path.relative(process.cwd(), path.join(entry.parentPath, entry.name)));
}

describe('the role table', () => {
  it('is the one docs/product.md §6 prints', () => {
    const product = fs.readFileSync('docs/product.md', 'utf8');
    const start = product.indexOf('| action | lets a member |');
    expect(start, 'docs/product.md §6 prints the table').toBeGreaterThan(0);
    expect(product.slice(start, product.indexOf('\n\n', start))).toBe(print());
  });

  it('gives the Owner everything, and every other role a part of it', () => {
    expect(TEAM_ACTION_NAMES.every((action) => ROLE_ACTIONS.owner[action] === 'all')).toBe(true);
    for (const role of TEAM_ROLES) expect(Object.keys(ROLE_ACTIONS[role]).every((action) => action in TEAM_ACTIONS)).toBe(true);
    const only = (role: (typeof TEAM_ROLES)[number]) => TEAM_ACTION_NAMES.filter((action) => roleMay({ role, maySeeSecrets: false }, action));
    expect(only('admin')).not.toEqual(expect.arrayContaining(['billing.manage', 'payouts.manage', 'members.manage']));
    expect(only('cleaner')).toEqual(['guidebook.read', 'stays.read', 'arrivals.read']);
    expect(TEAM_ACTION_NAMES.filter((action) => roleMay({ role: 'cleaner', maySeeSecrets: true }, action))).toEqual(['guidebook.read', 'secrets.read', 'guidebook.share', 'stays.read', 'stays.link', 'arrivals.read']);
    // A guest's own door code is never a Cleaner's, even one allowed the guidebook's secrets (docs/decisions/030-smart-locks.md §13).
    expect(TEAM_ROLES.filter((role) => roleMay({ role, maySeeSecrets: true }, 'lockCodes.read'))).toEqual(['owner', 'admin', 'editor']);
    expect(TEAM_ROLES.filter((role) => roleMay({ role, maySeeSecrets: true }, 'lockCodes.set'))).toEqual(['owner', 'admin']);
    // Guests' unanswered questions are deleted by whoever may delete their feedback (docs/decisions/031 §13).
    expect(TEAM_ROLES.map((role) => ROLE_ACTIONS[role]['questions.delete'] ?? null)).toEqual(TEAM_ROLES.map((role) => ROLE_ACTIONS[role]['feedback.delete'] ?? null));
    expect(ROLE_ACTIONS.editor['questions.delete']).toBe('granted');
    // A limited role holds a guidebook's action on its grants only, never on every guidebook.
    for (const role of ['editor', 'cleaner'] as const) {
      for (const [action, reach] of Object.entries(ROLE_ACTIONS[role]) as Array<[TeamAction, Reach]>) expect(TEAM_ACTIONS[action].scope === 'guidebook' ? reach !== 'all' : true, `${role} ${action}`).toBe(true);
    }
  });
});

describe('every team route reaches authorize()', () => {
  // The person's own account, joining a team by an invitation to their address, switching their
  // session's team and starting their own (no team yet to act for, or a choice among theirs).
  const own = (key: string) => key.includes(' /api/users') || key === 'POST /api/messaging/sendMessageFromUser' || key === 'POST /api/invitations/accept' || key === 'PUT /api/session/team' || key === 'POST /api/teams';
  const team = apiHandlersOnDisk().filter(({ key }) => !isPublicApiRoute(key.slice(0, key.indexOf(' ')), concretePath(key)) && !own(key));

  it('each handler names an action of the table, in a file that calls authorize()', () => {
    const missing = team.filter(({ file, body }) => {
      const actions = [...body.matchAll(/'([a-zA-Z]+\.[a-z]+)'/g)].map((match) => match[1]!).filter((name) => name in TEAM_ACTIONS);
      return actions.length === 0 || !fs.readFileSync(file, 'utf8').includes('await authorize(');
    });
    expect(missing.map(({ key }) => key)).toEqual([]);
    expect(team.length).toBeGreaterThanOrEqual(49);
  });

  it('so do the dashboard pages that read a guidebook (the poster, the preview)', () => {
    for (const page of ['src/pages/dashboard/poster/[id].astro', 'src/pages/dashboard/preview/[id].astro']) expect(fs.readFileSync(page, 'utf8'), page).toContain('await authorize(access, ');
  });

  it('only src/lib/server/account decides on a role or reads the grants; only it writes memberships (a team made, an invitation accepted, a member changed or removed)', () => {
    // Copying the membership onto the request (validate-session), listing the tables to copy, and the demo's owner are not decisions.
    const copies = new Set(['src/lib/server/auth/validate-session.ts', 'src/lib/server/start/cli/copy-tables.ts', 'src/lib/server/demo/seed-demo.ts']);
    const deciders = filesUnder('src/lib/server')
      .filter((file) => !file.startsWith('src/lib/server/account/') && !copies.has(file))
      .filter((file) => /member_guidebooks|memberships|\.role\b|maySeeSecrets|may_see_secrets/.test(fs.readFileSync(file, 'utf8')));
    expect(deciders).toEqual([]);
    const pages = filesUnder('src/pages').filter((file) => /\brole\s*[!=]==|[!=]==\s*'(owner|admin|editor|cleaner)'|member_guidebooks/.test(fs.readFileSync(file, 'utf8')));
    expect(pages).toEqual([]);
    const writers = filesUnder('src/lib/server').filter((file) => /(insertInto|updateTable|deleteFrom)\('memberships'\)/.test(fs.readFileSync(file, 'utf8')));
    expect(writers.sort()).toEqual(['src/lib/server/account/create-team.ts', 'src/lib/server/account/invitations/accept-invitation.ts', 'src/lib/server/account/members.ts', 'src/lib/server/demo/seed-demo.ts']);
  });
});
