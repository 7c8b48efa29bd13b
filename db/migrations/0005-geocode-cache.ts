import { forBoth } from './dialects.ts';

// Forward-only: a shipped migration's SQL never changes (tests/migrations-schema.test.ts); add the next number instead.
// Reverse-geocoding cache: Nominatim asks its users to cache answers (usage policy), and a
// cached point costs no slot of the 1 request/s budget (src/lib/server/geo/reverse-geocode.ts).
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
-- key is "lat,lng" rounded to 5 decimals (about 1 m), so a link pasted twice hits the same row.
CREATE TABLE geocode_cache (
  key TEXT PRIMARY KEY,
  address TEXT NOT NULL,
  created_at ${d.bigint} NOT NULL
)${d.strict};
`,
);
