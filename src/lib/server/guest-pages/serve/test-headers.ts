import { processSingleton } from '../../platform/process-singleton.ts';
import { pendingRebuilds } from '../publish/rebuild-snapshots.ts';
import { snapshotMemoryBytes } from '../store/snapshot-store.ts';

/** Publish renders answered by this thread: the render worker's, or this server's while it has none. */
const renders = processSingleton('publish-renders', () => ({ answered: 0 }));

export function countPublishRender(): void {
  renders.answered += 1;
}

/**
 * Tests only (NODE_ENV=test): the SQLite statements this guest request ran, the rebuilds still
 * under way, the bytes of guest pages held in memory and the publish renders this thread answered,
 * so a test can tell a snapshot hit from a render, wait for a publish, see the memory's bound kept
 * and see where publishes render. A flat [name, value, …] list.
 */
export function testHeaders(queries: number): string[] {
  return ['x-sqlite-queries', String(queries), 'x-snapshot-rebuilds', String(pendingRebuilds()), 'x-snapshot-memory', String(snapshotMemoryBytes()), 'x-publish-renders-here', String(renders.answered)];
}
