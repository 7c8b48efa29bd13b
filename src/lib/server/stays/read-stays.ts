import { sectionsReadBy } from '../insights/stay-reads.ts';
import { messages } from '@shared/messages.ts';
import { staysQuerySchema, type Stay, type StaysPage, type StaysQuery } from '@shared/schemas/stay.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { ordersOfStays } from '../money/orders/stay-orders.ts';
import { overlapsOf } from './stay-overlaps.ts';
import { stayFor } from '../guidebook/for-access.ts';
import { withPmsSystem, withPmsSystems } from './pms-stays.ts';
import { toStay } from './to-stay.ts';
import { type Owned, ownedGuidebook, ownedStay } from './owned-stay.ts';
import { doorCodesOf } from '../locks/stay-code-lines.ts';

/** One stay of the owner's guidebook as the API answers it (404 for another host's or an unknown one). */
export async function getStay(scope: Owned & { stayId: string }): Promise<Stay> {
  const { timeZone } = await ownedGuidebook(scope);
  const { db, config } = await getRuntime();
  const row = await withPmsSystem(db, await ownedStay(scope));
  const [orders, overlaps] = await Promise.all([ordersOfStays(db, [row.id]), overlapsOf(db, scope.id, [row])]);
  return stayFor(scope.access, toStay(row, timeZone, config, Date.now(), orders.get(row.id), [], overlaps.get(row.id)));
}

/** The query of GET /api/instruction/:id/stays (schemas/stay.ts); 400 for anything else. */
export function readStaysQuery(params: URLSearchParams): StaysQuery {
  const parsed = staysQuerySchema.safeParse({ group: params.get('group') ?? undefined, limit: params.get('limit') ?? undefined, cursor: params.get('cursor') ?? undefined });
  if (!parsed.success) throw new AppError('BAD_REQUEST', messages.stays.staysQueryInvalid);
  return parsed.data;
}

/**
 * GET /api/instruction/:id/stays: one page of one group of the guidebook's stays, with each
 * group's count, as the member may read them (guidebook/for-access.ts). Keyset pages on (check_in, id) along the stays_instruction index: a page costs
 * the same however many stays came before, and a stay added meanwhile shifts no page.
 */
export async function listStays(scope: Owned, { group, limit, cursor }: StaysQuery): Promise<Omit<StaysPage, 'calendar' | 'pms'>> {
  const { timeZone } = await ownedGuidebook(scope);
  const { db, config } = await getRuntime();
  const now = Date.now();
  const latestFirst = group === 'past';
  const direction = latestFirst ? 'desc' : 'asc';
  const beyond = latestFirst ? '<' : '>';
  let query = db.selectFrom('stays').selectAll().where('instruction_id', '=', scope.id).where('team_id', '=', scope.access.teamId);
  // The same lines as stayStatus draws ('ended' is past).
  if (group === 'upcoming') query = query.where('check_in', '>', now);
  else if (group === 'current') query = query.where('check_in', '<=', now).where('check_out', '>', now);
  else query = query.where('check_out', '<=', now);
  if (cursor) {
    // "<check_in>.<id>" of the page before's last stay (the schema checked its form).
    const dot = cursor.indexOf('.');
    const checkIn = Number(cursor.slice(0, dot));
    const id = cursor.slice(dot + 1);
    query = query.where((eb) => eb.or([eb('check_in', beyond, checkIn), eb.and([eb('check_in', '=', checkIn), eb('id', beyond, id)])]));
  }
  const rows = await query.orderBy('check_in', direction).orderBy('id', direction).limit(limit + 1).execute();
  const page = await withPmsSystems(db, rows.slice(0, limit));
  const last = page.at(-1);
  const [tally] = await db
    .selectFrom('stays')
    .select((eb) => [
      eb.fn.countAll().as('total'),
      eb.fn.countAll().filterWhere('check_in', '>', now).as('upcoming'),
      eb.fn.countAll().filterWhere('check_out', '<=', now).as('past'),
    ])
    .where('instruction_id', '=', scope.id)
    .where('team_id', '=', scope.access.teamId)
    .execute();
  const [total, upcoming, past] = [Number(tally?.total ?? 0), Number(tally?.upcoming ?? 0), Number(tally?.past ?? 0)];
  const [orders, reads, overlaps, codes] = await Promise.all([ordersOfStays(db, page.map((row) => row.id)), sectionsReadBy(db, page.map((row) => row.id)), overlapsOf(db, scope.id, page), doorCodesOf(db, page.map((row) => row.id), timeZone, now)]);
  return {
    group,
    stays: page.map((row) => stayFor(scope.access, { ...toStay(row, timeZone, config, now, orders.get(row.id), reads.get(row.id), overlaps.get(row.id)), doorCode: codes.get(row.id)?.state ?? null, doorCodeNotes: codes.get(row.id)?.notes ?? [], doorCodeOnDelete: codes.get(row.id)?.onDelete ?? null })),
    next: rows.length > limit && last ? `${last.check_in}.${last.id}` : null,
    counts: { current: total - upcoming - past, upcoming, past },
  };
}
