import { forBoth } from './dialects.ts';

// Smart locks through Seam (docs/decisions/030-smart-locks.md §4): every table the feature needs,
// created at once so later slices add no migration of their own. A team's attempts at connecting
// a lock account (`lock_connect_attempts`), the accounts and locks it connected (`lock_accounts`,
// `lock_devices`), one lock per guidebook (`lock_assignments`), a stay's code and its desired
// state (`lock_codes`, its digits sealed under SECRETS_KEY), Seam's webhook hints by subject id
// only (`lock_webhook_inbox`: no body, which may hold a code) and accounts still to delete at
// Seam (`lock_account_removals`).

export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
CREATE TABLE lock_connect_attempts (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
  seam_connect_webview_id TEXT,
  created_at ${d.bigint} NOT NULL,
  expires_at ${d.bigint} NOT NULL,
  completed_at ${d.bigint},
  outcome TEXT CHECK (outcome IN ('connected', 'failed'))
)${d.strict};
CREATE UNIQUE INDEX lock_connect_attempts_webview ON lock_connect_attempts(seam_connect_webview_id);
CREATE INDEX lock_connect_attempts_team ON lock_connect_attempts(team_id);

CREATE TABLE lock_accounts (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  seam_connected_account_id TEXT NOT NULL,
  provider TEXT NOT NULL,
  provider_label TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'connected' CHECK (state IN ('connected', 'disconnected')),
  error_codes TEXT NOT NULL DEFAULT '',
  disconnected_at ${d.bigint},
  disconnect_mailed_at ${d.bigint},
  connected_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL
)${d.strict};
CREATE UNIQUE INDEX lock_accounts_seam ON lock_accounts(seam_connected_account_id);
CREATE INDEX lock_accounts_team ON lock_accounts(team_id);

CREATE TABLE lock_devices (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  account_id TEXT NOT NULL REFERENCES lock_accounts(id) ON DELETE CASCADE,
  seam_device_id TEXT NOT NULL,
  name TEXT NOT NULL,
  model TEXT NOT NULL DEFAULT '',
  online_codes INTEGER NOT NULL DEFAULT 0 CHECK (online_codes IN (0, 1)),
  offline_codes INTEGER NOT NULL DEFAULT 0 CHECK (offline_codes IN (0, 1)),
  backup_pool INTEGER NOT NULL DEFAULT 0 CHECK (backup_pool IN (0, 1)),
  scheduling TEXT NOT NULL DEFAULT 'unknown' CHECK (scheduling IN ('unknown', 'native', 'just_in_time')),
  online INTEGER NOT NULL DEFAULT 0 CHECK (online IN (0, 1)),
  offline_since ${d.bigint},
  offline_mailed_at ${d.bigint},
  gone_at ${d.bigint},
  error_codes TEXT NOT NULL DEFAULT '',
  warning_codes TEXT NOT NULL DEFAULT '',
  seen_at ${d.bigint} NOT NULL,
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL
)${d.strict};
CREATE UNIQUE INDEX lock_devices_seam ON lock_devices(seam_device_id);
CREATE INDEX lock_devices_team ON lock_devices(team_id);
CREATE INDEX lock_devices_account ON lock_devices(account_id);

CREATE TABLE lock_assignments (
  instruction_id TEXT PRIMARY KEY REFERENCES instructions(id) ON DELETE CASCADE,
  device_id TEXT NOT NULL REFERENCES lock_devices(id) ON DELETE CASCADE,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  assigned_by TEXT REFERENCES users(id) ON DELETE SET NULL,
  assigned_at ${d.bigint} NOT NULL
)${d.strict};
CREATE INDEX lock_assignments_device ON lock_assignments(device_id);
CREATE INDEX lock_assignments_team ON lock_assignments(team_id);

CREATE TABLE lock_codes (
  id TEXT PRIMARY KEY,
  team_id TEXT NOT NULL REFERENCES teams(id) ON DELETE CASCADE,
  stay_id TEXT REFERENCES stays(id) ON DELETE SET NULL,
  instruction_id TEXT REFERENCES instructions(id) ON DELETE SET NULL,
  device_id TEXT REFERENCES lock_devices(id) ON DELETE SET NULL,
  kind TEXT NOT NULL DEFAULT 'online' CHECK (kind IN ('online', 'offline')),
  wanted INTEGER NOT NULL DEFAULT 0 CHECK (wanted IN (0, 1)),
  want_from ${d.bigint},
  want_until ${d.bigint},
  create_after ${d.bigint},
  revision INTEGER NOT NULL DEFAULT 0,
  done_revision INTEGER NOT NULL DEFAULT 0,
  due_at ${d.bigint},
  state TEXT NOT NULL CHECK (state IN ('due', 'sent', 'confirmed', 'trouble', 'backup', 'manual', 'failed', 'removing', 'removed', 'left')),
  seam_access_code_id TEXT,
  generation INTEGER NOT NULL DEFAULT 0,
  seam_status TEXT,
  seam_starts_at ${d.bigint},
  seam_ends_at ${d.bigint},
  scheduled_on_device INTEGER NOT NULL DEFAULT 0 CHECK (scheduled_on_device IN (0, 1)),
  appearance_name TEXT,
  error_codes TEXT NOT NULL DEFAULT '',
  warning_codes TEXT NOT NULL DEFAULT '',
  confirmed_from ${d.bigint},
  confirmed_until ${d.bigint},
  backup_seam_access_code_id TEXT,
  code_key_id TEXT,
  code_iv TEXT,
  code_ct TEXT,
  deadline_at ${d.bigint},
  attempts INTEGER NOT NULL DEFAULT 0,
  recreations INTEGER NOT NULL DEFAULT 0,
  last_attempt_at ${d.bigint},
  last_error TEXT,
  host_off INTEGER NOT NULL DEFAULT 0 CHECK (host_off IN (0, 1)),
  fallback_mailed_at ${d.bigint},
  failed_mailed_at ${d.bigint},
  outside_mailed_at ${d.bigint},
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL
)${d.strict};
CREATE UNIQUE INDEX lock_codes_seam ON lock_codes(seam_access_code_id) WHERE seam_access_code_id IS NOT NULL;
CREATE UNIQUE INDEX lock_codes_live_stay ON lock_codes(stay_id) WHERE state NOT IN ('removed', 'left');
CREATE INDEX lock_codes_due ON lock_codes(due_at) WHERE state NOT IN ('removed', 'left');
CREATE INDEX lock_codes_team_from ON lock_codes(team_id, want_from);

CREATE TABLE lock_webhook_inbox (
  id ${d.autoId},
  svix_id TEXT NOT NULL,
  event_type TEXT NOT NULL,
  subject TEXT NOT NULL CHECK (subject IN ('access_code', 'device', 'connected_account', 'connect_webview')),
  subject_id TEXT NOT NULL,
  received_at ${d.bigint} NOT NULL,
  processed_at ${d.bigint},
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at ${d.bigint} NOT NULL
)${d.strict};
CREATE UNIQUE INDEX lock_webhook_inbox_svix ON lock_webhook_inbox(svix_id);
CREATE INDEX lock_webhook_inbox_pending ON lock_webhook_inbox(processed_at, next_attempt_at);

CREATE TABLE lock_account_removals (
  seam_connected_account_id TEXT PRIMARY KEY,
  attempts INTEGER NOT NULL DEFAULT 0,
  next_attempt_at ${d.bigint} NOT NULL
)${d.strict};
`,
);
