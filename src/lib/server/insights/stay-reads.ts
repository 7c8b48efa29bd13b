import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { GUEST_SECTIONS, type GuestSection } from '@shared/insights.ts';

/** The sections each of `stayIds`' guests read (docs/product/insights.md), in the page's order; one query. */
export async function sectionsReadBy(db: Kysely<Database>, stayIds: readonly string[]): Promise<Map<string, GuestSection[]>> {
  const read = new Map<string, GuestSection[]>();
  if (stayIds.length === 0) return read;
  const rows = await db.selectFrom('stay_reads').select(['stay_id', 'section']).where('stay_id', 'in', stayIds).execute();
  const by = new Map<string, Set<string>>();
  for (const row of rows) by.set(row.stay_id, (by.get(row.stay_id) ?? new Set()).add(row.section));
  for (const [stayId, sections] of by) read.set(stayId, GUEST_SECTIONS.filter((section) => sections.has(section)));
  return read;
}
