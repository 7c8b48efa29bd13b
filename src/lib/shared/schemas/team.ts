import { z } from 'zod';
import { messages } from '../messages.ts';

/** A team's name: what members see in the team menu and invitations read ("join Casa Lumen"). */
export const TEAM_NAME_MAX = 100;

/** PATCH /api/team `{ name }` (the Owner, docs/decisions/028-teams.md §6): one line of text, no control characters. */
export const renameTeamSchema = z.object(
  {
    name: z
      .string({ error: messages.team.nameRequired })
      .trim()
      .min(1, messages.team.nameRequired)
      .max(TEAM_NAME_MAX, messages.team.nameTooLong(TEAM_NAME_MAX))
      .refine((name) => !/\p{Cc}/u.test(name), messages.team.nameInvalid),
  },
  { error: messages.team.nameRequired },
);

/** PUT /api/session/team `{ teamId }` (docs/decisions/028-teams.md §5). */
export const switchTeamSchema = z.object(
  { teamId: z.string({ error: messages.team.teamIdRequired }).trim().min(1, messages.team.teamIdRequired).max(64, messages.team.notFound) },
  { error: messages.team.teamIdRequired },
);
