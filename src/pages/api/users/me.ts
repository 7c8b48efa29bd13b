import type { APIContext } from 'astro';
import { requireUser } from '@server/auth/require-user.ts';
import { toUserInfo } from '@server/auth/user-info.ts';
import { teamsOf } from '@server/account/current-team.ts';
import { getTeamPlan } from '@server/account/team-plan.ts';
import { handle, json } from '@server/http/json.ts';
import { getRuntime } from '@server/platform/runtime.ts';
import { machineDraftsOn } from '@server/translate/draft-translations.ts';

/**
 * GET /api/users/me: the signed-in user's info, the plan of the team they act for (the admin app
 * restores its state from it; Free in no team) and their part in it, `team: { id, name,
 * membershipId, role, maySeeSecrets }` or null, by which the dashboard leaves out what the role may
 * not do (src/lib/shared/team-roles.ts; the server refuses it anyway, docs/decisions/028-teams.md
 * §6; the membership's id is what "Leave team" names), and `teams: [{ id, name, role }]`, every
 * team they are a member of, for the switcher (§5).
 * The support line is premium-only (docs/product.md §2 Support): other plans never receive the number.
 * `machineTranslation: true` only when TRANSLATE_URL is set: the editor then offers machine drafts.
 */
export const GET = handle(async (context: APIContext) => {
  const { user } = requireUser(context.locals);
  const [plan, teams] = await Promise.all([context.locals.team ? getTeamPlan(context.locals.team.teamId) : ('free' as const), teamsOf(user.id)]);
  const { config } = await getRuntime();
  const machine = (await machineDraftsOn()) ? { machineTranslation: true } : {};
  const { team } = context.locals;
  const current = team ? { id: team.teamId, name: teams.find((each) => each.id === team.teamId)?.name ?? '', membershipId: team.membershipId, role: team.role, maySeeSecrets: team.maySeeSecrets } : null;
  return json({ ...toUserInfo(user), plan, team: current, teams, ...(plan === 'premium' ? { supportPhone: config.supportPhone } : {}), ...machine });
});
