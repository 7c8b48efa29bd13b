import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { messages } from '@shared/messages.ts';
import { DEFAULT_STAY_TIMES, type StayTimes } from '@shared/time-zone.ts';
import type { Logger } from '../platform/logger.ts';
import { processSingleton } from '../platform/process-singleton.ts';
import { readFeedText, type CalendarImport, type FeedReading } from './select-bookings.ts';

/**
 * Reads a fetched feed in a worker thread with its own small heap and a deadline
 * (docs/decisions/014-calendar-feeds.md; docs/security.md 34), so that no feed can block the thread
 * that answers guests, or take the process's memory with it. A feed that outruns the budget is a
 * failure for its host, like a feed that cannot be reached.
 */
export const CALENDAR_READ_LIMITS = {
  /** CPU time of the worker's thread (a 2 MB feed of 17,500 bookings takes about 0.55 s, start included). */
  cpuMs: 1000,
  /** Wall clock, whatever the CPU time: a worker starved by a busy machine does not keep its turn for ever. */
  wallMs: 10_000,
  /** The worker's V8 old generation (a 2 MB feed of 17,500 bookings peaks at about 46 MB). */
  heapMb: 64,
  /** Readings at once in the process, each with its own heap; the others wait their turn. */
  atOnce: 2,
} as const;

export type CalendarRead = { ok: true; calendar: CalendarImport } | { ok: false; error: string; cause: string };

const WORKER_FILE = path.join('boot', 'calendar-worker.mjs');
const CPU_CHECK_MS = 50;

/** Feeds being read in workers, a few at a time for both bundles (process-singleton.ts). */
const calendarReads = processSingleton('calendar-reads', () => ({ running: 0, waiting: [] as Array<() => void>, workers: new Set<Worker>() }));

let workerPath: string | null | undefined;
let warnedInProcess = false;

/**
 * `<dist>/boot/calendar-worker.mjs`, found by walking up from this module as build-id.ts finds
 * `<dist>`: it runs from `<dist>/server/chunks/*.mjs` and from `<dist>/boot/boot.mjs`. Null under
 * `astro dev`, where the sources run unbundled.
 */
function locateWorker(): string | null {
  if (workerPath !== undefined) return workerPath;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 4; depth += 1) {
    const file = path.join(dir, WORKER_FILE);
    if (fs.existsSync(file)) return (workerPath = file);
    dir = path.dirname(dir);
  }
  return (workerPath = null);
}

function readOf(reading: FeedReading): CalendarRead {
  if (reading.ok) return reading;
  if (reading.refusal === 'too-frequent') return { ok: false, error: messages.stays.calendarTooFrequent, cause: `refused: ${reading.cause}` };
  return { ok: false, error: messages.stays.calendarNotIcal, cause: reading.cause };
}

const tooSlow = (cause: string): CalendarRead => ({ ok: false, error: messages.stays.calendarTooSlow, cause });
const unreadable = (cause: string): CalendarRead => ({ ok: false, error: messages.stays.calendarUnreadable, cause });

/** Waits for one of the process's CALENDAR_READ_LIMITS.atOnce places; call the answer to give it back. */
async function takeTurn(): Promise<() => void> {
  const reads = calendarReads;
  if (reads.running < CALENDAR_READ_LIMITS.atOnce) reads.running += 1;
  // The place is handed over by the reading that ends (`running` stays as it is).
  else await new Promise<void>((resolve) => reads.waiting.push(resolve));
  let given = false;
  return () => {
    if (given) return;
    given = true;
    const next = reads.waiting.shift();
    if (next) next();
    else reads.running -= 1;
  };
}

function readInWorker(file: string, input: { feed: string; timeZone: string; now: number; allDay: StayTimes }): Promise<CalendarRead> {
  const limits = CALENDAR_READ_LIMITS;
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(file, { workerData: input, resourceLimits: { maxOldGenerationSizeMb: limits.heapMb } });
    } catch (error) {
      resolve(unreadable(`worker did not start: ${String(error)}`));
      return;
    }
    const workers = calendarReads.workers;
    workers.add(worker);
    // Never what keeps the process alive: at shutdown it goes with it (and stopCalendarReads ends it first).
    worker.unref();
    let settled = false;
    const finish = (read: CalendarRead) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      clearInterval(cpuCheck);
      workers.delete(worker);
      void worker.terminate().catch(() => undefined);
      resolve(read);
    };
    const deadline = setTimeout(() => finish(tooSlow(`no answer in ${limits.wallMs} ms`)), limits.wallMs);
    deadline.unref();
    const cpuCheck = setInterval(() => {
      worker.cpuUsage().then(
        ({ user, system }) => {
          if ((user + system) / 1000 > limits.cpuMs) finish(tooSlow(`more than ${limits.cpuMs} ms of CPU`));
        },
        // Not running yet, or already gone: its other events say what happened.
        () => undefined,
      );
    }, CPU_CHECK_MS);
    cpuCheck.unref();
    worker.on('message', (reading: FeedReading) => finish(readOf(reading)));
    worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') finish({ ok: false, error: messages.stays.calendarTooComplex, cause: `over the worker's ${limits.heapMb} MB heap` });
      else finish(unreadable(`worker failed: ${error.message}`));
    });
    worker.on('exit', (code) => finish(unreadable(`worker exited (${code}) without an answer`)));
  });
}

/**
 * Reads `feed` (bookings in `timeZone` at `now`, all-day ones at the `allDay` times) in the calendar
 * worker, a few at a time; never throws: a refused, slow, too large or crashed reading is a failure
 * with the host's message.
 */
export async function readCalendar(feed: string, timeZone: string, { now, log, allDay = DEFAULT_STAY_TIMES }: { now: number; log: Logger; allDay?: StayTimes }): Promise<CalendarRead> {
  const file = locateWorker();
  if (!file) {
    if (!warnedInProcess) {
      warnedInProcess = true;
      log.warn('calendar: no worker bundle (astro dev?), feeds are read on the main thread without a time or memory limit');
    }
    try {
      return readOf(readFeedText(feed, timeZone, now, allDay));
    } catch (error) {
      return unreadable(String(error));
    }
  }
  const giveBack = await takeTurn();
  try {
    return await readInWorker(file, { feed, timeZone, now, allDay });
  } finally {
    giveBack();
  }
}

/** Ends the readings under way (at shutdown, after the sync has stopped); their callers get a failure. */
export async function stopCalendarReads(): Promise<void> {
  await Promise.all([...calendarReads.workers].map((worker) => worker.terminate().catch(() => undefined)));
}
