import { roleMay, type TeamAction } from '@shared/team-roles.ts';
import { useMe } from './auth.ts';

/**
 * Whether the signed-in member may take an action, by the role `GET /api/users/me` reports and the
 * table the server authorizes by (src/lib/shared/team-roles.ts, docs/product.md §6 Team roles): the
 * dashboard leaves out what the role cannot do. Nothing is offered until the role is known (or
 * without a team); the server refuses it anyway, so a stale answer costs a refusal, never access.
 */
export function useCan(): (action: TeamAction) => boolean {
  const team = useMe().data?.team ?? null;
  return (action) => (team ? roleMay(team, action) : false);
}
