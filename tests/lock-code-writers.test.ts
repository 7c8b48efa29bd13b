// @no-database: reads the source files only
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './helpers/source-files.ts';

/**
 * Every writer of a stay's times marks its door code in its transaction
 * (docs/decisions/030-smart-locks.md §4): each statement under src/lib/server that inserts or
 * deletes stays, or updates one of `check_in`, `check_out`, `early_checkin_from`,
 * `late_checkout_until` or `instruction_id` of stays, must sit in a file that calls
 * `markStayCodes`. The daily pass catches what slips through, within a day.
 */
const SERVER = path.resolve('src/lib/server');
const TIME_COLUMNS = /\b(check_in|check_out|early_checkin_from|late_checkout_until|instruction_id)\b|\[column\]/;

/** The statements writing stays in `text`: an insert or delete, or an update whose `.set(` names a time column. */
function stayWrites(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\.(insertInto|deleteFrom|updateTable)\('stays'\)/g)) {
    const rest = text.slice(match.index, match.index + 2000);
    const statement = rest.slice(0, Math.max(rest.indexOf('.execute'), 0) || rest.length);
    if (match[1] !== 'updateTable') found.push(statement.split('\n')[0]!);
    else {
      const set = statement.slice(statement.indexOf('.set('), statement.indexOf('.where(') > 0 ? statement.indexOf('.where(') : undefined);
      if (TIME_COLUMNS.test(set)) found.push(statement.split('\n')[0]!);
    }
  }
  return found;
}

describe('stay writers and their door codes', () => {
  const files = sourceFiles(SERVER, new Set(['.ts'])).map((file) => ({ file: path.relative(SERVER, file), text: fs.readFileSync(file, 'utf8') }));
  const writers = files.filter(({ text }) => stayWrites(text).length > 0);

  it('finds the writers it knows (the grep still sees them)', () => {
    const names = writers.map(({ file }) => file);
    for (const known of ['stays/create-stay.ts', 'stays/update-stay.ts', 'stays/delete-stay.ts', 'stays/apply-bookings.ts', 'pms/apply-reservation.ts', 'money/orders/order-slots.ts', 'money/orders/follow-stays.ts']) expect(names).toContain(known);
  });

  it('every file that writes a stay’s times, or makes or deletes a stay, calls markStayCodes', () => {
    const missing = writers.filter(({ text }) => !/\bmarkStayCodes\(/.test(text)).map(({ file, text }) => `${file}: ${stayWrites(text).join(' | ')}`);
    expect(missing).toEqual([]);
  });
});
