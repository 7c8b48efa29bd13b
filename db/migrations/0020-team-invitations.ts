import { forBoth } from './dialects.ts';

// Invitations to a team (docs/decisions/028-teams.md §7): the owner invites an address with a role;
// the mailed link carries a token of which only the hash is kept (docs/security.md 11), valid 7
// days, used once. Not user_tokens: the invited person may have no account yet. At most one open
// invitation per team and address (the partial unique index); a resend replaces the hash and the
// expiry in place. The guidebooks an editor or a cleaner will be granted hang off the invitation,
// so a guidebook deleted before the accept drops out of it.
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
CREATE TABLE team_invitations (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  role TEXT NOT NULL CHECK (role IN ('admin', 'editor', 'cleaner')),
  may_see_secrets INTEGER NOT NULL DEFAULT 0 CHECK (may_see_secrets IN (0, 1)),
  token_hash TEXT NOT NULL UNIQUE,
  invited_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at ${d.bigint} NOT NULL,
  expires_at ${d.bigint} NOT NULL,
  sent_at ${d.bigint} NOT NULL,
  accepted_at ${d.bigint},
  accepted_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  revoked_at ${d.bigint}
)${d.strict};
CREATE UNIQUE INDEX team_invitations_open ON team_invitations(team_id, email) WHERE accepted_at IS NULL AND revoked_at IS NULL;

CREATE TABLE invitation_guidebooks (
  invitation_id TEXT NOT NULL REFERENCES team_invitations(id) ON DELETE CASCADE,
  instruction_id TEXT NOT NULL REFERENCES instructions(id) ON DELETE CASCADE,
  PRIMARY KEY (invitation_id, instruction_id)
)${d.strict};
CREATE INDEX invitation_guidebooks_instruction ON invitation_guidebooks(instruction_id);
`,
);
