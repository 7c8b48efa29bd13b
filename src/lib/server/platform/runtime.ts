import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
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
 * What the domains add to the runtime (billing, the snapshot bus), each field declared where they
 * are built: domain-services.ts augments this interface. This module names no domain, so it sits
 * at the bottom of the server with config.ts, and the hundred modules that ask for the runtime are
 * never imported back by it (docs/architecture.md, Layers).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging (domain-services.ts)
export interface DomainServices {}

/**
 * The part of the composition root that knows the domains, handed in from the top by every entry
 * (boot.ts, middleware.ts, the admin command line) before the first getRuntime(): domain-services.ts.
 */
export interface RuntimeAssembly {
  /** Runs once on the opened database, before any service is built (the demo guidebook). */
  seed(db: Kysely<Database>): Promise<void>;
  /** The database opened read-only, with no migrations (the render worker: any write fails). */
  readOnly?: boolean;
  /** The domains' services, built from the configuration and the opened database; `close` ends what they hold. */
  open(parts: { config: Config; database: OpenedDatabase; log: Logger }): Promise<{ services: DomainServices; close(): Promise<void> }>;
}

/**
 * The composition root (docs/style.md 6): every process-wide service, built once from the configuration
 * and owned here, stores included. It imports only the services' factories, never a domain
 * module: the domains' own services come through the `RuntimeAssembly` an entry hands in. The
 * background work (outbox delivery, upload clean-up, billing reconciler) is started by the server,
 * not by this module (workers.ts): the admin command line opens the same runtime without it.
 */
export interface Runtime extends DomainServices {
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
  close(): Promise<void>;
}

const built = processSingleton('runtime', () => ({ runtime: undefined as Promise<Runtime> | undefined, assembly: undefined as RuntimeAssembly | undefined }));

/** Hands in the domains' part (domain-services.ts); the first entry to call it wins, for both bundles. */
export function assembleRuntime(assembly: RuntimeAssembly): void {
  built.assembly ??= assembly;
}

/** The process's runtime, built on first use (one for both bundles, process-singleton.ts). */
export function getRuntime(): Promise<Runtime> {
  built.runtime ??= createRuntime(parseConfig(), assembly()).catch((error: unknown) => {
    built.runtime = undefined;
    throw error;
  });
  return built.runtime;
}

function assembly(): RuntimeAssembly {
  if (!built.assembly) throw new Error('runtime: no assembly handed in (an entry calls assembleRuntime(domainServices) first)');
  return built.assembly;
}

async function createRuntime(config: Config, assembly: RuntimeAssembly): Promise<Runtime> {
  const log = createLogger(config);
  const database = await openConfiguredDatabase(config.database, log, { readOnly: assembly.readOnly ?? false });
  const { db } = database;
  await assembly.seed(db);
  const mailer = createMailer(config, log);
  const outbox = new Outbox(db, mailer, log, { dialect: database.dialect });
  const domains = await assembly.open({ config, database, log });

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
    ...domains.services,
    async close() {
      if (closed) return;
      closed = true;
      // The workers (if this process started them) finish what they are doing first.
      await stopServingProcess();
      await outbox.stop();
      mailer.close();
      await domains.close();
      await db.destroy();
    },
  };
}
