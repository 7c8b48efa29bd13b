import { invalidateSnapshotsAfterWrite } from '../guest-pages/publish/invalidate-snapshots.ts';
import { scheduleUploadCleanup } from '../uploads/remove-unreferenced-uploads.ts';

/**
 * The one hook after every write to an instruction (create, save, duplicate, code change, link
 * regeneration, settings applied to it, delete). Guest-page snapshots hang off it
 * (docs/architecture.md, Guest snapshots): the snapshot of `id` is rebuilt after a write, off the request
 * path, the one of `oldToken` removed when the link was regenerated, and removed when `deleted`.
 * Called after the write has committed, so a failure here never undoes the host's save.
 */
export interface InstructionWrite {
  id: string;
  /** Its token, when the writer holds it (saves one query). */
  token?: string;
  /** The token that stopped working (regenerated link, deleted guidebook). */
  oldToken?: string;
  deleted?: boolean;
  /** The door code or the Wi-Fi password changed: the old page goes at once, not after the rebuild. */
  secretsChanged?: boolean;
}

export async function afterInstructionWrite(write: InstructionWrite): Promise<void> {
  await invalidateSnapshotsAfterWrite(write);
  // Images the write dropped may now be unreferenced; the debounced pass removes them after their grace period.
  scheduleUploadCleanup();
}
