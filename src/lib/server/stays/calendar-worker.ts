import { parentPort, workerData } from 'node:worker_threads';
import type { StayTimes } from '@shared/time-zone.ts';
import { readFeedText } from './select-bookings.ts';

/**
 * Entry of the calendar worker (bundled to `<dist>/boot/calendar-worker.mjs` by
 * scripts/build-boot.mjs; started by read-calendar.ts): reads one feed and posts what it comes to.
 * The worker's own heap and deadline bound what a hostile feed can cost (docs/decisions/014-calendar-feeds.md).
 */
const { feed, timeZone, now, allDay } = workerData as { feed: string; timeZone: string; now: number; allDay: StayTimes };
parentPort?.postMessage(readFeedText(feed, timeZone, now, allDay));
