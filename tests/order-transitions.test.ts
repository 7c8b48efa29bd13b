import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { canChange, firstStatus, ORDER_TRANSITIONS, transitionOf } from '../src/lib/server/money/orders/order-transitions.ts';
import { ORDER_STATUSES } from '../src/lib/shared/schemas/order.ts';
import { sourceFiles } from './helpers/source-files.ts';

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
