import { forBoth } from './dialects.ts';

// A team whose plan no longer includes smart locks (docs/decisions/030-smart-locks.md §14, As built
// slice 6): when the daily pass first saw it so (`lapsed_at`) and when it mailed the team that its
// lock accounts are about to be disconnected (`lapse_mailed_at`, the claim of that one mail); both
// cleared when the plan includes locks again.
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
ALTER TABLE lock_accounts ADD COLUMN lapsed_at ${d.bigint};
ALTER TABLE lock_accounts ADD COLUMN lapse_mailed_at ${d.bigint};
`,
);
