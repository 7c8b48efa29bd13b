import { invalidateSnapshotsAfterWrite } from '../snapshots/invalidate-snapshots.ts';

/**
 * The one hook after every write to an instruction (create, save, duplicate, code change, link
 * regeneration, settings applied to it, delete). Empty for now: the guest-page snapshot work plugs
 * in here (ARCHITECTURE.md "Guest pages are snapshots"): rebuild the snapshot of `id` after a write,
 * remove the snapshot of `oldToken` when the link was regenerated, remove it when `deleted`.
 * Called after the write has committed, so a failure here never undoes the host's save.
 */
export interface InstructionWrite {
  id: string;
  /** The token that stopped working (regenerated link, deleted guidebook). */
  oldToken?: string;
  deleted?: boolean;
}

export async function afterInstructionWrite(write: InstructionWrite): Promise<void> {
  await invalidateSnapshotsAfterWrite(write);
}
