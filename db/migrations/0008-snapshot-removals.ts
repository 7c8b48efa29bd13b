// Pending snapshot removals (issue 13). A guest snapshot that had to go (link regenerated,
// guidebook deleted, door code or Wi-Fi password changed, page rebuilt) while the store was out of
// reach (a bucket outage) is listed here until its removal succeeds; meanwhile no server reads it
// from the store (src/lib/server/snapshots/pending-removals.ts).
export const up = /* sql */ `
CREATE TABLE snapshot_removals (
  token TEXT PRIMARY KEY,
  -- When the removal last failed: a retry that started before then must not clear the row.
  created_at INTEGER NOT NULL
) STRICT;
`;

export const upPostgres = /* sql */ `
CREATE TABLE snapshot_removals (
  token TEXT PRIMARY KEY,
  created_at BIGINT NOT NULL
);
`;
