import type { OrderStay } from '@shared/schemas/order.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import type { TeamScope } from '../account/team-access.ts';
import { getRuntime } from '../platform/runtime.ts';
import { effectiveStayTimes } from '../guidebook/stay-window.ts';

/**
 * For the Orders screen (docs/product/extras-and-orders.md): each order's stay as it stands now (check-in →
 * check-out, moved by an approved early check-in or late check-out) and its guidebook's time zone,
 * so the card writes every date in one style, where the property is. Only the team's stays and
 * guidebooks are read; an order without a stay (the public link, or a stay deleted) has none.
 */
export async function orderStays({ access, orders }: { access: TeamScope; orders: ReadonlyArray<{ id: string; stayId: string | null; guidebookId: string }> }): Promise<Map<string, OrderStay>> {
  const stayIds = [...new Set(orders.flatMap((order) => (order.stayId ? [order.stayId] : [])))];
  const guidebookIds = [...new Set(orders.map((order) => order.guidebookId))];
  if (guidebookIds.length === 0) return new Map();
  const { db } = await getRuntime();
  const [stays, guidebooks] = await Promise.all([
    stayIds.length === 0 ? [] : db.selectFrom('stays').select(['id', 'check_in', 'check_out', 'early_checkin_from', 'late_checkout_until']).where('team_id', '=', access.teamId).where('id', 'in', stayIds).execute(),
    db.selectFrom('instructions').select(['id', 'data']).where('team_id', '=', access.teamId).where('id', 'in', guidebookIds).execute(),
  ]);
  const times = new Map(stays.map((stay) => [stay.id, effectiveStayTimes(stay)]));
  const zones = new Map(guidebooks.map((row) => [row.id, parseStoredContent(row.data).timeZone]));
  return new Map(
    orders.map((order) => {
      const stay = order.stayId ? times.get(order.stayId) : undefined;
      return [order.id, { timeZone: zones.get(order.guidebookId) ?? '', stay: stay ? { checkIn: new Date(stay.checkIn).toISOString(), checkOut: new Date(stay.checkOut).toISOString() } : null }];
    }),
  );
}
