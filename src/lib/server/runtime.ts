import path from 'node:path';
import type { Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import type { Database } from '@db/schema.ts';
import { seedDemo } from '@db/seed.ts';
import { createBilling, type Billing } from './billing/billing.ts';
import { parseConfig, type Config } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { Outbox } from './mail/outbox.ts';
import { processState } from './process-state.ts';
import { createStores, type Stores } from './storage.ts';

/**
 * The composition root (STYLE.md 6): every process-wide service, built once from the configuration
 * and owned here, stores included. It imports only the services' factories, never a domain
 * module, so nothing that asks for the runtime is ever imported back by it. The background work
 * (outbox delivery, upload clean-up, billing reconciler) is started by the server, not by this
 * module (workers.ts): the admin command line opens the same runtime without it.
 */
export interface Runtime {
  config: Config;
  log: Logger;
  sqlite: SQLite.Database;
  db: Kysely<Database>;
  mailer: Mailer;
  outbox: Outbox;
  /** Uploaded images and guest-page snapshots (ARCHITECTURE.md, blobs). */
  storage: Stores;
  /** Stripe, when STRIPE_SECRET_KEY is set. */
  billing: Billing | undefined;
  close(): Promise<void>;
}

/** The process's runtime, built on first use (process-state.ts keeps one for both bundles). */
export function getRuntime(): Promise<Runtime> {
  processState.runtime ??= createRuntime(parseConfig()).catch((error: unknown) => {
    processState.runtime = undefined;
    throw error;
  });
  return processState.runtime;
}

export async function createRuntime(config: Config): Promise<Runtime> {
  const log = createLogger(config);
  const { sqlite, db } = openDatabase(path.join(config.dataDir, 'porchlight.sqlite'));
  await seedDemo(db);
  const mailer = createMailer(config, log);
  const outbox = new Outbox(db, mailer, log);

  let closed = false;
  return {
    config,
    log,
    sqlite,
    db,
    mailer,
    outbox,
    storage: createStores(config),
    billing: config.stripe ? createBilling(config.stripe) : undefined,
    async close() {
      if (closed) return;
      closed = true;
      // The workers (if this process started them) finish what they are doing first.
      await processState.workers?.stop();
      await outbox.stop();
      mailer.close();
      await db.destroy();
    },
  };
}
