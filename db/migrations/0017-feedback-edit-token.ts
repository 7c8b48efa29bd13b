import { forBoth } from './dialects.ts';

// "Was this guidebook helpful?" is recorded on the tap, and the guest's comment follows as an
// edit of that answer (docs/product/insights.md): the tap's answer carries a token for it, of which
// only the SHA-256 is kept, as of every token (docs/security.md 3). Cleared when the daily mail
// lists the answer; null for answers sent before.
export const { up, upPostgres } = forBoth(
  () => /* sql */ `
ALTER TABLE guest_feedback ADD COLUMN edit_token_hash TEXT;
`,
);
