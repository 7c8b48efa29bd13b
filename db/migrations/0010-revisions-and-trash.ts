import { forBoth } from './dialects.ts';

// Revisions and trash (docs/decisions/016-revisions-and-trash.md). Each guidebook keeps its last
// 50 saved versions: the whole content as saved, who saved it, how (a save, defaults applied from
// Auto-Fill, a restore) and what changed, in words. A deleted guidebook keeps its row, with
// `deleted_at` set, for 30 days: its links answer 404 at once, a restore brings them back, and the
// clean-up purges it (and with it its stays, calendar and revisions) after that.
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
ALTER TABLE instructions ADD COLUMN deleted_at ${d.bigint};
CREATE INDEX instructions_deleted ON instructions(deleted_at) WHERE deleted_at IS NOT NULL;

CREATE TABLE instruction_revisions (
  id TEXT PRIMARY KEY,
  instruction_id TEXT NOT NULL REFERENCES instructions(id) ON DELETE CASCADE,
  -- The owner, so every read is scoped by it like the guidebook's own.
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- Who saved it; NULL for the version a guidebook had before revisions were kept.
  author_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  -- The guidebook's version this content was saved as.
  version INTEGER NOT NULL,
  -- 'created', 'saved', 'code', 'defaults', 'restored', 'undone' or 'before-history'.
  source TEXT NOT NULL,
  -- One id for every guidebook one "Apply to existing" changed, so it is undone in one go.
  batch_id TEXT,
  -- What changed from the version before, in words (a JSON array of strings).
  changes TEXT NOT NULL,
  data TEXT NOT NULL,
  created_at ${d.bigint} NOT NULL
)${d.strict};
CREATE UNIQUE INDEX instruction_revisions_version ON instruction_revisions(instruction_id, version);
CREATE INDEX instruction_revisions_batch ON instruction_revisions(batch_id) WHERE batch_id IS NOT NULL;
CREATE INDEX instruction_revisions_user ON instruction_revisions(user_id);
`,
);
