import { processState } from '../process-state.ts';

/**
 * Counts guidebook writes in this process, per guest token and overall. A guest request that
 * rendered from SQLite stores its HTML only if no write touched that token meanwhile: otherwise a
 * render that read the old row could put back a snapshot that a save or a link regeneration had
 * just replaced or removed. Per token, so that a busy hour of other hosts' saves does not keep a
 * quiet guidebook's first visitors rendering. The overall count moves when another process
 * changed the database (any token may be affected).
 */
const TOKENS_MAX = 10_000;

export function currentWriteEpoch(token: string): string {
  return `${processState.writeEpoch}:${processState.tokenEpochs.get(token) ?? 0}`;
}

export function bumpWriteEpoch(): void {
  processState.writeEpoch += 1;
}

export function bumpTokenEpoch(token: string): void {
  const epochs = processState.tokenEpochs;
  epochs.set(token, (epochs.get(token) ?? 0) + 1);
  // Bounded: forgetting every token's count is safe once the overall count moves with it.
  if (epochs.size > TOKENS_MAX) {
    epochs.clear();
    bumpWriteEpoch();
  }
}
