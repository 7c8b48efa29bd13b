import { forBoth } from './dialects.ts';

// Stays (docs/decisions/013): one booking of a guidebook, with its own guest link (/stay/:token)
// and the window in which a gated door code and Wi-Fi password are shown on it; and the guidebook's
// calendar feed (an iCal URL from Airbnb, Booking.com, Vrbo) that creates and moves stays.
// Check-in and check-out are instants (epoch ms), entered in the guidebook's time zone.
export const { up, upPostgres } = forBoth(
  (d) => /* sql */ `
CREATE TABLE stays (
  id TEXT PRIMARY KEY,
  instruction_id TEXT NOT NULL REFERENCES instructions(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  token TEXT NOT NULL UNIQUE,
  guest_name TEXT NOT NULL DEFAULT '',
  guest_email TEXT NOT NULL DEFAULT '',
  language TEXT NOT NULL DEFAULT '',
  check_in ${d.bigint} NOT NULL,
  check_out ${d.bigint} NOT NULL,
  -- The UID of the calendar event this stay came from; NULL for a stay the host made.
  calendar_uid TEXT,
  first_revealed_at ${d.bigint},
  last_revealed_at ${d.bigint},
  reveal_count INTEGER NOT NULL DEFAULT 0,
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL
)${d.strict};
CREATE INDEX stays_instruction ON stays(instruction_id, check_in);
CREATE UNIQUE INDEX stays_calendar_uid ON stays(instruction_id, calendar_uid) WHERE calendar_uid IS NOT NULL;

CREATE TABLE instruction_calendars (
  instruction_id TEXT PRIMARY KEY REFERENCES instructions(id) ON DELETE CASCADE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  url TEXT NOT NULL,
  last_attempt_at ${d.bigint},
  last_success_at ${d.bigint},
  last_error TEXT,
  next_sync_at ${d.bigint} NOT NULL,
  created_at ${d.bigint} NOT NULL,
  updated_at ${d.bigint} NOT NULL
)${d.strict};
CREATE INDEX instruction_calendars_due ON instruction_calendars(next_sync_at);
`,
);
