// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import { describe, expect, it } from 'vitest';
import { memoizeHeader } from '../src/lib/server/http/memoize-header.ts';

// src/lib/server/http/memoize-header.ts: what the fast paths keep per Accept-Encoding and
// Accept-Language value. The values come from clients, so what is kept must stay bounded.
describe('memoizeHeader', () => {
  const counting = () => {
    const calls: string[] = [];
    const memo = memoizeHeader(
      (value) => {
        calls.push(value);
        return value.toUpperCase();
      },
      { max: 8, maxLength: 32 },
    );
    return { memo, calls };
  };

  it('works a value out once, and answers it again from memory', () => {
    const { memo, calls } = counting();
    expect(memo.of('gzip, br')).toBe('GZIP, BR');
    expect(memo.of('gzip, br')).toBe('GZIP, BR');
    expect(memo.of('de')).toBe('DE');
    expect(calls).toEqual(['gzip, br', 'de']);
    expect(memo.kept()).toBe(2);
  });

  it('keeps at most `max` values however many different ones clients send, and still answers each right', () => {
    const { memo } = counting();
    for (let i = 0; i < 1000; i += 1) {
      expect(memo.of(`value ${i}`)).toBe(`VALUE ${i}`);
      expect(memo.kept()).toBeLessThanOrEqual(8);
    }
    expect(memo.of('value 3')).toBe('VALUE 3');
  });

  it('never keeps a value longer than `maxLength`, and works it out every time', () => {
    const { memo, calls } = counting();
    const long = 'x'.repeat(33);
    expect(memo.of(long)).toBe(long.toUpperCase());
    expect(memo.of(long)).toBe(long.toUpperCase());
    expect(calls).toEqual([long, long]);
    expect(memo.kept()).toBe(0);
  });
});
