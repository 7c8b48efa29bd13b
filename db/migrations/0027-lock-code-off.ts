import { forBoth } from './dialects.ts';

// A stay's code rows of every state, by the stay (docs/decisions/030-smart-locks.md, As built
// slice 5): "Door code" off is kept on the stay's row (`host_off`) after its code is removed, so
// that no marking makes it again, and an offline code left behind by a move stays on the stay card
// until it runs out; markings and the stay card read them by the stay. It also serves the SET NULL
// of a stay's deletion on PostgreSQL, which otherwise scans the table.
export const { up, upPostgres } = forBoth(
  () => /* sql */ `
CREATE INDEX lock_codes_stay ON lock_codes(stay_id);
`,
);
