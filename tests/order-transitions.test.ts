import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OrdersTable } from '@db/schema.ts';
import { canChange, changeOrderStatus, firstStatus, ORDER_TRANSITIONS, transitionOf } from '../src/lib/server/money/orders/order-transitions.ts';
import { ORDER_STATUSES, type OrderStatus } from '../src/lib/shared/schemas/order.ts';
import { sourceFiles } from './helpers/source-files.ts';
import { openTestDatabase, type TestDatabase } from './helpers/test-database.ts';

/**
 * An order's life is one table (docs/decisions/024, docs/style.md 19): docs/product.md §4 prints
 * it, no other code writes a status, and the table's shape holds (every status reachable, the
 * ends final, one row per event and status and way of paying).
 */
const print = () =>
  [
    '| event | from | to | by | paid | when |',
    '| --- | --- | --- | --- | --- | --- |',
    ...ORDER_TRANSITIONS.map((row) => `| ${row.event} | ${row.from ?? '(new)'} | ${row.to} | ${row.by} | ${row.money ?? 'either'} | ${row.when} |`),
  ].join('\n');

describe('the order transition table', () => {
  it('is the one docs/product.md §4 prints', () => {
    const product = fs.readFileSync('docs/product.md', 'utf8');
    const start = product.indexOf('| event | from | to |');
    expect(start, 'docs/product.md §4 prints the table').toBeGreaterThan(0);
    const printed = product.slice(start, product.indexOf('\n\n', start));
    expect(printed).toBe(print());
  });

  it('reaches every status, lets nothing leave the final ones but a refund, and has one row per event, status and way of paying', () => {
    expect(new Set(ORDER_TRANSITIONS.map((row) => row.to))).toEqual(new Set(ORDER_STATUSES));
    for (const row of ORDER_TRANSITIONS.filter((each) => each.from === 'declined' || each.from === 'refunded' || each.from === 'cancelled')) throw new Error(`${row.event} leaves ${row.from}`);
    for (const row of ORDER_TRANSITIONS.filter((each) => each.from === 'paid' || each.from === 'approved')) expect(row.to, `${row.event} from ${row.from}`).toMatch(/^(refunded|cancelled)$/);
    const keys = ORDER_TRANSITIONS.map((row) => `${row.event} ${row.from} ${row.money ?? 'either'} ${row.event === 'ask' || row.event === 'payment-taken' || row.event === 'payment-slot-lost' ? row.to : ''}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('answers the moves a caller would ask for, and refuses the ones it lacks', () => {
    const held = { status: 'requested' as const, payment_intent_id: 'pi_1' };
    const onSite = { status: 'requested' as const, payment_intent_id: null };
    expect(canChange(held, 'approve')).toBe(true);
    expect(canChange(held, 'hold-lapsed')).toBe(true);
    expect(canChange(onSite, 'hold-lapsed')).toBe(false);
    expect(canChange({ status: 'declined', payment_intent_id: null }, 'approve')).toBe(false);
    expect(canChange({ status: 'declined', payment_intent_id: 'pi_1' }, 'refund')).toBe(false);
    expect(canChange({ status: 'approved', payment_intent_id: null }, 'refund')).toBe(false);
    expect(transitionOf('stay-lost', 'approved', 'on site')?.to).toBe('cancelled');
    expect(transitionOf('stay-lost', 'approved', 'online')?.to).toBe('refunded');
    expect(firstStatus({ online: false, approval: 'instant' })).toBe('approved');
    expect(firstStatus({ online: false, approval: 'host' })).toBe('requested');
    expect(firstStatus({ online: true, approval: 'instant' })).toBe('awaiting_payment');
  });

  it('is the only code that writes an order’s status', () => {
    const writers = sourceFiles('src', new Set(['.ts', '.tsx']))
      .filter((file) => file !== 'src/lib/server/money/orders/order-transitions.ts')
      .flatMap((file) => {
        const source = fs.readFileSync(file, 'utf8');
        return [...source.matchAll(/updateTable\('orders'\)[\s\S]{0,300}?\.set\(\{[^}]*\bstatus\b/g)].map(() => file);
      });
    expect(writers).toEqual([]);
  });
});

describe('changeOrderStatus on a real database', () => {
  let database: TestDatabase;
  const now = Date.UTC(2026, 10, 29, 12);

  beforeAll(async () => {
    database = await openTestDatabase();
    await database.db.insertInto('users').values({ id: 'host', name: 'Host', email: 'host@example.com', password_hash: null, google_id: null, picture: '', email_verified_at: now, created_at: now, updated_at: now }).execute();
    await database.db.insertInto('teams').values({ id: 'team', name: 'Host', created_at: now, updated_at: now }).execute();
    await database.db.insertInto('instructions').values({ id: 'guidebook', user_id: 'host', team_id: 'team', token: 'guidebook-token', is_free: 1, version: 1, data: '{}', created_at: now, updated_at: now, deleted_at: null }).execute();
  });

  afterAll(async () => {
    await database?.close();
  });

  async function orderIn(id: string, status: OrderStatus, paymentIntent: string | null): Promise<OrdersTable> {
    const order: OrdersTable = {
      id,
      user_id: 'host',
      team_id: 'team',
      instruction_id: 'guidebook',
      stay_id: null,
      extra_id: 1,
      kind: 'item',
      title: 'Breakfast basket',
      amount: 2500,
      currency: 'eur',
      quantity: 1,
      approval: 'host',
      status,
      guest_name: 'Dana',
      guest_email: 'dana@example.com',
      guest_note: '',
      moves_to: null,
      decision_token_hash: null,
      checkout_session_id: null,
      payment_intent_id: paymentIntent,
      created_at: now,
      updated_at: now,
      decided_at: now,
      follow_up: null,
      language: '',
      stay_removed_at: null,
    };
    await database.db.insertInto('orders').values(order).execute();
    return order;
  }

  const statusOf = async (id: string) => (await database.db.selectFrom('orders').select(['status', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow());

  it('refuses every move the table lacks and writes nothing, and makes the ones it has', async () => {
    // A declined order is final: neither the host's approval nor a refund moves it.
    const declined = await orderIn('declined-order', 'declined', 'pi_declined');
    expect(await changeOrderStatus(database.db, declined, 'approve', { now: now + 1, by: { actor: 'system' } })).toBeNull();
    expect(await changeOrderStatus(database.db, declined, 'refund', { now: now + 1, by: { actor: 'system' } })).toBeNull();
    // An order settled on site took no money online: there is nothing to refund.
    const onSite = await orderIn('on-site-order', 'approved', null);
    expect(await changeOrderStatus(database.db, onSite, 'refund', { now: now + 1, by: { actor: 'system' } })).toBeNull();
    // A status the caller asks for that the event does not reach: a refund ends `refunded`, never `cancelled`.
    const paid = await orderIn('paid-order', 'paid', 'pi_paid');
    expect(await changeOrderStatus(database.db, paid, 'refund', { to: 'cancelled', now: now + 1, by: { actor: 'system' } })).toBeNull();
    for (const id of ['declined-order', 'on-site-order', 'paid-order']) expect(await statusOf(id), id).toMatchObject({ updated_at: now });
    expect((await statusOf('declined-order')).status).toBe('declined');

    // The table's own row is made, once: the same step again finds the order moved on.
    expect(await changeOrderStatus(database.db, paid, 'refund', { now: now + 2, by: { actor: 'system' } })).toMatchObject({ status: 'refunded', updated_at: now + 2 });
    expect(await changeOrderStatus(database.db, paid, 'refund', { now: now + 3, by: { actor: 'system' } })).toBeNull();
    expect(await statusOf('paid-order')).toEqual({ status: 'refunded', updated_at: now + 2 });
  });

  it('prints its table: from → to, the event and who causes it', () => {
    const lines = ORDER_TRANSITIONS.map((row) => `${row.from ?? '(new)'} → ${row.to}  ${row.event} by ${row.by}${row.money ? ` (${row.money})` : ''}`);
    console.log(`order transitions:\n${lines.join('\n')}`);
    expect(lines).toContain('requested → approved  approve by host');
    expect(lines).not.toContain('declined → approved  approve by host');
  });
});
