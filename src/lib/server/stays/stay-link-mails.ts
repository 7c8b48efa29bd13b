import { MAX_LINK_DAYS, type InstructionContent } from '@shared/schemas/instruction.ts';
import { effectiveStayTimes } from '../guidebook/stay-window.ts';
import { guestMailTurn, type DueStay, type GuestMailDeps, type GuestMailKind } from './guest-mail-turn.ts';

/**
 * A booking system's guest gets their stay link by mail, once, `pmsGuestMail.daysBefore` days
 * before check-in (docs/decisions/029-pms-connectors.md §9): a stay a booking system brought
 * (`pms_reservation_id`), with a guest e-mail, not mailed, not opened, not reminded, its guest's
 * details not erased, its check-in ahead and at most `daysBefore` days away, of a guidebook not in
 * the trash whose `pmsGuestMail.link` is on. A booking made inside the window gets it after the
 * sync that brought it, or at the next turn. The stay's mail (`stayMail`, kind `link`: the guidebook's name, the dates and the link,
 * never a secret), in the language its link opens in. `link_mailed_at` is claimed by
 * compare-and-set in the transaction that queues it (guest-mail-turn.ts).
 */
const DAY = 86_400_000;

function linkDue(row: DueStay, content: InstructionContent, now: number): boolean {
  const { link, daysBefore } = content.pmsGuestMail;
  const checkIn = effectiveStayTimes(row).checkIn;
  return link && checkIn > now && checkIn - daysBefore * DAY <= now;
}

const links = (now: number, guidebookIds: readonly string[] | null): GuestMailKind => ({
  what: 'stay link',
  kind: 'link',
  aheadMs: MAX_LINK_DAYS * DAY,
  narrow: (query) =>
    (guidebookIds === null ? query : query.where('stays.instruction_id', 'in', guidebookIds))
      .where('stays.pms_reservation_id', 'is not', null)
      .where('stays.link_mailed_at', 'is', null)
      .where('stays.reminder_sent_at', 'is', null)
      .where('stays.guest_data_erased_at', 'is', null),
  due: (row, content) => linkDue(row, content, now),
  claim: (trx, row) =>
    trx
      .updateTable('stays')
      .set({ link_mailed_at: now })
      .where('id', '=', row.id)
      .where('link_mailed_at', 'is', null)
      .where('reminder_sent_at', 'is', null)
      .where('first_opened_at', 'is', null)
      .where('guest_data_erased_at', 'is', null),
});

/**
 * One turn: queues the stay links due at `now`, of every guidebook or of `guidebookIds` alone (a
 * booking system's sync calls it for the guidebooks it brought stays to, so a booking made inside
 * the window is mailed at once; the claim keeps it to one mail); resolves with how many.
 */
export function sendDueStayLinks(deps: GuestMailDeps, now = Date.now(), guidebookIds: readonly string[] | null = null): Promise<number> {
  if (guidebookIds !== null && guidebookIds.length === 0) return Promise.resolve(0);
  return guestMailTurn(deps, links(now, guidebookIds), now);
}
