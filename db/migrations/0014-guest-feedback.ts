import { forBoth } from './dialects.ts';

// "Was this guidebook helpful?" (docs/product/insights.md): a guest's yes or no and an optional
// comment, kept until the host deletes it or the account goes. Stored with the stay when sent from
// a stay link; a stay deleted later leaves the feedback on the guidebook. No address, user agent or
// cookie is kept (docs/security.md rule 36). `digested_at` marks the rows the daily mail listed.
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
CREATE TABLE guest_feedback (
  id TEXT PRIMARY KEY,
  -- The host, so every read is scoped by the owner like the guidebook's own.
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  instruction_id TEXT NOT NULL REFERENCES instructions(id) ON DELETE CASCADE,
  stay_id TEXT REFERENCES stays(id) ON DELETE SET NULL,
  helpful INTEGER NOT NULL CHECK (helpful IN (0, 1)),
  comment TEXT NOT NULL DEFAULT '',
  -- The guest page's language.
  language TEXT NOT NULL,
  created_at ${d.bigint} NOT NULL,
  digested_at ${d.bigint}
)${d.strict};
CREATE INDEX guest_feedback_instruction ON guest_feedback(instruction_id, created_at);
CREATE INDEX guest_feedback_undigested ON guest_feedback(user_id, created_at) WHERE digested_at IS NULL;
CREATE INDEX guest_feedback_stay ON guest_feedback(stay_id) WHERE stay_id IS NOT NULL;
`,
);
