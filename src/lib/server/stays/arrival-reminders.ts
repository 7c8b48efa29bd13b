import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { MAX_REMINDER_HOURS } from '@shared/schemas/instruction.ts';
import { teamContact } from '../account/team-contact.ts';
import type { Config } from '../platform/config.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import type { Logger } from '../platform/logger.ts';
import { enqueueGuestMail } from '../http/mail-budget.ts';
import type { Outbox } from '../platform/mail/outbox.ts';
import { stayMail } from './stay-mail.ts';
import { stayUrl } from './stay-link.ts';
import { effectiveStayTimes } from '../guidebook/stay-window.ts';

/**
 * The reminder before arrival (docs/product/insights.md): a guidebook whose host turned it on
 * (`arrivalReminder`) mails its stays' guests who have not opened their link, `hoursBefore` their
 * check-in, the link again. Once per stay: `reminder_sent_at` is set in the transaction that
 * queues the mail, on the condition that it was not, so two servers (or a turn that overlaps a
 * restart) cannot both send it. A stay opened, deleted, checked in or of a guidebook in the
 * trash gets none.
 */
const HOUR = 3_600_000;
/** Stays read at a time, soonest check-in first. */
const PAGE = 200;
/** A turn's ceiling on mails; the rest waits for the next turn. */
const PER_TURN = 500;

export interface ArrivalReminderDeps {
  db: Kysely<Database>;
  outbox: Outbox;
  config: Pick<Config, 'appUrl'>;
  log: Logger;
}

/** One turn: queues the reminders due at `now`; resolves with how many. */
export async function sendDueReminders({ db, outbox, config, log }: ArrivalReminderDeps, now = Date.now()): Promise<number> {
  let sent = 0;
  let after: { checkIn: number; id: string } | null = null;
  // Signed with the team owner's name (docs/decisions/028-teams.md §8), read once per team a turn.
  const signers = new Map<string, Promise<string>>();
  const signer = (teamId: string) => signers.get(teamId) ?? signers.set(teamId, teamContact(db, teamId).then((owner) => owner?.name ?? '')).get(teamId)!;
  while (sent < PER_TURN) {
    // Whether a guidebook has the reminder on, and how long before, is in its content (docs/decisions/017):
    // SQL narrows to the stays it could be due for within the longest choice, the code decides.
    let query = db
      .selectFrom('stays')
      .innerJoin('instructions', 'instructions.id', 'stays.instruction_id')
      .select([
        'stays.id',
        'stays.token',
        'stays.guest_name',
        'stays.guest_email',
        'stays.language',
        'stays.check_in',
        'stays.check_out',
        'stays.early_checkin_from',
        'stays.late_checkout_until',
        'stays.instruction_id',
        'instructions.data',
        'instructions.team_id',
      ])
      .where('stays.guest_email', '!=', '')
      .where('stays.first_opened_at', 'is', null)
      .where('stays.reminder_sent_at', 'is', null)
      // An early check-in only moves it earlier: a check-in past is past.
      .where('stays.check_in', '>', now)
      .where('stays.check_in', '<=', now + MAX_REMINDER_HOURS * HOUR)
      .where('instructions.deleted_at', 'is', null);
    if (after) {
      const { checkIn, id } = after;
      query = query.where((eb) => eb.or([eb('stays.check_in', '>', checkIn), eb.and([eb('stays.check_in', '=', checkIn), eb('stays.id', '>', id)])]));
    }
    const rows = await query.orderBy('stays.check_in').orderBy('stays.id').limit(PAGE).execute();
    const contents = new Map<string, ReturnType<typeof parseStoredContent>>();
    for (const row of rows) {
      let stored = contents.get(row.instruction_id);
      if (!stored) contents.set(row.instruction_id, (stored = parseStoredContent(row.data)));
      const { enabled, hoursBefore } = stored.arrivalReminder;
      const checkIn = effectiveStayTimes(row).checkIn;
      if (!enabled || checkIn <= now || checkIn - hoursBefore * HOUR > now) continue;
      const mail = stayMail({ to: row.guest_email, stored, stay: row, userName: await signer(row.team_id), url: stayUrl(config, row.token), kind: 'reminder' });
      const queued = await db
        .transaction()
        .execute(async (trx) => {
          const claimed = await trx
            .updateTable('stays')
            .set({ reminder_sent_at: now })
            .where('id', '=', row.id)
            .where('reminder_sent_at', 'is', null)
            .where('first_opened_at', 'is', null)
            .executeTakeFirst();
          if (claimed.numUpdatedRows === 0n) return null;
          // The same daily budget as every mail a host can cause (docs/security.md 37): past it the
          // claim is rolled back, and a later turn tries again while the reminder is still due.
          const sent = await enqueueGuestMail(outbox, trx, mail, row.team_id, now);
          if (!sent.queued) throw OVER_BUDGET;
          return sent.id;
        })
        .catch((error: unknown) => {
          if (error !== OVER_BUDGET) throw error;
          log.info({ stayId: row.id, instructionId: row.instruction_id }, 'stays: arrival reminder held back, past the daily mail budget');
          return null;
        });
      if (queued === null) continue;
      log.info({ stayId: row.id, instructionId: row.instruction_id, outboxId: queued }, 'stays: arrival reminder queued');
      sent += 1;
      if (sent >= PER_TURN) break;
    }
    const last = rows.at(-1);
    if (rows.length < PAGE || !last) break;
    after = { checkIn: last.check_in, id: last.id };
  }
  if (sent > 0) outbox.kick();
  return sent;
}

/** Thrown inside a reminder's transaction to roll its claim back; never escapes sendDueReminders. */
const OVER_BUDGET = Symbol('over the mail budget');
