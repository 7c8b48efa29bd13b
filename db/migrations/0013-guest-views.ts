import { forBoth } from './dialects.ts';

// How often guests open a guidebook (docs/decisions/023-guest-view-counts.md): counts per
// guidebook, page language and UTC day, and per stay its first and last open and how many. Counted
// in each server's memory and added here in batches; no address, user agent or cookie is kept.
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
CREATE TABLE guest_views (
  instruction_id TEXT NOT NULL REFERENCES instructions(id) ON DELETE CASCADE,
  language TEXT NOT NULL,
  -- The UTC day, 'YYYY-MM-DD'.
  day TEXT NOT NULL,
  views ${d.bigint} NOT NULL,
  PRIMARY KEY (instruction_id, day, language)
)${d.strict};

ALTER TABLE stays ADD COLUMN first_opened_at ${d.bigint};
ALTER TABLE stays ADD COLUMN last_opened_at ${d.bigint};
ALTER TABLE stays ADD COLUMN open_count INTEGER NOT NULL DEFAULT 0;
`,
);
