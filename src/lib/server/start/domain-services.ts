import { createBilling, type Billing } from '../money/subscriptions/billing.ts';
import { seedDemo } from '../demo/seed-demo.ts';
import { openPostgresSnapshotBus, type SnapshotBus } from '../guest-pages/publish/snapshot-bus.ts';
import { invalidateSnapshotsAfterWrite, rebuildSnapshotsForTeam } from '../guest-pages/publish/invalidate-snapshots.ts';
import type { GuidebookWriteListeners } from '../guidebook/guidebook-writes.ts';
import { scheduleUploadCleanup } from '../uploads/remove-unreferenced-uploads.ts';
import type { RuntimeAssembly } from '../platform/runtime.ts';

declare module '../platform/runtime.ts' {
  interface DomainServices {
    /** Stripe, when STRIPE_SECRET_KEY is set. */
    billing: Billing | undefined;
    /** Publishes between servers on one PostgreSQL (guest-pages/publish/snapshot-bus.ts); none on SQLite. */
    bus: SnapshotBus | undefined;
  }
}

/**
 * What a guidebook write sets off (guidebook/guidebook-writes.ts): the guest pages above the domains
 * that write, handed down from here so none of them imports the guest pages.
 */
const guidebookWrites: GuidebookWriteListeners = {
  async written(write) {
    await invalidateSnapshotsAfterWrite(write);
    // Images the write dropped may now be unreferenced; the debounced pass removes them after their grace period.
    scheduleUploadCleanup();
  },
  hostPagesChanged: (teamId) => rebuildSnapshotsForTeam(teamId),
};

/**
 * The domains' part of the composition root, handed to runtime.ts from the top (boot.ts,
 * middleware.ts, the admin command line call `assembleRuntime(domainServices)`), so the runtime
 * that every module asks for imports no domain (docs/architecture.md, Layers).
 */
export const domainServices: RuntimeAssembly = {
  seed: (db) => seedDemo(db),
  async open({ config, database, log }) {
    const bus = database.dialect === 'postgres' && config.database.dialect === 'postgres' ? await openPostgresSnapshotBus({ url: config.database.url, pool: database.pool, log }) : undefined;
    return {
      services: { billing: config.stripe ? createBilling(config.stripe) : undefined, bus, guidebookWrites },
      close: async () => {
        await bus?.close();
      },
    };
  },
};

/** A render writes no guidebook: should one ever try in the render worker, it fails loudly rather than publish from there. */
const noWritesWhileRendering = (): never => {
  throw new Error('render worker: a guest page render must not write a guidebook');
};

/**
 * The render worker's (render-worker-entry.ts): what a render reads (Stripe for the extras' online
 * payment) on a read-only database, without the demo seed (the server seeded it), the bus between
 * servers (the server listens) or the guest pages' write listeners (the server publishes).
 */
export const renderServices: RuntimeAssembly = {
  seed: async () => {},
  readOnly: true,
  async open({ config }) {
    const guidebookWrites: GuidebookWriteListeners = { written: noWritesWhileRendering, hostPagesChanged: noWritesWhileRendering };
    return { services: { billing: config.stripe ? createBilling(config.stripe) : undefined, bus: undefined, guidebookWrites }, close: async () => {} };
  },
};
