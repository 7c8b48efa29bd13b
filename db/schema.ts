import type { Generated } from 'kysely';
import type { RevisionSource } from '@shared/schemas/history.ts';
import type { Channel } from '@shared/channels.ts';
import type { TeamRole } from '@shared/team-roles.ts';
import type { ActivityActor } from '@shared/team-activity.ts';
import type { PmsSystem } from '@shared/pms-systems.ts';

/**
 * Row types of the tables (SQLite, or PostgreSQL with DATABASE_URL), beside the migrations that
 * make them. Imported as `@db/schema.ts` (type-only imports, so no bundler has to resolve the
 * alias). Timestamps are epoch milliseconds (BIGINT on PostgreSQL, read back as numbers).
 */
export interface UsersTable {
  id: string;
  name: string;
  email: string;
  password_hash: string | null;
  google_id: string | null;
  picture: string;
  email_verified_at: number | null;
  created_at: number;
  updated_at: number;
}

/**
 * A team: the account every guidebook, stay, order, setting, upload, subscription and payout
 * account belongs to (db/migrations/0018-teams.ts, docs/decisions/028-teams.md). A team made by
 * that migration has its owner's user id as its id (and so does the owner's membership): the same
 * string names the person and the team, on purpose, so every id, upload path and Stripe metadata
 * value stored before keeps working. Nothing derives one from the other; a team made since has an
 * id of its own.
 */
export interface TeamsTable {
  id: string;
  name: string;
  created_at: number;
  updated_at: number;
}

/** The four roles, declared with what each may do (src/lib/shared/team-roles.ts). */
export type { TeamRole };

/** A person in a team with one role; one owner per team. */
export interface MembershipsTable {
  id: string;
  team_id: string;
  user_id: string;
  role: TeamRole;
  /** 0/1: a cleaner may see the door code, the Wi-Fi password and the guest links. */
  may_see_secrets: number;
  invited_by: string | null;
  created_at: number;
  updated_at: number;
}

/** A guidebook granted to an editor's or a cleaner's membership. */
export interface MemberGuidebooksTable {
  membership_id: string;
  instruction_id: string;
}

/** An invitation to a team by address (0020-team-invitations, docs/decisions/028-teams.md §7): only the token's hash is kept. */
export interface TeamInvitationsTable {
  id: string;
  team_id: string;
  /** Lower-cased; the accept is bound to it. */
  email: string;
  role: Exclude<TeamRole, 'owner'>;
  may_see_secrets: number;
  token_hash: string;
  invited_by: string | null;
  created_at: number;
  expires_at: number;
  /** The last mail (the first, or a resend, which gives a new token and a new expiry). */
  sent_at: number;
  accepted_at: number | null;
  accepted_by: string | null;
  revoked_at: number | null;
}

/** A guidebook an invitation grants an editor or a cleaner once accepted. */
export interface InvitationGuidebooksTable {
  invitation_id: string;
  instruction_id: string;
}

/**
 * One line of a team's activity (0021-team-activity, docs/decisions/028-teams.md §9), written by
 * `recordActivity` in the transaction of the change. `instruction_id` has no foreign key (the line
 * outlives a purged guidebook, whose name `details` keeps); `details` is JSON without secret values.
 */
export interface TeamActivityTable {
  id: Generated<number>;
  team_id: string;
  actor_user_id: string | null;
  actor: ActivityActor;
  action: string;
  instruction_id: string | null;
  subject_id: string | null;
  details: string;
  created_at: number;
}

/** Auto-Fill's defaults of a team (user_settings until 0018). */
export interface TeamSettingsTable {
  team_id: string;
  data: string;
  updated_at: number;
}

export interface InstructionsTable {
  id: string;
  /** Who created it; the team decides who may act on it. */
  user_id: string;
  team_id: string;
  token: string;
  is_free: number;
  version: number;
  data: string;
  created_at: number;
  updated_at: number;
  /** When the host deleted it: in the trash until purged 30 days later; null while live. */
  deleted_at: number | null;
}

