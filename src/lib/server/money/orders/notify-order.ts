import type { Kysely, Transaction } from 'kysely';
import type { Database, OrdersTable, StaysTable } from '@db/schema.ts';
import type { InstructionContent } from '@shared/schemas/instruction.ts';
import { enqueueGuestMail } from '../../http/mail-budget.ts';
import type { MailMessage } from '../../platform/mail/mailer.ts';
import { getRuntime } from '../../platform/runtime.ts';
import { guestOrderMail, type GuestOrderMail } from './order-mails.ts';

/**
 * Queues the mails about an order in `trx`, beside the change they tell of: the host's (to their
 * own address, always) and the guest's (`guest` says which), which spends the guest mail budget
 * (docs/security.md 37) and is left out, and logged, when that address has had its mails for today.
 */
export async function notifyOrder(trx: Kysely<Database> | Transaction<Database>, { order, content, stay = null, guest, host, movedBack = false, now }: { order: OrdersTable; content: InstructionContent; stay?: Pick<StaysTable, 'guest_name'> | null; guest?: GuestOrderMail | undefined; host?: MailMessage | undefined; movedBack?: boolean; now: number }): Promise<void> {
  const { outbox, log } = await getRuntime();
  if (host) await outbox.enqueue(host, trx);
  const mail = guest ? guestOrderMail(guest, { order, content, stay, movedBack }) : null;
  if (mail && !(await enqueueGuestMail(outbox, trx, mail, order.team_id, now)).queued) log.info({ orderId: order.id, mail: guest }, 'extras: the guest’s mail was left out, past the daily mail budget');
}
