/**
 * Limits of a stay that server-only code needs without the schemas around them: the calendar
 * worker (src/lib/server/stays/calendar-worker.ts) imports this, not schemas/stay.ts, so it starts
 * without zod (about 130 ms of its one-second budget, docs/decisions/014-calendar-feeds.md).
 */

/** A stay longer than a year is a typing mistake. */
export const MAX_STAY_DAYS = 366;

/**
 * Stays a host may add by hand to one guidebook that have not ended yet: more than any property
 * takes in years, and a bound on what one account can make us store (a calendar adds its own, at
 * most 500 from the feed: docs/decisions/014-calendar-feeds.md).
 */
export const MAX_STAYS_AHEAD = 1000;
