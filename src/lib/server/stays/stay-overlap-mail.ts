import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { teamContact } from '../account/team-contact.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import type { Logger } from '../platform/logger.ts';
import type { MailMessage } from '../platform/mail/mailer.ts';
import { getRuntime } from '../platform/runtime.ts';
import { overlapLabel, overlapsOf } from './stay-overlaps.ts';

/**
 * The host's mail about stays a calendar feed or a booking system brought over others
 * (docs/product/stays.md; docs/decisions/029-pms-connectors.md §6, §8): both keep the stays as
 * they say, with their links, and the Stays view flags them; this tells the host once, after the
 * commit that made or moved them. Both syncs call it (stays/sync-calendar.ts, pms/).
 */
export interface OverlapCheck {
  instructionId: string;
  /** The stays made or moved, whose overlaps are looked for. */
  touched: string[];
}

/** Who brought the stays, in the mail's first sentence: the calendar, or a booking system by its label ("Smoobu"). */
export type OverlapSource = 'calendar' | { system: string };

export async function mailOverlaps({ db, log }: { db: Kysely<Database>; log: Logger }, after: OverlapCheck, source: OverlapSource): Promise<void> {
  if (after.touched.length === 0) return;
  const touched = await db.selectFrom('stays').selectAll().where('id', 'in', after.touched.slice(0, 500)).execute();
  const found = await overlapsOf(db, after.instructionId, touched);
  const pairs = new Map<string, [string, string]>();
  for (const stay of touched) for (const other of found.get(stay.id) ?? []) pairs.set([stay.id, other._id].sort().join(' '), [stay.id, other._id]);
  if (pairs.size === 0) return;
  const guidebook = await db.selectFrom('instructions').select(['data', 'team_id']).where('id', '=', after.instructionId).executeTakeFirst();
  const host = guidebook && (await teamContact(db, guidebook.team_id));
  if (!guidebook || !host) return;
  const ids = [...new Set([...pairs.values()].flat())];
  const rows = new Map((await db.selectFrom('stays').selectAll().where('id', 'in', ids).execute()).map((row) => [row.id, row]));
  const content = parseStoredContent(guidebook.data);
  const lines = [...pairs.values()].flatMap(([a, b]) => (rows.has(a) && rows.has(b) ? [`• ${overlapLabel(rows.get(a)!, content.timeZone)} and ${overlapLabel(rows.get(b)!, content.timeZone)}`] : []));
  const { outbox, config } = await getRuntime();
  await outbox.enqueue(overlapMail({ to: host.email, guidebookName: content.nameInstruction, lines, source, staysUrl: new URL(`/dashboard/stays/${encodeURIComponent(after.instructionId)}`, config.appUrl).href }));
  outbox.kick();
  log.info({ instructionId: after.instructionId, overlapping: pairs.size, source: source === 'calendar' ? 'calendar' : source.system }, 'stays: stays overlap, host told');
}

/** To the host: stays their calendar or booking system brought over others (English, like the dashboard). */
function overlapMail({ to, guidebookName, lines, source, staysUrl }: { to: string; guidebookName: string; lines: string[]; source: OverlapSource; staysUrl: string }): MailMessage {
  const name = guidebookName.replace(/[\s\p{Cc}]+/gu, ' ').trim() || 'your guidebook';
  const from = source === 'calendar' ? 'Your booking calendar' : source.system;
  const says = source === 'calendar' ? 'the calendar says' : `${source.system} says`;
  return {
    to,
    subject: `Overlapping stays: ${name}`.slice(0, 150),
    text: [
      `${from} brought stays of ${name} that overlap:`,
      '',
      ...lines,
      '',
      `Both are kept as ${says}, with their links and door-code windows, and the Stays view flags them. Check the bookings on your booking platform: two guests may arrive at one property.`,
      '',
      `Your stays: ${staysUrl}`,
      '',
      '— Porchlight',
      '',
    ].join('\n'),
  };
}