/** One saved version of a guidebook (db/migrations/0010-revisions-and-trash.ts). */
export interface InstructionRevisionsTable {
  id: string;
  instruction_id: string;
  user_id: string;
  team_id: string;
  author_id: string | null;
  version: number;
  source: RevisionSource;
  batch_id: string | null;
  /** JSON array of phrases. */
  changes: string;
  data: string;
  created_at: number;
}


export interface ContactMessagesTable {
  id: Generated<number>;
  kind: 'contact' | 'user';
  user_id: string | null;
  name: string;
  email: string;
  message: string;
  ip: string | null;
  created_at: number;
}

export interface OutboxTable {
  id: Generated<number>;
  to_address: string;
  reply_to: string | null;
  subject: string;
  text_body: string;
  html_body: string | null;
  status: Generated<'pending' | 'sending' | 'sent' | 'failed'>;
  attempts: Generated<number>;
  next_attempt_at: number;
  last_error: string | null;
  created_at: number;
  sent_at: number | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  reset_at: number;
}

export interface SessionsTable {
  /** Hex SHA-256 of the cookie token (never the token itself). */
  id: string;
  user_id: string;
  /** The team the session acts for (docs/decisions/028-teams.md §5); null when it has none. */
  team_id: string | null;
  expires_at: number;
  created_at: number;
}

/** `login`: the one-time sign-in link mailed past the per-account failure limit (0007). */
export type UserTokenPurpose = 'verify' | 'reset' | 'email_change' | 'login';

