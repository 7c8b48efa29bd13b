/**
 * What a request header's value means, worked out once per value: browsers send few distinct
 * values of a header such as Accept-Encoding or Accept-Language, and the fast paths read them on
 * every request (docs/performance.md, "Guest page against node:http"). The values come from
 * clients, so what is kept is bounded: at most `max` values (when a new one would pass that, all
 * are forgotten, so a client sending made-up values costs the work, never memory), and a value
 * longer than `maxLength` is worked out every time, never kept.
 */
export function memoizeHeader<T>(compute: (value: string) => T, { max, maxLength }: { max: number; maxLength: number }): MemoizedHeader<T> {
  const kept = new Map<string, T>();
  return {
    of(value) {
      let result = kept.get(value);
      if (result === undefined) {
        result = compute(value);
        if (value.length > maxLength) return result;
        if (kept.size >= max) kept.clear();
        kept.set(value, result);
      }
      return result;
    },
    kept: () => kept.size,
  };
}

export interface MemoizedHeader<T> {
  /** What `value` means (`compute`'s answer, kept or worked out now). */
  of(value: string): T;
  /** How many values are kept now (tests: the bound holds). */
  kept(): number;
}
