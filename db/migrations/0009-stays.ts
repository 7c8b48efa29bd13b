// Stays (issue 14): one booking of a guidebook, with its own guest link (/stay/:token) and the
// window in which a gated door code and Wi-Fi password are shown on it; and the guidebook's
// calendar feed (an iCal URL from Airbnb, Booking.com, Vrbo) that creates and moves stays.
// Check-in and check-out are instants (epoch ms), entered in the guidebook's time zone.
export const up = /* sql */ `
CREATE TABLE stays (
  id TEXT PRIMARY KEY,
  instruction_id TEXT NOT NULL REFERENCES instructions(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token TEXT NOT NULL UNIQUE,
  guest_name TEXT NOT NULL DEFAULT '',
  guest_email TEXT NOT NULL DEFAULT '',
  language TEXT NOT NULL DEFAULT '',
  check_in INTEGER NOT NULL,
  check_out INTEGER NOT NULL,
  -- The UID of the calendar event this stay came from; NULL for a stay the host made.
  calendar_uid TEXT,
  first_revealed_at INTEGER,
  last_revealed_at INTEGER,
  reveal_count INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX stays_instruction ON stays(instruction_id, check_in);
CREATE UNIQUE INDEX stays_calendar_uid ON stays(instruction_id, calendar_uid) WHERE calendar_uid IS NOT NULL;

CREATE TABLE instruction_calendars (
  instruction_id TEXT PRIMARY KEY REFERENCES instructions(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  last_attempt_at INTEGER,
  last_success_at INTEGER,
  last_error TEXT,
  next_sync_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
) STRICT;
CREATE INDEX instruction_calendars_due ON instruction_calendars(next_sync_at);
`;

export const upPostgres = /* sql */ `
CREATE TABLE stays (
  id TEXT PRIMARY KEY,
  instruction_id TEXT NOT NULL REFERENCES instructions(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token TEXT NOT NULL UNIQUE,
  guest_name TEXT NOT NULL DEFAULT '',
  guest_email TEXT NOT NULL DEFAULT '',
  language TEXT NOT NULL DEFAULT '',
  check_in BIGINT NOT NULL,
  check_out BIGINT NOT NULL,
  calendar_uid TEXT,
  first_revealed_at BIGINT,
  last_revealed_at BIGINT,
  reveal_count INTEGER NOT NULL DEFAULT 0,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX stays_instruction ON stays(instruction_id, check_in);
CREATE UNIQUE INDEX stays_calendar_uid ON stays(instruction_id, calendar_uid) WHERE calendar_uid IS NOT NULL;

CREATE TABLE instruction_calendars (
  instruction_id TEXT PRIMARY KEY REFERENCES instructions(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  last_attempt_at BIGINT,
  last_success_at BIGINT,
  last_error TEXT,
  next_sync_at BIGINT NOT NULL,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL
);
CREATE INDEX instruction_calendars_due ON instruction_calendars(next_sync_at);
`;
