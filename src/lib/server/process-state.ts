import type { AsyncLocalStorage } from 'node:async_hooks';
import type { Worker } from 'node:worker_threads';
import type { SnapshotBus } from './cluster/snapshot-bus.ts';
import type { Runtime } from './runtime.ts';
import type { Snapshot } from './snapshots/snapshot-store.ts';
import type { UploadCleanup } from './uploads/remove-unreferenced-uploads.ts';

/**
 * Everything that must exist once per process, in one place.
 *
 * Why on globalThis: scripts/serve.mjs loads two bundles, the boot bundle (dist/boot/boot.mjs: the
 * configuration, the database, the guest fast path) and Astro's server bundle (the routes), and
 * each carries its own copy of every module (docs/decisions/001). State kept in a module's own
 * variables would exist twice, and the two halves of the server would disagree (two database
 * connections, two snapshot caches, two write counters). One documented key holds it instead;
 * no other module keeps state on globalThis.
 */
export interface ProcessState {
  /** The composition root's services (runtime.ts), built once. */
  runtime: Promise<Runtime> | undefined;
  /** Tells the other servers on the same PostgreSQL of publishes (cluster/snapshot-bus.ts); undefined on SQLite. */
  bus: SnapshotBus | undefined;
  /** The background work of a serving process (workers.ts); undefined in the admin command line. */
  workers: { uploadCleanup: UploadCleanup; stop(): Promise<void> } | undefined;
  /** Decoded guest snapshots in front of the store (snapshots/snapshot-store.ts). */
  snapshots: {
    entries: Map<string, Snapshot>;
    changes: number;
    /** True once per change another process committed to the database (watchOtherProcessWrites). */
    changedElsewhere?: () => boolean;
    /** Pages another server is rendering after a publish (snapshots/remote-changes.ts). */
    renderingElsewhere: Map<string, { done: Promise<void>; resolve: () => void; timer: NodeJS.Timeout }>;
    /** Tokens whose stored page was compared with its guidebook's row since the start (snapshots/snapshot-store.ts). */
    checkedTokens: Set<string>;
    /** Removals per token, so a write they raced removes its page again (snapshots/snapshot-store.ts). */
    removals: Map<string, number>;
    /** Tokens whose stored copies must go but could not yet: never read from the store (snapshots/pending-removals.ts). */
    pendingRemovals: { tokens: Map<string, number>; marks: number; timer: NodeJS.Timeout | undefined; retryMs: number };
  };
  /** Guidebook writes so far: a render that raced one does not store its page (snapshots/write-epoch.ts). */
  writeEpoch: number;
  /** The same per guest token. */
  tokenEpochs: Map<string, number>;
  /** Snapshots rendered again after a publish, off the request path (snapshots/rebuild-snapshots.ts). */
  rebuilds: {
    secret: string | undefined;
    jobs: Map<string, { again: boolean }>;
    waiting: string[];
    running: number;
    /** Per token: how often its old page was revoked (a render that raced one does not store). */
    revocations: Map<string, number>;
  };
  /** scripts/serve.mjs resolved each request's client through trusted proxies (http/forwarded.ts). */
  clientAddressResolved: boolean;
  /** Nominatim's one-request-a-second queue (geo/reverse-geocode.ts). */
  nominatim: { tail: Promise<void>; waiting: number };
  /** Cache tags waiting to be purged from the CDN, and the purges under way (cdn/purge-cdn.ts). */
  cdnPurges: { pending: Set<string>; timer: NodeJS.Timeout | undefined; inFlight: Set<Promise<void>> };
  /** Calendar feeds being read in workers, a few at a time for both bundles (stays/read-calendar.ts). */
  calendarReads: { running: number; waiting: Array<() => void>; workers: Set<Worker> };
  /**
   * Tests only: counts SQLite statements per guest request. Installed by the runtime when
   * NODE_ENV=test (snapshots/query-counter.ts); absent, the guest path does not measure at all.
   */
  queryCounter: AsyncLocalStorage<{ count: number }> | undefined;
}

const KEY = Symbol.for('porchlight.process-state');

export const processState: ProcessState = ((globalThis as { [KEY]?: ProcessState })[KEY] ??= {
  runtime: undefined,
  bus: undefined,
  workers: undefined,
  snapshots: { entries: new Map(), changes: 0, checkedTokens: new Set(), removals: new Map(), renderingElsewhere: new Map(), pendingRemovals: { tokens: new Map(), marks: 0, timer: undefined, retryMs: 0 } },
  writeEpoch: 0,
  tokenEpochs: new Map(),
  rebuilds: { secret: undefined, jobs: new Map(), waiting: [], running: 0, revocations: new Map() },
  clientAddressResolved: false,
  nominatim: { tail: Promise.resolve(), waiting: 0 },
  cdnPurges: { pending: new Set(), timer: undefined, inFlight: new Set() },
  calendarReads: { running: 0, waiting: [], workers: new Set() },
  queryCounter: undefined,
});
