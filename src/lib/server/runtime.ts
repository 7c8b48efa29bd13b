import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import { seedDemo } from '@db/seed.ts';
import { createBilling, type Billing } from './money/subscriptions/billing.ts';
import { openPostgresSnapshotBus, type SnapshotBus } from './guest-pages/publish/snapshot-bus.ts';
import { parseConfig, type Config } from './config.ts';
import type { DialectName } from './db/dialect.ts';
import { openConfiguredDatabase, type OpenedDatabase } from './db/open-database.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { Outbox } from './mail/outbox.ts';
import { processSingleton } from './process-singleton.ts';
import { stopServingProcess } from './serving-process.ts';
import { createStores, type Stores } from './storage.ts';

/**
 * The composition root (docs/style.md 6): every process-wide service, built once from the configuration
 * and owned here, stores included. It imports only the services' factories, never a domain
 * module, so nothing that asks for the runtime is ever imported back by it. The background work
 * (outbox delivery, upload clean-up, billing reconciler) is started by the server, not by this
 * module (workers.ts): the admin command line opens the same runtime without it.
 */
export interface Runtime {
  config: Config;
  log: Logger;
  /** SQLite (default) or PostgreSQL (DATABASE_URL): the queries' few per-dialect forms (db/dialect.ts) ask. */
  dialect: DialectName;
  /** The opened database with its driver handle (better-sqlite3 or the pg pool), for the workers. */
  database: OpenedDatabase;
  db: Kysely<Database>;
  mailer: Mailer;
  outbox: Outbox;
  /** Uploaded images and guest-page snapshots (docs/architecture.md, Blobs and object storage). */
  storage: Stores;
  /** Stripe, when STRIPE_SECRET_KEY is set. */
  billing: Billing | undefined;
  /** Publishes between servers on one PostgreSQL (guest-pages/publish/snapshot-bus.ts); none on SQLite. */
  bus: SnapshotBus | undefined;
  close(): Promise<void>;
}

const built = processSingleton('runtime', () => ({ runtime: undefined as Promise<Runtime> | undefined }));

/** The process's runtime, built on first use (one for both bundles, process-singleton.ts). */
export function getRuntime(): Promise<Runtime> {
  built.runtime ??= createRuntime(parseConfig()).catch((error: unknown) => {
    built.runtime = undefined;
    throw error;
  });
  return built.runtime;
}

export async function createRuntime(config: Config): Promise<Runtime> {
  const log = createLogger(config);
  const database = await openConfiguredDatabase(config.database, log);
  const { db } = database;
  await seedDemo(db);
  const mailer = createMailer(config, log);
  const outbox = new Outbox(db, mailer, log, { dialect: database.dialect });
  const bus = database.dialect === 'postgres' && config.database.dialect === 'postgres' ? await openPostgresSnapshotBus({ url: config.database.url, pool: database.pool, log }) : undefined;

  let closed = false;
  return {
    config,
    log,
    dialect: database.dialect,
    database,
    db,
    mailer,
    outbox,
    storage: createStores(config),
    billing: config.stripe ? createBilling(config.stripe) : undefined,
    bus,
    async close() {
      if (closed) return;
      closed = true;
      // The workers (if this process started them) finish what they are doing first.
      await stopServingProcess();
      await outbox.stop();
      mailer.close();
      await bus?.close();
      await db.destroy();
    },
  };
}
