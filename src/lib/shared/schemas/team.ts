import { z } from 'zod';
import { messages } from '../messages.ts';

/** PUT /api/session/team `{ teamId }` (docs/decisions/028-teams.md §5). */
export const switchTeamSchema = z.object(
  { teamId: z.string({ error: messages.team.teamIdRequired }).trim().min(1, messages.team.teamIdRequired).max(64, messages.team.notFound) },
  { error: messages.team.teamIdRequired },
);
