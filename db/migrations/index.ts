import * as m0001 from './0001-foundation.ts';
import * as m0002 from './0002-accounts.ts';
import * as m0004 from './0004-uploads.ts';
import * as m0005 from './0005-geocode-cache.ts';
import * as m0006 from './0006-billing.ts';
import * as m0007 from './0007-login-proof.ts';
import * as m0008 from './0008-snapshot-removals.ts';
import * as m0009 from './0009-stays.ts';
import * as m0010 from './0010-revisions-and-trash.ts';
import * as m0011 from './0011-payout-accounts.ts';
import * as m0012 from './0012-orders.ts';
import * as m0013 from './0013-guest-views.ts';
import * as m0014 from './0014-guest-feedback.ts';
import * as m0015 from './0015-arrival-reminders.ts';
import * as m0016 from './0016-stays-and-orders-meet.ts';
import * as m0017 from './0017-feedback-edit-token.ts';
import * as m0018 from './0018-teams.ts';
import * as m0019 from './0019-stay-channels.ts';
import * as m0020 from './0020-team-invitations.ts';
import * as m0021 from './0021-team-activity.ts';
import * as m0022 from './0022-pms-connectors.ts';
import * as m0023 from './0023-smart-locks.ts';
import * as m0024 from './0024-guest-questions.ts';
import * as m0027 from './0027-lock-code-off.ts';
import * as m0028 from './0028-lock-account-lapse.ts';

/** One migration: the same schema change for SQLite (`up`) and PostgreSQL (`upPostgres`), ADR 005. */
export interface Migration {
  name: string;
  up: string;
  upPostgres: string;
}

/** Every migration in order. Listed statically so the server bundle carries them (no fs lookups). */
export const migrations: readonly Migration[] = [
  { name: '0001-foundation', ...m0001 },
  { name: '0002-accounts', ...m0002 },
  { name: '0004-uploads', ...m0004 },
  { name: '0005-geocode-cache', ...m0005 },
  { name: '0006-billing', ...m0006 },
  { name: '0007-login-proof', ...m0007 },
  { name: '0008-snapshot-removals', ...m0008 },
  { name: '0009-stays', ...m0009 },
  { name: '0010-revisions-and-trash', ...m0010 },
  { name: '0011-payout-accounts', ...m0011 },
  { name: '0012-orders', ...m0012 },
  { name: '0013-guest-views', ...m0013 },
  { name: '0014-guest-feedback', ...m0014 },
  { name: '0015-arrival-reminders', ...m0015 },
  { name: '0016-stays-and-orders-meet', ...m0016 },
  { name: '0017-feedback-edit-token', ...m0017 },
  { name: '0018-teams', ...m0018 },
  { name: '0019-stay-channels', ...m0019 },
  { name: '0020-team-invitations', ...m0020 },
  { name: '0021-team-activity', ...m0021 },
  { name: '0022-pms-connectors', ...m0022 },
  { name: '0023-smart-locks', ...m0023 },
  { name: '0024-guest-questions', ...m0024 },
  { name: '0027-lock-code-off', ...m0027 },
  { name: '0028-lock-account-lapse', ...m0028 },
];
