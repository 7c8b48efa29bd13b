/**
 * Counts guidebook writes in this process. A guest request that rendered from SQLite stores its
 * HTML only if no write happened meanwhile: otherwise a render that read the old row could put
 * back a snapshot that a save or a link regeneration had just removed. On globalThis like the
 * runtime, so every bundle that carries this module sees one counter.
 */
const KEY = Symbol.for('porchlight.snapshot-epoch');
type Holder = { [KEY]?: number };
const holder = globalThis as Holder;

export function currentWriteEpoch(): number {
  return holder[KEY] ?? 0;
}

export function bumpWriteEpoch(): void {
  holder[KEY] = currentWriteEpoch() + 1;
}
