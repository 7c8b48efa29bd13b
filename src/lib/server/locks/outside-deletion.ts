import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { formatGuestDateTime } from '@shared/guest-dates.ts';
import { recordActivity } from '../account/record-activity.ts';
import { teamContactEmail } from '../account/team-contact.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { getRuntime } from '../platform/runtime.ts';
import { codeLineDetails } from './code-activity.ts';
import { changeCodeState, type CodeRow } from './code-transitions.ts';
import { openCode } from './code-secret.ts';
import { codeOutsideMail } from './lock-event-mails.ts';

/**
 * A stay's code deleted outside Porchlight (docs/decisions/030-smart-locks.md §8): Seam answers 404
 * for a code we did not ask to delete (found by the worker's read, a webhook's re-read or the job's).
 * The first time, `outside`: the code is made again (`generation + 1`), with the same digits when
 * the guest has already seen them (the stay's `first_revealed_at`), so the guest's copy stays
 * right; a second time within 24 hours, `outside-again` to `failed`: the deletion is taken as the
 * host's will. Either way the host is mailed once, in the transaction of the change (the
 * compare-and-set on the state is the claim), and an activity line is written.
 */

const DAY_MS = 24 * 60 * 60_000;

export async function codeDeletedOutside(db: Kysely<Database>, row: CodeRow, now: number): Promise<CodeRow> {
  const { outbox } = await getRuntime();
  const again = row.outside_mailed_at !== null && now - row.outside_mailed_at < DAY_MS;
  const written = await db.transaction().execute(async (trx) => {
    const changed = again
      ? await changeCodeState(trx, row, 'outside-again', { now, set: { seam_access_code_id: null, last_error: 'outside', failed_mailed_at: now, due_at: null } })
      : await changeCodeState(trx, row, 'outside', { now, set: { seam_access_code_id: null, generation: row.generation + 1, last_error: 'outside', outside_mailed_at: now, due_at: now } });
    if (changed) await tellHost(trx, changed, again ? 'again' : 'recreated', now);
    return changed;
  });
  if (written) outbox.kick();
  return written ?? row;
}

/**
 * The digits a re-creation after an outside deletion asks Seam for: the old ones when the guest has
 * seen them, else Seam chooses. Never for an offline code: its vendor's registry makes the digits.
 */
export async function digitsToKeep(db: Kysely<Database>, row: CodeRow): Promise<string | undefined> {
  if (row.last_error !== 'outside' || row.stay_id === null || row.kind === 'offline') return undefined;
  const stay = await db.selectFrom('stays').select('first_revealed_at').where('id', '=', row.stay_id).executeTakeFirst();
  if (!stay?.first_revealed_at) return undefined;
  const { config } = await getRuntime();
  return openCode(config, row) ?? undefined;
}

async function tellHost(trx: Kysely<Database>, row: CodeRow, kind: 'recreated' | 'again', now: number): Promise<void> {
  const { outbox, config } = await getRuntime();
  const stay = row.stay_id === null ? undefined : await trx.selectFrom('stays').select(['guest_name', 'pms_integration_id']).where('id', '=', row.stay_id).executeTakeFirst();
  const guidebook = row.instruction_id === null ? undefined : await trx.selectFrom('instructions').select('data').where('id', '=', row.instruction_id).executeTakeFirst();
  const device = row.device_id === null ? undefined : await trx.selectFrom('lock_devices').select('name').where('id', '=', row.device_id).executeTakeFirst();
  const lock = device?.name ?? 'the lock';
  const details = { source: 'seam' as const, ...codeLineDetails(stay, lock, row) };
  if (kind === 'recreated') await recordActivity(trx, { teamId: row.team_id, by: { actor: 'system' }, action: 'lock-code.recreated', details, guidebookId: row.instruction_id, subjectId: row.stay_id, now });
  else await recordActivity(trx, { teamId: row.team_id, by: { actor: 'system' }, action: 'lock-code.failed', details, guidebookId: row.instruction_id, subjectId: row.stay_id, now });
  const to = await teamContactEmail(trx, row.team_id);
  if (!to) return;
  const content = guidebook ? parseStoredContent(guidebook.data) : null;
  const facts = {
    to,
    guest: stay?.guest_name.split(' ')[0] ?? '',
    lock,
    checkIn: formatGuestDateTime(row.want_from ?? 0, content?.timeZone ?? 'UTC', 'en'),
    arrivalsUrl: new URL('/dashboard/arrivals', config.appUrl).href,
  };
  await outbox.enqueue(codeOutsideMail(kind, facts), trx);
}
