// Forward-only: never edit a migration that has shipped; add the next number instead.
// Uploads: one row per stored image, for the per-user quota and the clean-up of unreferenced
// files (SECURITY.md 17). `key` is the storage key, also the path after /media/.
export const up = /* sql */ `
-- No foreign key on user_id on purpose: when an account goes, its rows stay until the clean-up
-- finds their files unreferenced and removes file and row together (a cascade would orphan files).
CREATE TABLE uploads (
  key TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  bytes INTEGER NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
CREATE INDEX uploads_user ON uploads(user_id);
CREATE INDEX uploads_created ON uploads(created_at);
`;

// PostgreSQL (issue 13): the same table.
export const upPostgres = /* sql */ `
CREATE TABLE uploads (
  key TEXT PRIMARY KEY,
  user_id TEXT NOT NULL,
  bytes BIGINT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE INDEX uploads_user ON uploads(user_id);
CREATE INDEX uploads_created ON uploads(created_at);
`;
