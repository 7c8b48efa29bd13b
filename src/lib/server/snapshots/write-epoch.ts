import { processState } from '../process-state.ts';

/**
 * Counts guidebook writes in this process. A guest request that rendered from SQLite stores its
 * HTML only if no write happened meanwhile: otherwise a render that read the old row could put
 * back a snapshot that a save or a link regeneration had just removed.
 */
export function currentWriteEpoch(): number {
  return processState.writeEpoch;
}

export function bumpWriteEpoch(): void {
  processState.writeEpoch += 1;
}
