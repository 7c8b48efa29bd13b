import { forBoth } from './dialects.ts';

// Who did what in a team (docs/decisions/028-teams.md §9): one line per change, written by
// `recordActivity` inside the transaction of the change it records. `instruction_id` has no
// foreign key: a line outlives a purged guidebook (its name is kept in `details`). `details` is
// JSON naming fields, never a secret's value (docs/security.md 40). Lines older than a year are
// deleted by the "activity retention" job.
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
CREATE TABLE team_activity (
  id ${d.autoId},
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  actor_user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  actor TEXT NOT NULL CHECK (actor IN ('member', 'mail-link', 'guest', 'calendar', 'stripe', 'system')),
  action TEXT NOT NULL,
  instruction_id TEXT,
  subject_id TEXT,
  details TEXT NOT NULL DEFAULT '{}',
  created_at ${d.bigint} NOT NULL
)${d.strict};
CREATE INDEX team_activity_team_created ON team_activity(team_id, created_at);
CREATE INDEX team_activity_created ON team_activity(created_at);
`,
);
