import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { formatGuestDateTime } from '@shared/guest-dates.ts';
import { teamContactEmail } from '../account/team-contact.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { getRuntime } from '../platform/runtime.ts';
import { changeCodeState, type CodeRow } from './code-transitions.ts';
import { sealCode } from './code-secret.ts';
import type { SeamSettings } from './lock-config.ts';
import { codeDeadlineMail, reasonOf } from './lock-mails.ts';
import { seamCalls } from './seam-client.ts';

/**
 * The deadline and the fallback (docs/decisions/030-smart-locks.md §7): a code not confirmed 2
 * hours before check-in (30 minutes for a lock Seam programs just in time, or one not known yet) is
 * replaced by a backup code pulled from the lock's pool, or gives up; either way the host is
 * mailed at once, in the transaction of the state's change (the compare-and-set is the claim, so
 * the mail goes once).
 */

const MINUTE_MS = 60_000;
/** A stay made after its deadline (a same-day booking) gets its code at once and this long to be confirmed. */
export const LATE_GRACE_MS = 10 * MINUTE_MS;

export function deadlineFor(wantFrom: number, scheduling: 'unknown' | 'native' | 'just_in_time', now: number): number {
  const at = wantFrom - (scheduling === 'native' ? 120 : 30) * MINUTE_MS;
  return at > now ? at : now + LATE_GRACE_MS;
}

/** Whether the deadline has passed on a code still waiting for the lock. */
export function pastDeadline(row: CodeRow, now: number): boolean {
  return (row.state === 'due' || row.state === 'sent' || row.state === 'trouble') && row.deadline_at !== null && row.deadline_at <= now && row.wanted === 1;
}

/** At the deadline, under the code's lease: a backup code, or `failed`; the host's mail. Answers the row as written. */
export async function passDeadline(settings: SeamSettings, row: CodeRow, now: number): Promise<CodeRow | null> {
  const { db, config } = await getRuntime();
  const device = row.device_id === null ? undefined : await db.selectFrom('lock_devices').select(['name', 'backup_pool']).where('id', '=', row.device_id).executeTakeFirst();
  let backup: { id: string; code: string } | null = null;
  if (device?.backup_pool === 1 && row.seam_access_code_id !== null) {
    const pulled = await seamCalls.pullBackup(settings, row.seam_access_code_id).catch(() => null);
    if (pulled?.code) backup = { id: pulled.access_code_id, code: pulled.code };
  }
  const { outbox } = await getRuntime();
  const written = await db.transaction().execute(async (trx) => {
    const changed = backup
      ? await changeCodeState(trx, row, 'fallback', { now, set: { backup_seam_access_code_id: backup.id, ...sealCode(config, row, backup.code), fallback_mailed_at: now } })
      : await changeCodeState(trx, row, 'give-up', { now, set: { failed_mailed_at: now } });
    if (changed) await mailHost(trx, changed, backup ? 'fallback' : 'failed', device?.name ?? 'the lock');
    return changed;
  });
  if (written) outbox.kick();
  return written;
}

async function mailHost(trx: Kysely<Database>, row: CodeRow, kind: 'fallback' | 'failed', lock: string): Promise<void> {
  const { outbox, config } = await getRuntime();
  const stay = row.stay_id === null ? undefined : await trx.selectFrom('stays').select(['guest_name']).where('id', '=', row.stay_id).executeTakeFirst();
  const guidebook = row.instruction_id === null ? undefined : await trx.selectFrom('instructions').select(['id', 'data']).where('id', '=', row.instruction_id).executeTakeFirst();
  const content = guidebook ? parseStoredContent(guidebook.data) : null;
  const to = await teamContactEmail(trx, row.team_id);
  if (!to) return;
  const facts = {
    to,
    guest: stay?.guest_name.split(' ')[0] ?? '',
    guidebook: content?.nameInstruction || 'your guidebook',
    lock,
    checkIn: formatGuestDateTime(row.want_from ?? 0, content?.timeZone ?? 'UTC', 'en'),
    reason: reasonOf(row.error_codes),
    arrivalsUrl: new URL('/dashboard/arrivals', config.appUrl).href,
  };
  await outbox.enqueue(codeDeadlineMail(kind, facts), trx);
}
