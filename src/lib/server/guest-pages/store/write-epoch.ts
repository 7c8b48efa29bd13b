import { processSingleton } from '../../platform/process-singleton.ts';

/**
 * Counts guidebook writes in this process, per guest token and overall. A guest request that
 * rendered from SQLite stores its HTML only if no write touched that token meanwhile: otherwise a
 * render that read the old row could put back a snapshot that a save or a link regeneration had
 * just replaced or removed. Per token, so that a busy hour of other hosts' saves does not keep a
 * quiet guidebook's first visitors rendering. The overall count moves when another process
 * changed the database (any token may be affected).
 */
const TOKENS_MAX = 10_000;

const epochs = processSingleton('write-epochs', () => ({ overall: 0, tokens: new Map<string, number>() }));

export function currentWriteEpoch(token: string): string {
  return `${epochs.overall}:${epochs.tokens.get(token) ?? 0}`;
}

export function bumpWriteEpoch(): void {
  epochs.overall += 1;
}

export function bumpTokenEpoch(token: string): void {
  const { tokens } = epochs;
  tokens.set(token, (tokens.get(token) ?? 0) + 1);
  // Bounded: forgetting every token's count is safe once the overall count moves with it.
  if (tokens.size > TOKENS_MAX) {
    tokens.clear();
    bumpWriteEpoch();
  }
}
