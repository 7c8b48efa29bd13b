import { MAX_REMINDER_HOURS, type InstructionContent } from '@shared/schemas/instruction.ts';
import { effectiveStayTimes } from '../guidebook/stay-window.ts';
import { guestMailTurn, type DueStay, type GuestMailDeps, type GuestMailKind } from './guest-mail-turn.ts';

/**
 * The reminder before arrival (docs/product/insights.md): a guidebook whose host turned it on
 * (`arrivalReminder`) mails its stays' guests who have not opened their link, `hoursBefore` their
 * check-in, the link again. Once per stay: `reminder_sent_at` is set in the transaction that
 * queues the mail, on the condition that it was not (guest-mail-turn.ts). A stay opened, deleted,
 * checked in or of a guidebook in the trash gets none.
 *
 * A booking system's stay (docs/decisions/029-pms-connectors.md §9) is reminded by the same rule
 * when the guidebook's `pmsGuestMail.reminder` or `arrivalReminder` is on, and only 12 hours or
 * more after its stay link went by itself (stay-link-mails.ts), so the two mails never come together.
 */
const HOUR = 3_600_000;
/** How long after the stay link's mail a booking system's guest may be reminded. */
export const REMINDER_AFTER_LINK_MS = 12 * HOUR;

export type ArrivalReminderDeps = GuestMailDeps;

/** Whether the reminder is due for `row` at `now` by its guidebook's settings. */
function reminderDue(row: DueStay, content: InstructionContent, now: number): boolean {
  const { enabled, hoursBefore } = content.arrivalReminder;
  const fromPms = row.pms_reservation_id !== null;
  if (!(enabled || (fromPms && content.pmsGuestMail.reminder))) return false;
  if (row.link_mailed_at !== null && row.link_mailed_at > now - REMINDER_AFTER_LINK_MS) return false;
  const checkIn = effectiveStayTimes(row).checkIn;
  return checkIn > now && checkIn - hoursBefore * HOUR <= now;
}

const reminders = (now: number): GuestMailKind => ({
  what: 'arrival reminder',
  kind: 'reminder',
  aheadMs: MAX_REMINDER_HOURS * HOUR,
  narrow: (query) => query.where('stays.reminder_sent_at', 'is', null),
  due: (row, content) => reminderDue(row, content, now),
  claim: (trx, row) =>
    trx
      .updateTable('stays')
      .set({ reminder_sent_at: now })
      .where('id', '=', row.id)
      .where('reminder_sent_at', 'is', null)
      .where('first_opened_at', 'is', null)
      .where((eb) => eb.or([eb('link_mailed_at', 'is', null), eb('link_mailed_at', '<=', now - REMINDER_AFTER_LINK_MS)])),
});

/** One turn: queues the reminders due at `now`; resolves with how many. */
export function sendDueReminders(deps: ArrivalReminderDeps, now = Date.now()): Promise<number> {
  return guestMailTurn(deps, reminders(now), now);
}
