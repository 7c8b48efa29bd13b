import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LOCK_CODE_TRANSITIONS, codeTransitionOf } from '../src/lib/server/locks/code-transitions.ts';

/** docs/product/locks.md prints LOCK_CODE_TRANSITIONS (docs/decisions/030-smart-locks.md §5): the print and the table agree, row by row. */
describe('the door code transition table', () => {
  const doc = fs.readFileSync('docs/product/locks.md', 'utf8');
  const printed = doc.split('\n').filter((line) => /^\| `[a-z-]+` \|/.test(line));

  it('is printed in docs/product/locks.md, every row and no other', () => {
    const rows = LOCK_CODE_TRANSITIONS.map((row) => `| \`${row.event}\` | ${row.from === null ? '(none)' : `\`${row.from}\``} | \`${row.to}\` | ${row.by.join(', ')} | ${row.when} |`);
    expect(printed).toEqual(rows);
  });

  it('has no two rows for one move, and no way out of a terminal state', () => {
    const keys = LOCK_CODE_TRANSITIONS.map((row) => `${row.event} ${row.from} ${row.to}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(LOCK_CODE_TRANSITIONS.filter((row) => row.from === 'removed' || row.from === 'left')).toEqual([]);
    expect(codeTransitionOf('confirm', 'due')).toBeUndefined();
    expect(codeTransitionOf('unwant', 'sent', 'removing')?.by).toEqual(['worker']);
  });
});
