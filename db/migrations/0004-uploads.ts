import { forBoth } from './dialects.ts';

// Forward-only: a shipped migration's SQL never changes (tests/migrations-schema.test.ts); add the next number instead.
// Uploads: one row per stored image, for the per-user quota and the clean-up of unreferenced
// files (docs/security.md 17). `key` is the storage key, also the path after /media/.
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
-- No foreign key on user_id on purpose: when an account goes, its rows stay until the clean-up
-- finds their files unreferenced and removes file and row together (a cascade would orphan files).
CREATE TABLE uploads (
  key TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  bytes ${d.bigint} NOT NULL,
  created_at ${d.bigint} NOT NULL
)${d.strict};
CREATE INDEX uploads_user ON uploads(user_id);
CREATE INDEX uploads_created ON uploads(created_at);
`,
);
