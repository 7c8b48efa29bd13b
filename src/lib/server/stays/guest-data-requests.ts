import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import type { OrderStatus } from '@shared/schemas/order.ts';
import type { GuestDataExport } from '@shared/schemas/guest-data.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { recordActivity } from '../account/record-activity.ts';
import { getRuntime } from '../platform/runtime.ts';
import { stayNotFound } from './stay-errors.ts';

/**
 * A guest's details on request (docs/decisions/029-pms-connectors.md §10): the host is the
 * controller, a guest asks them; the route (`guestData.manage`, 20 an hour per team) calls these.
 * Both reach every stay of the team, however it came (by hand, a feed or a booking system), and
 * every order holding the address or belonging to those stays. The activity line counts, never
 * names the address.
 */
const iso = (ms: number) => new Date(ms).toISOString();

/** Orders whose money moved or was promised keep their guest for the host's bookkeeping (open question 6). */
const KEPT_FOR_BOOKKEEPING: readonly OrderStatus[] = ['paid', 'approved', 'refunded'];

const guidebookName = (data: string): string => {
  const name = (JSON.parse(data) as { nameInstruction?: unknown }).nameInstruction;
  return typeof name === 'string' ? name : '';
};

/** The stays of the team with this address (stored lowercased, as typed ones are). */
const staysOf = (db: Kysely<Database>, teamId: string, email: string) => db.selectFrom('stays').where('stays.team_id', '=', teamId).where('stays.guest_email', '=', email);

/** The orders of the team with this address, or of these stays. */
const ordersOf = (db: Kysely<Database>, teamId: string, email: string | null, stayIds: string[]) =>
  db
    .selectFrom('orders')
    .where('orders.team_id', '=', teamId)
    .where((eb) => eb.or([...(email === null ? [] : [eb('orders.guest_email', '=', email)]), ...(stayIds.length === 0 ? [] : [eb('orders.stay_id', 'in', stayIds)])]));

/** Every stay and order of the team holding `email`, as the guest may have them. */
export async function exportGuestData(access: TeamAccess, email: string, now = Date.now()): Promise<GuestDataExport> {
  const { db } = await getRuntime();
  const stays = await staysOf(db, access.teamId, email)
    .innerJoin('instructions', 'instructions.id', 'stays.instruction_id')
    .select(['stays.id', 'stays.guest_name', 'stays.guest_email', 'stays.guest_phone', 'stays.guest_count', 'stays.language', 'stays.channel', 'stays.check_in', 'stays.check_out', 'stays.host_note', 'stays.created_at', 'instructions.data'])
    .orderBy('stays.check_in')
    .execute();
  const orders = await ordersOf(db, access.teamId, email, stays.map((stay) => stay.id))
    .innerJoin('instructions', 'instructions.id', 'orders.instruction_id')
    .select(['orders.title', 'orders.quantity', 'orders.amount', 'orders.currency', 'orders.status', 'orders.guest_name', 'orders.guest_email', 'orders.guest_note', 'orders.created_at', 'instructions.data'])
    .orderBy('orders.created_at')
    .execute();
  await recordActivity(db, { teamId: access.teamId, by: { actor: 'member', userId: access.userId }, action: 'guest-data.exported', details: { stays: stays.length, orders: orders.length }, now });
  return {
    exportedAt: iso(now),
    email,
    stays: stays.map((stay) => ({
      guidebook: guidebookName(stay.data),
      guestName: stay.guest_name,
      guestEmail: stay.guest_email,
      guestPhone: stay.guest_phone,
      guestCount: stay.guest_count,
      language: stay.language,
      channel: stay.channel,
      checkIn: iso(stay.check_in),
      checkOut: iso(stay.check_out),
      hostNote: stay.host_note,
      createdAt: iso(stay.created_at),
    })),
    orders: orders.map((order) => ({
      guidebook: guidebookName(order.data),
      title: order.title,
      quantity: order.quantity,
      amount: order.amount,
      currency: order.currency,
      status: order.status,
      guestName: order.guest_name,
      guestEmail: order.guest_email,
      guestNote: order.guest_note,
      createdAt: iso(order.created_at),
    })),
  };
}

/**
 * Erases the guest's details from every stay of the team holding `email`, or from the one stay
 * `stayId` (404 when it is not the team's), and from their orders not paid; one transaction and
 * one activity line. Answers how many stays and orders changed.
 */
export async function eraseGuestDataOnRequest(access: TeamAccess, target: { email: string } | { stayId: string }, now = Date.now()): Promise<{ stays: number; orders: number }> {
  const { db } = await getRuntime();
  return db.transaction().execute(async (trx) => {
    const email = 'email' in target ? target.email : null;
    const found = 'email' in target ? staysOf(trx, access.teamId, target.email) : trx.selectFrom('stays').where('stays.team_id', '=', access.teamId).where('stays.id', '=', target.stayId);
    const stays = await found.select(['stays.id', 'stays.instruction_id']).execute();
    if ('stayId' in target && stays.length === 0) throw stayNotFound();
    const ids = stays.map((stay) => stay.id);
    if (ids.length > 0) {
      await trx
        .updateTable('stays')
        .set({ guest_name: '', guest_email: '', guest_phone: '', guest_count: null, host_note: '', guest_data_erased_at: now, updated_at: now })
        .where('id', 'in', ids)
        .execute();
    }
    let orders = 0;
    if (email !== null || ids.length > 0) {
      const unpaid = ordersOf(trx, access.teamId, email, ids).select('orders.id').where('orders.status', 'not in', KEPT_FOR_BOOKKEEPING);
      const result = await trx.updateTable('orders').set({ guest_name: '', guest_email: '', guest_note: '', updated_at: now }).where('id', 'in', unpaid).executeTakeFirst();
      orders = Number(result.numUpdatedRows);
    }
    // A public-link request never confirmed holds the address too: it goes.
    if (email !== null) await trx.deleteFrom('order_confirmations').where('team_id', '=', access.teamId).where('guest_email', '=', email).where('order_id', 'is', null).execute();
    const one = 'stayId' in target ? stays[0] : undefined;
    await recordActivity(trx, {
      teamId: access.teamId,
      by: { actor: 'member', userId: access.userId },
      action: 'guest-data.erased',
      details: { stays: ids.length, orders },
      guidebookId: one?.instruction_id ?? null,
      subjectId: one?.id ?? null,
      now,
    });
    return { stays: ids.length, orders };
  });
}
