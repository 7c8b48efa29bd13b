import { forBoth, type SqlDialect } from './dialects.ts';

// Bookings from the host's booking system (docs/decisions/029-pms-connectors.md §4): a team's
// connection to one system (`pms_integrations`, its credentials sealed under SECRETS_KEY:
// platform/secret-box.ts, never a value in clear), the system's properties and what each is mapped
// to (`pms_units`), webhook hints by reservation id only (`pms_hook_inbox`: no body, no guest
// field), calendar bookings the system cancelled (`calendar_tombstones`), and what a stay holds
// from the system. `system` is checked by a CHECK on PostgreSQL and two triggers on SQLite, so a
// new system is a trigger replaced, not a table rebuilt (§15). Every stays column is nullable or
// has a default: SQLite adds it without a rebuild.

/** The systems `pms_integrations.system` accepts (src/lib/server/pms/adapter.ts `PMS_SYSTEMS`). */
const SYSTEMS = "'smoobu', 'beds24', 'hostaway'";

function knownSystem(d: SqlDialect): string {
  if (d.name === 'postgres') return `ALTER TABLE pms_integrations ADD CONSTRAINT pms_integrations_system CHECK (system IN (${SYSTEMS}));`;
  const raise = `BEGIN SELECT RAISE(ABORT, 'pms_integrations.system is not a known booking system'); END;`;
  return `CREATE TRIGGER pms_integrations_system_insert BEFORE INSERT ON pms_integrations WHEN NEW.system NOT IN (${SYSTEMS}) ${raise}
CREATE TRIGGER pms_integrations_system_update BEFORE UPDATE OF system ON pms_integrations WHEN NEW.system NOT IN (${SYSTEMS}) ${raise}`;
}

export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
CREATE TABLE pms_integrations (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  system TEXT NOT NULL,
  account_ref TEXT NOT NULL,
  credentials_key_id TEXT NOT NULL,
  credentials_iv TEXT NOT NULL,
  credentials_ct TEXT NOT NULL,
  access_key_id TEXT,
  access_iv TEXT,
  access_ct TEXT,
  access_expires_at ${d.bigint},
  hook_id TEXT NOT NULL,
  remote_hook_id TEXT,
  state TEXT NOT NULL DEFAULT 'active' CHECK (state IN ('active', 'reconnect')),
  changed_through ${d.bigint},
  full_pass_at ${d.bigint},
  last_attempt_at ${d.bigint},
  last_success_at ${d.bigint},
  last_error TEXT,
  last_hook_at ${d.bigint},
  backoff_until ${d.bigint},
  connected_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL
)${d.strict};
CREATE UNIQUE INDEX pms_integrations_team_system ON pms_integrations(team_id, system);
CREATE UNIQUE INDEX pms_integrations_hook ON pms_integrations(hook_id);
${knownSystem(d)}

CREATE TABLE pms_units (
  id TEXT PRIMARY KEY,
  integration_id TEXT NOT NULL REFERENCES pms_integrations(id) ON DELETE CASCADE,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  external_id TEXT NOT NULL,
  name TEXT NOT NULL,
  instruction_id TEXT REFERENCES instructions(id) ON DELETE SET NULL,
  skipped INTEGER NOT NULL DEFAULT 0 CHECK (skipped IN (0, 1)),
  seen_at ${d.bigint} NOT NULL,
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL
)${d.strict};
CREATE UNIQUE INDEX pms_units_integration_external ON pms_units(integration_id, external_id);
CREATE UNIQUE INDEX pms_units_guidebook ON pms_units(instruction_id) WHERE instruction_id IS NOT NULL;
CREATE INDEX pms_units_team ON pms_units(team_id);

CREATE TABLE pms_hook_inbox (
  id ${d.autoId},
  integration_id TEXT NOT NULL REFERENCES pms_integrations(id) ON DELETE CASCADE,
  dedupe_key TEXT NOT NULL,
  reservation_ids TEXT NOT NULL,
  received_at ${d.bigint} NOT NULL,
  processed_at ${d.bigint},
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at ${d.bigint} NOT NULL
)${d.strict};
CREATE UNIQUE INDEX pms_hook_inbox_dedupe ON pms_hook_inbox(integration_id, dedupe_key);
CREATE INDEX pms_hook_inbox_pending ON pms_hook_inbox(processed_at, next_attempt_at);

CREATE TABLE calendar_tombstones (
  instruction_id TEXT NOT NULL REFERENCES instructions(id) ON DELETE CASCADE,
  calendar_uid TEXT NOT NULL,
  until ${d.bigint} NOT NULL,
  PRIMARY KEY (instruction_id, calendar_uid)
)${d.strict};

ALTER TABLE stays ADD COLUMN pms_integration_id TEXT REFERENCES pms_integrations(id) ON DELETE SET NULL;
ALTER TABLE stays ADD COLUMN pms_reservation_id TEXT;
ALTER TABLE stays ADD COLUMN pms_modified_at ${d.bigint};
ALTER TABLE stays ADD COLUMN guest_phone TEXT NOT NULL DEFAULT '';
ALTER TABLE stays ADD COLUMN guest_count INTEGER;
ALTER TABLE stays ADD COLUMN language_set_by_host INTEGER NOT NULL DEFAULT 0 CHECK (language_set_by_host IN (0, 1));
ALTER TABLE stays ADD COLUMN host_note TEXT NOT NULL DEFAULT '';
ALTER TABLE stays ADD COLUMN link_mailed_at ${d.bigint};
ALTER TABLE stays ADD COLUMN guest_data_erased_at ${d.bigint};
CREATE UNIQUE INDEX stays_pms_reservation ON stays(pms_integration_id, pms_reservation_id) WHERE pms_reservation_id IS NOT NULL;
`,
);
