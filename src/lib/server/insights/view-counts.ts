import type { IncomingHttpHeaders } from 'node:http';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '@db/schema.ts';
import type { GuestSection } from '@shared/insights.ts';
import type { Logger } from '../platform/logger.ts';
import { processSingleton } from '../platform/process-singleton.ts';
import { startFlushTurns, type FlushTurns } from '../platform/recurring-turns.ts';

/**
 * How often guests open a guidebook (docs/decisions/023-guest-view-counts.md). The guest page's
 * fast path answers from memory with no database query, so it only adds one to a number here;
 * every few seconds (and when the server stops) the numbers go to the database in one
 * transaction, added to what is there, so several servers' counts add up. Nothing about the guest
 * is kept: no address, no user agent, no cookie.
 */

/** Counts wait at most this long in memory; a crash loses at most these seconds of opens. */
export const VIEW_FLUSH_MS = 5_000;

/** A stay's opens since the last flush. */
interface StayOpens {
  instructionId: string;
  count: number;
  first: number;
  last: number;
}

/** Section reads since the last flush, of one link (a guidebook's or a stay's token), section and day. */
interface Reads {
  count: number;
  first: number;
}

interface Pending {
  /** `token \n language \n day` → opens: the fast path knows the link's token, not the guidebook's id. */
  byToken: Map<string, number>;
  /** `instructionId \n language \n day` → opens (stay links, rendered with their guidebook at hand). */
  byInstruction: Map<string, number>;
  stays: Map<string, StayOpens>;
  /** `token \n section \n day` → reads; the token is a guidebook's or a stay's, told apart at the flush. */
  reads: Map<string, Reads>;
}

const state = processSingleton('guest-view-counts', () => ({
  pending: emptyPending(),
  /** The current UTC day and when it ends, so a count does not format a date. */
  day: '',
  dayEnds: 0,
}));

function emptyPending(): Pending {
  return { byToken: new Map(), byInstruction: new Map(), stays: new Map(), reads: new Map() };
}

/**
 * Crawlers, link previewers (a link pasted in WhatsApp or Slack is fetched for its card) and
 * tools: they open the page but are not guests. Matched on the user agent, which is never stored.
 */
const NOT_A_GUEST =
  /bot\b|bot\/|crawler|spider|slurp|preview|facebookexternalhit|facebookcatalog|whatsapp|telegram|slack|discord|skype|embedly|pinterest|vkshare|quora link|outbrain|iframely|lighthouse|curl\/|wget\/|python-|go-http-client|okhttp|axios\//i;

/**
 * Whether a request to a guest page is a guest opening it: a GET (not HEAD), not a prefetch
 * (`Sec-Purpose`/`Purpose: prefetch`, also what the page's service worker sends when it saves the
 * page for offline use), from something that names itself and is not a known robot.
 */
export function isGuestOpen(method: string | undefined, headers: IncomingHttpHeaders | Headers): boolean {
  if (method !== 'GET') return false;
  const get = (name: string): string | undefined => (headers instanceof Headers ? (headers.get(name) ?? undefined) : (headers[name] as string | undefined));
  const purpose = get('sec-purpose') ?? get('purpose') ?? get('x-moz');
  if (purpose !== undefined && /prefetch|prerender/i.test(purpose)) return false;
  const agent = get('user-agent');
  return agent !== undefined && agent !== '' && !NOT_A_GUEST.test(agent);
}

/** One open of the page of `token` in `language` (the fast path and the rendered guest page). */
export function countPageOpen(token: string, language: string, now = Date.now()): void {
  add(state.pending.byToken, `${token}\n${language}\n${dayOf(now)}`, 1);
}

/** One open of a stay's link: the guidebook's day count and the stay's own. */
export function countStayOpen(stayId: string, instructionId: string, language: string, now = Date.now()): void {
  add(state.pending.byInstruction, `${instructionId}\n${language}\n${dayOf(now)}`, 1);
  const opens = state.pending.stays.get(stayId);
  if (opens) {
    opens.count += 1;
    opens.last = now;
  } else state.pending.stays.set(stayId, { instructionId, count: 1, first: now, last: now });
}

/**
 * Keys held at most between two flushes: made-up tokens (each read is answered 204 without a
 * lookup) cannot grow memory past this; reads of new keys beyond it wait for the next flush.
 */
const MAX_PENDING_READS = 20_000;

/** One read of `section` on the page of `token` (a guidebook's or a stay's link). */
export function countSectionRead(token: string, section: GuestSection, now = Date.now()): void {
  const key = `${token}\n${section}\n${dayOf(now)}`;
  const reads = state.pending.reads.get(key);
  if (reads) reads.count += 1;
  else if (state.pending.reads.size < MAX_PENDING_READS) state.pending.reads.set(key, { count: 1, first: now });
}

function add(counts: Map<string, number>, key: string, by: number): void {
  counts.set(key, (counts.get(key) ?? 0) + by);
}

function dayOf(now: number): string {
  if (now >= state.dayEnds || now < state.dayEnds - 86_400_000) {
    const date = new Date(now);
    state.day = date.toISOString().slice(0, 10);
    state.dayEnds = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1);
  }
  return state.day;
}

/** Rows per statement: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += CHUNK) out.push(items.slice(i, i + CHUNK));
  return out;
}

/**
 * Adds the counts gathered since the last flush to the database, in one transaction, and forgets
 * them. Should the write fail, they are kept for the next flush. Opens of a link that no longer
 * exists (regenerated or deleted since) are dropped. Resolves with the number of opens written.
 */