export interface UserTokensTable {
  /** Hex SHA-256 of the mailed token. */
  hash: string;
  user_id: string;
  purpose: UserTokenPurpose;
  new_email: string | null;
  new_name: string | null;
  new_password_hash: string | null;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

/** A browser that signed in to an account before (db/migrations/0007-login-proof.ts). */
export interface KnownDevicesTable {
  /** Hex SHA-256 of the device cookie's token. */
  hash: string;
  user_id: string;
  created_at: number;
  last_used_at: number;
}

/** One stored upload (db/migrations/0004-uploads.ts); `key` is the path after /media/. */
export interface UploadsTable {
  key: string;
  /** Who uploaded it. */
  user_id: string;
  /** The team whose space holds it; null for a profile picture, in its person's space (`u/<userId>/…`). */
  team_id: string | null;
  bytes: number;
  created_at: number;
}

/** One reverse-geocoded point (db/migrations/0005-geocode-cache.ts); `key` is "lat,lng" to 5 decimals. */
export interface GeocodeCacheTable {
  key: string;
  address: string;
  created_at: number;
}

/** A guest snapshot whose stored copies must still go (db/migrations/0008-snapshot-removals.ts). */
export interface SnapshotRemovalsTable {
  token: string;
  created_at: number;
}

/** The Stripe customer of a team (db/migrations/0006-billing.ts, keyed by team since 0018). */
export interface BillingCustomersTable {
  team_id: string;
  customer_id: string;
  open_checkout_session_id: string | null;
  created_at: number;
}

/** The subscription that decides a team's plan (db/migrations/0006-billing.ts, 0018); times in epoch ms. */
export interface SubscriptionsTable {
  team_id: string;
  source: 'stripe' | 'operator';
  stripe_subscription_id: string | null;
  stripe_customer_id: string | null;
  price_id: string | null;
  plan: 'free' | 'gold' | 'premium';
  payment_interval: 'monthly' | 'yearly' | null;
  price_cents: number;
  status: string;
  current_period_end: number | null;
  cancel_at_period_end: number;
  next_plan: 'gold' | 'premium' | null;
  next_interval: 'monthly' | 'yearly' | null;
  pending_plan: 'gold' | 'premium' | null;
  pending_interval: 'monthly' | 'yearly' | null;
  pending_expires_at: number | null;
  updated_at: number;
}

/** A team's Stripe Connect account for selling extras (db/migrations/0011-payout-accounts.ts, 0018); flags 0/1. */
export interface PayoutAccountsTable {
  team_id: string;
  stripe_account_id: string | null;
  currency: string;
  charges_enabled: number;
  details_submitted: number;
  payouts_enabled: number;
  disabled_reason: string | null;
  updated_at: number;
}

export interface StripeEventsTable {
  id: string;
  type: string;
  received_at: number;
}

/** A booking of a guidebook with its own guest link (db/migrations/0009-stays.ts). */
export interface StaysTable {
  id: string;
  instruction_id: string;
  /** Who added it by hand; for a calendar's stay, who saved the feed. */
  user_id: string;
  team_id: string;
  token: string;
  guest_name: string;
  guest_email: string;
  language: string;
  check_in: number;
  check_out: number;
  calendar_uid: string | null;
  first_revealed_at: number | null;
  last_revealed_at: number | null;
  reveal_count: number;
  created_at: number;
  updated_at: number;
  /** Where a paid or approved late check-out moved the check-out to (db/migrations/0012-orders.ts). */
  late_checkout_until: number | null;
  /** Where a paid or approved early check-in moved the check-in to. */
  early_checkin_from: number | null;
  /** When the guest first and last opened the stay's link, and how often (db/migrations/0013-guest-views.ts). */
  first_opened_at: number | null;
  last_opened_at: number | null;
  open_count: number;
  /** When the reminder before arrival was queued for the guest (db/migrations/0015-arrival-reminders.ts). */
  reminder_sent_at: number | null;
  /** When the host added or moved it over another stay on purpose (db/migrations/0016-stays-and-orders-meet.ts). */
  overlap_accepted_at: number | null;
  /** Where it was booked, and whether the host chose that (db/migrations/0019-stay-channels.ts). */
  channel: Channel;
  channel_set_by_host: number;
  /** The booking system's reservation it came from, and that system's change time last applied (db/migrations/0022-pms-connectors.ts). */
  pms_integration_id: string | null;
  pms_reservation_id: string | null;
  pms_modified_at: number | null;
  /** From the booking system only; the host's dialog does not ask for it. */
  guest_phone: string;
  guest_count: number | null;
  /** 1 once the host chose the language: a booking system's next read keeps that choice. */
  language_set_by_host: number;
  /** The host's note on the stay, never shown to the guest. */
  host_note: string;
  /** When the stay link went to the guest by itself; when its guest's details were erased. */
  link_mailed_at: number | null;
  guest_data_erased_at: number | null;
}

/**
 * A team's connection to one booking system (db/migrations/0022-pms-connectors.ts,
 * docs/decisions/029-pms-connectors.md §4): its credentials and access token sealed
 * (platform/secret-box.ts), never in clear.
 */
export interface PmsIntegrationsTable {
  id: string;
  team_id: string;
  system: PmsSystem;
  /** The system's name for the account (Smoobu's user id): what the screen shows of it. */
  account_ref: string;
  credentials_key_id: string;
  credentials_iv: string;
  credentials_ct: string;
  access_key_id: string | null;
  access_iv: string | null;
  access_ct: string | null;
  access_expires_at: number | null;
  hook_id: string;
  remote_hook_id: string | null;
  state: 'active' | 'reconnect';
  changed_through: number | null;
  full_pass_at: number | null;
  last_attempt_at: number | null;
  last_success_at: number | null;
  last_error: string | null;
  last_hook_at: number | null;
  backoff_until: number | null;
  connected_by: string | null;
  created_at: number;
  updated_at: number;
}

/** A property of a booking system and what it is mapped to: a guidebook, "not in Porchlight" (`skipped`), or neither yet. */
export interface PmsUnitsTable {
  id: string;
  integration_id: string;
  team_id: string;
  external_id: string;
  name: string;
  instruction_id: string | null;
  skipped: number;
  seen_at: number;
  created_at: number;
  updated_at: number;
}

/** A webhook's hint: which reservations to read again (ids only, never a body). */
export interface PmsHookInboxTable {
  id: Generated<number>;
  integration_id: string;
  dedupe_key: string;
  reservation_ids: string;
  received_at: number;
  processed_at: number | null;
  attempts: Generated<number>;
  next_attempt_at: number;
}

/** A calendar booking the booking system cancelled: the feed makes no stay for it until `until`. */
export interface CalendarTombstonesTable {
  instruction_id: string;
  calendar_uid: string;
  until: number;
}

/** Sections guests read per guidebook and UTC day (db/migrations/0013-guest-views.ts). */
export interface GuestReadsTable {
  instruction_id: string;
  section: string;
  day: string;
  reads: number;
}

/** Sections a stay's guest read: when first, how often. */
export interface StayReadsTable {
  stay_id: string;
  section: string;
  first_read_at: number;
  reads: number;
}

/** Guest page opens per guidebook, page language and UTC day (db/migrations/0013-guest-views.ts). */
export interface GuestViewsTable {
  instruction_id: string;
  language: string;
  /** 'YYYY-MM-DD', UTC. */
  day: string;
  views: number;
}

/** A guest's "Was this guidebook helpful?" (db/migrations/0014-guest-feedback.ts). */
export interface GuestFeedbackTable {
  id: string;
  /** The team's owner when it was sent (a guest writes it). */
  user_id: string;
  team_id: string;
  instruction_id: string;
  stay_id: string | null;
  /** 1 for yes, 0 for no. */
  helpful: number;
  comment: string;
  language: string;
  created_at: number;
  /** When the host's daily feedback mail listed it; null until then. */
  digested_at: number | null;
  /** SHA-256 of the token that lets the guest who sent it add a comment for a while; null once listed or never. */
  edit_token_hash: string | null;
}

/** An order of an extra (db/migrations/0012-orders.ts, docs/decisions/020-extras-and-the-money-flow.md). */
export interface OrdersTable {
  id: string;
  /** The team's owner when it was made (a guest makes orders). */
  user_id: string;
  team_id: string;
  instruction_id: string;
  stay_id: string | null;
  extra_id: number;
  kind: 'late-checkout' | 'early-checkin' | 'item';
  title: string;
  amount: number;
  currency: string;
  quantity: number;
  approval: 'instant' | 'host';
  status: 'requested' | 'awaiting_payment' | 'paid' | 'approved' | 'declined' | 'refunded' | 'cancelled';
  guest_name: string;
  guest_email: string;
  guest_note: string;
  moves_to: number | null;
  decision_token_hash: string | null;
  checkout_session_id: string | null;
  payment_intent_id: string | null;
  created_at: number;
  updated_at: number;
  decided_at: number | null;
  /** A change of its stay the order has yet to follow (db/migrations/0016-stays-and-orders-meet.ts). */
  follow_up: 'moved' | 'gone' | null;
  /** The guest's language for the mails about it ('' = the guidebook's). */
  language: string;
  /** When its stay was deleted or cancelled (stay_id is then null); null otherwise. */
  stay_removed_at: number | null;
}

/** A public-link order waiting for its guest to confirm it from the mail (db/migrations/0016-stays-and-orders-meet.ts). */
export interface OrderConfirmationsTable {
  id: string;
  token_hash: string;
  user_id: string;
  team_id: string;
  instruction_id: string;
  extra_id: number;
  quantity: number;
  guest_name: string;
  guest_email: string;
  guest_note: string;
  language: string;
  created_at: number;
  expires_at: number;
  order_id: string | null;
  confirmed_at: number | null;
}

/** One decision at a time per record (src/lib/server/platform/db/record-lock.ts). */
export interface RecordLocksTable {
  key: string;
  holder: string;
  expires_at: number;
}

/** A guidebook's calendar feed and how its last sync went. */
export interface InstructionCalendarsTable {
  instruction_id: string;
  /** Who saved the feed. */
  user_id: string;
  team_id: string;
  url: string;
  last_attempt_at: number | null;
  last_success_at: number | null;
  last_error: string | null;
  next_sync_at: number;
  created_at: number;
  updated_at: number;
}

export interface MigrationsTable {
  name: string;
  applied_at: number;
}

/** A team's start of a Seam Connect Webview (docs/decisions/030-smart-locks.md §3): the only way an account becomes a team's. */
export interface LockConnectAttemptsTable {
  id: string;
  team_id: string;
  user_id: string | null;
  seam_connect_webview_id: string | null;
  created_at: number;
  expires_at: number;
  completed_at: number | null;
  outcome: 'connected' | 'failed' | null;
}

/** A lock account (August, Yale, Nuki …) a team connected through Seam (§3, §4). */
export interface LockAccountsTable {
  id: string;
  team_id: string;
  seam_connected_account_id: string;
  provider: string;
  provider_label: string;
  state: Generated<'connected' | 'disconnected'>;
  /** Seam's error codes, comma-separated; never a message. */
  error_codes: Generated<string>;
  disconnected_at: number | null;
  disconnect_mailed_at: number | null;
  /** When the daily pass first saw the team's plan without smart locks (0028); null while it has them. */
  lapsed_at: number | null;
  /** When the team was mailed that this account is about to be disconnected for its plan (0028). */
  lapse_mailed_at: number | null;
  connected_by: string | null;
  created_at: number;
  updated_at: number;
}

/** A lock of a connected account, with what Seam reports of it (§3, §4). */
export interface LockDevicesTable {
  id: string;
  team_id: string;
  account_id: string;
  seam_device_id: string;
  name: string;
  model: Generated<string>;
  online_codes: Generated<0 | 1>;
  offline_codes: Generated<0 | 1>;
  backup_pool: Generated<0 | 1>;
  scheduling: Generated<'unknown' | 'native' | 'just_in_time'>;
  online: Generated<0 | 1>;
  offline_since: number | null;
  offline_mailed_at: number | null;
  gone_at: number | null;
  error_codes: Generated<string>;
  warning_codes: Generated<string>;
  seen_at: number;
  created_at: number;
  updated_at: number;
}

/** One lock per guidebook (§3). */
export interface LockAssignmentsTable {
  instruction_id: string;
  device_id: string;
  team_id: string;
  assigned_by: string | null;
  assigned_at: number;
}

export type LockCodeState = 'due' | 'sent' | 'confirmed' | 'trouble' | 'backup' | 'manual' | 'failed' | 'removing' | 'removed' | 'left';

/** A stay's door code and its desired state (§4, §5); written from slice 2 on. */
export interface LockCodesTable {
  id: string;
  team_id: string;
  stay_id: string | null;
  instruction_id: string | null;
  device_id: string | null;
  kind: Generated<'online' | 'offline'>;
  wanted: Generated<0 | 1>;
  want_from: number | null;
  want_until: number | null;
  create_after: number | null;
  revision: Generated<number>;
  done_revision: Generated<number>;
  due_at: number | null;
  state: LockCodeState;
  seam_access_code_id: string | null;
  generation: Generated<number>;
  seam_status: string | null;
  seam_starts_at: number | null;
  seam_ends_at: number | null;
  scheduled_on_device: Generated<0 | 1>;
  appearance_name: string | null;
  error_codes: Generated<string>;
  warning_codes: Generated<string>;
  confirmed_from: number | null;
  confirmed_until: number | null;
  backup_seam_access_code_id: string | null;
  code_key_id: string | null;
  code_iv: string | null;
  code_ct: string | null;
  deadline_at: number | null;
  attempts: Generated<number>;
  recreations: Generated<number>;
  last_attempt_at: number | null;
  last_error: string | null;
  host_off: Generated<0 | 1>;
  fallback_mailed_at: number | null;
  failed_mailed_at: number | null;
  outside_mailed_at: number | null;
  created_at: number;
  updated_at: number;
}

/** A Seam webhook hint by subject id only: no body, which may hold a code (§10). */
export interface LockWebhookInboxTable {
  id: Generated<number>;
  svix_id: string;
  event_type: string;
  subject: 'access_code' | 'device' | 'connected_account' | 'connect_webview';
  subject_id: string;
  received_at: number;
  processed_at: number | null;
  attempts: Generated<number>;
  next_attempt_at: number;
}

/** An account to delete at Seam after its rows went (§3). */
export interface LockAccountRemovalsTable {
  seam_connected_account_id: string;
  attempts: Generated<number>;
  next_attempt_at: number;
}

/** Answered guest questions per guidebook, day, language, section and kind (db/migrations/0024-guest-questions.ts). */
export interface GuestQuestionCountsTable {
  team_id: string;
  guidebook_id: string;
  /** 'YYYY-MM-DD', UTC; 'YYYY-MM' once summed into its month. */
  day: string;
  language: string;
  /** One of ASK_SECTIONS (src/lib/shared/insights.ts). */
  section: string;
  kind: 'passages' | 'model' | 'secret';
  count: number;
}

/** A guest question the guidebook could not answer, masked, kept 90 days (db/migrations/0024-guest-questions.ts). */
export interface GuestQuestionsTable {
  id: string;
  team_id: string;
  guidebook_id: string;
  language: string;
  question: string;
  /** 'YYYY-MM-DD', UTC. */
  day: string;
  suggested_section: string | null;
  created_at: number;
}

/** A team's model answers in a UTC month, 'YYYY-MM' (docs/decisions/031-guest-assistant.md §12). */
export interface AssistantUsageTable {
  team_id: string;
  month: string;
  answers: number;
}

export interface Database {
  users: UsersTable;
  teams: TeamsTable;
  memberships: MembershipsTable;
  member_guidebooks: MemberGuidebooksTable;
  team_invitations: TeamInvitationsTable;
  invitation_guidebooks: InvitationGuidebooksTable;
  team_activity: TeamActivityTable;
  team_settings: TeamSettingsTable;
  instructions: InstructionsTable;
  contact_messages: ContactMessagesTable;
  outbox: OutboxTable;
  rate_limits: RateLimitsTable;
  sessions: SessionsTable;
  user_tokens: UserTokensTable;
  known_devices: KnownDevicesTable;
  uploads: UploadsTable;
  geocode_cache: GeocodeCacheTable;
  billing_customers: BillingCustomersTable;
  subscriptions: SubscriptionsTable;
  stripe_events: StripeEventsTable;
  payout_accounts: PayoutAccountsTable;
  snapshot_removals: SnapshotRemovalsTable;
  stays: StaysTable;
  guest_views: GuestViewsTable;
  guest_reads: GuestReadsTable;
  stay_reads: StayReadsTable;
  guest_feedback: GuestFeedbackTable;
  orders: OrdersTable;
  order_confirmations: OrderConfirmationsTable;
  record_locks: RecordLocksTable;
  instruction_calendars: InstructionCalendarsTable;
  instruction_revisions: InstructionRevisionsTable;
  pms_integrations: PmsIntegrationsTable;
  pms_units: PmsUnitsTable;
  pms_hook_inbox: PmsHookInboxTable;
  calendar_tombstones: CalendarTombstonesTable;
  lock_connect_attempts: LockConnectAttemptsTable;
  lock_accounts: LockAccountsTable;
  lock_devices: LockDevicesTable;
  lock_assignments: LockAssignmentsTable;
  lock_codes: LockCodesTable;
  lock_webhook_inbox: LockWebhookInboxTable;
  lock_account_removals: LockAccountRemovalsTable;
  guest_question_counts: GuestQuestionCountsTable;
  guest_questions: GuestQuestionsTable;
  assistant_usage: AssistantUsageTable;
  _migrations: MigrationsTable;
}
