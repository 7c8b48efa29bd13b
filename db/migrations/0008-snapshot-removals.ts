import { forBoth } from './dialects.ts';

// Pending snapshot removals (docs/decisions/012). A guest snapshot that had to go (link regenerated,
// guidebook deleted, door code or Wi-Fi password changed, page rebuilt) while the store was out of
// reach (a bucket outage) is listed here until its removal succeeds; meanwhile no server reads it
// from the store (src/lib/server/guest-pages/store/pending-removals.ts).
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
CREATE TABLE snapshot_removals (
  token TEXT PRIMARY KEY,
  -- When the removal last failed: a retry that started before then must not clear the row.
  created_at ${d.bigint} NOT NULL
)${d.strict};
`,
);
