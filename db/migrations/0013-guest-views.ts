import { forBoth } from './dialects.ts';

// How often guests open a guidebook and what they read (docs/decisions/023-guest-view-counts.md):
// counts per guidebook, page language (or section) and UTC day, and per stay. Counted
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

-- Sections guests read (checkin, access, wifi, rules, places, extras, contact) per guidebook and
-- UTC day, and per stay which ones and when first; a stay's rows go with the stay.
CREATE TABLE guest_reads (
  instruction_id TEXT NOT NULL REFERENCES instructions(id) ON DELETE CASCADE,
  section TEXT NOT NULL,
  day TEXT NOT NULL,
  reads ${d.bigint} NOT NULL,
  PRIMARY KEY (instruction_id, day, section)
)${d.strict};

CREATE TABLE stay_reads (
  stay_id TEXT NOT NULL REFERENCES stays(id) ON DELETE CASCADE,
  section TEXT NOT NULL,
  first_read_at ${d.bigint} NOT NULL,
  reads ${d.bigint} NOT NULL,
  PRIMARY KEY (stay_id, section)
)${d.strict};

ALTER TABLE stays ADD COLUMN first_opened_at ${d.bigint};
ALTER TABLE stays ADD COLUMN last_opened_at ${d.bigint};
ALTER TABLE stays ADD COLUMN open_count INTEGER NOT NULL DEFAULT 0;
`,
);
