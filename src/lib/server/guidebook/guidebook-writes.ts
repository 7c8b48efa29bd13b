import { getRuntime } from '../platform/runtime.ts';

/**
 * One write to a guidebook (create, save, duplicate, code change, link regeneration, settings or a
 * new currency applied to it, trash, delete), announced after it has committed.
 */
export interface GuidebookWrite {
  id: string;
  /** Its token, when the writer holds it (saves one query). */
  token?: string;
  /** The token that stopped working (regenerated link, deleted guidebook). */
  oldToken?: string;
  deleted?: boolean;
  /** The door code or the Wi-Fi password changed: the old page goes at once, not after the rebuild. */
  secretsChanged?: boolean;
}

/**
 * Who listens to guidebook writes: the guest pages and the upload clean-up, which sit above every
 * domain that writes a guidebook. They are handed in from the top (start/domain-services.ts), so no
 * domain imports them (docs/architecture.md, Layers).
 */
export interface GuidebookWriteListeners {
  /** After a write to one guidebook has committed (docs/architecture.md, Guest snapshots). */
  written(write: GuidebookWrite): Promise<void>;
  /** Every guidebook of team `teamId` shows something of the account that changed (its plan, its payouts). */
  hostPagesChanged(teamId: string): Promise<void>;
}

declare module '../platform/runtime.ts' {
  interface DomainServices {
    /** The listeners to guidebook writes (guidebook/guidebook-writes.ts). */
    guidebookWrites: GuidebookWriteListeners;
  }
}

async function listeners(): Promise<GuidebookWriteListeners> {
  const { guidebookWrites } = await getRuntime();
  if (!guidebookWrites) throw new Error('guidebook-writes: no listeners handed in (start/domain-services.ts builds them)');
  return guidebookWrites;
}

/**
 * The one hook after every write to a guidebook: its guest-page snapshot is rebuilt off the request
 * path (the snapshot of `oldToken` removed at once, none rebuilt when `deleted`), and images the
 * write dropped are cleaned up after their grace period. Called after the write has committed, so a failure here
 * never undoes the host's save.
 */
export async function afterGuidebookWrite(write: GuidebookWrite): Promise<void> {
  await (await listeners()).written(write);
}

/** After a change to the host's account that every guidebook of theirs shows (branding and theme by plan, online payments). */
export async function afterHostPagesChange(teamId: string): Promise<void> {
  await (await listeners()).hostPagesChanged(teamId);
}
