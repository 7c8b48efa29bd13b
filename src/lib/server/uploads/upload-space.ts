import type { ExpressionBuilder } from 'kysely';
import type { Database } from '@db/schema.ts';

/**
 * Where an upload lives (docs/decisions/028-teams.md §3): a team's space (`id` the team's, `teamId`
 * set) for guidebook and Auto-Fill images, or a person's (`id` the user's, `teamId` null) for their
 * profile picture. `id` is the key's middle segment (`u/<id>/…`).
 */
export interface UploadSpace {
  id: string;
  teamId: string | null;
}

/**
 * The uploads rows of space `id`: the team's, and a person's own with that id. A migrated account's
 * two spaces are one, as its team has its owner's id; any other team's id names no person.
 */
export function inSpace(id: string) {
  return (eb: ExpressionBuilder<Database, 'uploads'>) => eb.or([eb('team_id', '=', id), eb.and([eb('team_id', 'is', null), eb('user_id', '=', id)])]);
}
