import { forBoth } from './dialects.ts';

// "Questions guests asked" (docs/decisions/031-guest-assistant.md §12, §13): answered questions
// counted per guidebook, UTC day, page language, section and kind (`passages`, `model`, `secret`),
// in each server's memory and added here in batches as the opens are (decision 023); one row per
// question the guidebook could not answer, as asked but with e-mail addresses and runs of 6 or more
// digits masked, kept 90 days, with no address, user agent, stay or name; and a team's model answers
// per UTC month. Every row is a team's and goes with the team and the guidebook.
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
CREATE TABLE guest_question_counts (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  guidebook_id TEXT NOT NULL REFERENCES instructions(id) ON DELETE CASCADE,
  -- The UTC day, 'YYYY-MM-DD'; after 13 months the month, 'YYYY-MM'.
  day TEXT NOT NULL,
  language TEXT NOT NULL,
  section TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('passages', 'model', 'secret')),
  count ${d.bigint} NOT NULL,
  PRIMARY KEY (guidebook_id, day, language, section, kind)
)${d.strict};
CREATE INDEX guest_question_counts_team ON guest_question_counts(team_id);

CREATE TABLE guest_questions (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  guidebook_id TEXT NOT NULL REFERENCES instructions(id) ON DELETE CASCADE,
  language TEXT NOT NULL,
  question TEXT NOT NULL,
  -- The UTC day the host sees; created_at only orders the list and is never shown.
  day TEXT NOT NULL,
  suggested_section TEXT,
  created_at ${d.bigint} NOT NULL
)${d.strict};
CREATE INDEX guest_questions_guidebook ON guest_questions(guidebook_id, created_at);
CREATE INDEX guest_questions_created ON guest_questions(created_at);
CREATE INDEX guest_questions_team ON guest_questions(team_id);

CREATE TABLE assistant_usage (
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  -- The UTC month, 'YYYY-MM'.
  month TEXT NOT NULL,
  answers INTEGER NOT NULL,
  PRIMARY KEY (team_id, month)
)${d.strict};
`,
);