export async function flushViewCounts(db: Kysely<Database>): Promise<number> {
  const taken = state.pending;
  if (taken.byToken.size === 0 && taken.byInstruction.size === 0 && taken.stays.size === 0 && taken.reads.size === 0) return 0;
  state.pending = emptyPending();
  try {
    return await db.transaction().execute(async (trx) => {
      const tokenOf = (key: string) => key.slice(0, key.indexOf('\n'));
      const tokens = [...new Set([...taken.byToken.keys(), ...taken.reads.keys()].map(tokenOf))];
      const ids = new Map<string, string>();
      for (const part of chunks(tokens)) {
        for (const row of await trx.selectFrom('instructions').select(['id', 'token']).where('token', 'in', part).execute()) ids.set(row.token, row.id);
      }
      const stayTokens = [...new Set([...taken.reads.keys()].map(tokenOf))].filter((token) => !ids.has(token));
      const stays = new Map<string, { id: string; instruction_id: string }>();
      for (const part of chunks(stayTokens)) {
        for (const row of await trx.selectFrom('stays').select(['id', 'token', 'instruction_id']).where('token', 'in', part).execute()) stays.set(row.token, row);
      }
      await writeReads(trx, taken.reads, ids, stays);
      const rows = new Map<string, number>(taken.byInstruction);
      for (const [key, views] of taken.byToken) {
        const cut = key.indexOf('\n');
        const id = ids.get(key.slice(0, cut));
        if (id) add(rows, `${id}${key.slice(cut)}`, views);
      }
      const values = [...rows].map(([key, views]) => {
        const [instruction_id = '', language = '', day = ''] = key.split('\n');
        return { instruction_id, language, day, views };
      });
      for (const part of chunks(values)) {
        await trx
          .insertInto('guest_views')
          .values(part)
          .onConflict((conflict) => conflict.columns(['instruction_id', 'day', 'language']).doUpdateSet({ views: sql`guest_views.views + excluded.views` }))
          .execute();
      }
      for (const [stayId, opens] of taken.stays) {
        await trx
          .updateTable('stays')
          .set({
            open_count: sql`open_count + ${opens.count}`,
            first_opened_at: sql`COALESCE(first_opened_at, ${opens.first})`,
            last_opened_at: sql`CASE WHEN last_opened_at IS NULL OR last_opened_at < ${opens.last} THEN ${opens.last} ELSE last_opened_at END`,
          })
          .where('id', '=', stayId)
          .execute();
      }
      return values.reduce((sum, row) => sum + row.views, 0);
    });
  } catch (error) {
    restore(taken);
    throw error;
  }
}

/** Section reads by guidebook and day, and by stay (first read, how many), from links that exist. */
async function writeReads(trx: Transaction<Database>, pending: Map<string, Reads>, ids: Map<string, string>, stays: Map<string, { id: string; instruction_id: string }>): Promise<void> {
  const byDay = new Map<string, number>();
  const byStay = new Map<string, Reads>();
  for (const [key, reads] of pending) {
    const [token = '', section = '', day = ''] = key.split('\n');
    const stay = stays.get(token);
    const instructionId = ids.get(token) ?? stay?.instruction_id;
    if (!instructionId) continue;
    add(byDay, `${instructionId}\n${section}\n${day}`, reads.count);
    if (!stay) continue;
    const seen = byStay.get(`${stay.id}\n${section}`);
    byStay.set(`${stay.id}\n${section}`, seen ? { count: seen.count + reads.count, first: Math.min(seen.first, reads.first) } : { ...reads });
  }
  const days = [...byDay].map(([key, reads]) => {
    const [instruction_id = '', section = '', day = ''] = key.split('\n');
    return { instruction_id, section, day, reads };
  });
  for (const part of chunks(days)) {
    await trx
      .insertInto('guest_reads')
      .values(part)
      .onConflict((conflict) => conflict.columns(['instruction_id', 'day', 'section']).doUpdateSet({ reads: sql`guest_reads.reads + excluded.reads` }))
      .execute();
  }
  const perStay = [...byStay].map(([key, reads]) => {
    const [stay_id = '', section = ''] = key.split('\n');
    return { stay_id, section, first_read_at: reads.first, reads: reads.count };
  });
  for (const part of chunks(perStay)) {
    await trx
      .insertInto('stay_reads')
      .values(part)
      .onConflict((conflict) => conflict.columns(['stay_id', 'section']).doUpdateSet({ reads: sql`stay_reads.reads + excluded.reads` }))
      .execute();
  }
}

/** Counts a failed flush took, back with those gathered meanwhile. */
function restore(taken: Pending): void {
  const now = state.pending;
  for (const [key, views] of taken.byToken) add(now.byToken, key, views);
  for (const [key, views] of taken.byInstruction) add(now.byInstruction, key, views);
  for (const [stayId, opens] of taken.stays) {
    const later = now.stays.get(stayId);
    if (later) now.stays.set(stayId, { instructionId: opens.instructionId, count: opens.count + later.count, first: opens.first, last: later.last });
    else now.stays.set(stayId, opens);
  }
  for (const [key, reads] of taken.reads) {
    const later = now.reads.get(key);
    now.reads.set(key, later ? { count: reads.count + later.count, first: reads.first } : reads);
  }
}

/** Every server flushes its own counts every VIEW_FLUSH_MS, and once more when it stops. */
export function startViewCounting({ db, log }: { db: Kysely<Database>; log: Logger }): FlushTurns {
  return startFlushTurns(VIEW_FLUSH_MS, () =>
    flushViewCounts(db).catch((error: unknown) => {
      log.warn({ err: error }, 'views: could not write the guest page counts, kept for the next try');
      return 0;
    }),
  );
}
