import path from 'node:path';
import type { Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import { seedDemo } from '../../../db/seed.ts';
import { parseConfig, type Config } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import type { Database } from './db/schema.ts';
import { createLogger, type Logger } from './logger.ts';
import { createBilling, type Billing } from './billing/billing.ts';
import { startBillingReconciler } from './billing/reconcile-subscriptions.ts';
import { verifyPrices } from './billing/verify-prices.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { Outbox } from './mail/outbox.ts';
import { watchOtherProcessWrites } from './snapshots/snapshot-store.ts';
import { getStorageFor } from './storage.ts';
import { startUploadCleanup } from './uploads/remove-unreferenced-uploads.ts';

/**
 * Process-wide services, built once from the configuration. Kept on globalThis so that the
 * boot bundle (scripts/serve.mjs) and the Astro server bundle share one database connection,
 * one outbox worker and one logger even though each carries its own copy of this module.
 */
export interface Runtime {
  config: Config;
  log: Logger;
  sqlite: SQLite.Database;
  db: Kysely<Database>;
  mailer: Mailer;
  outbox: Outbox;
  /** Stripe, when STRIPE_SECRET_KEY is set. */
  billing: Billing | undefined;
  close(): Promise<void>;
}

/**
 * 'server' runs the background workers (outbox, upload clean-up, billing reconciler); 'cli' (the
 * admin command) opens the same database and stores without them, so it never sends a mail.
 */
export type RuntimeRole = 'server' | 'cli';

const KEY = Symbol.for('porchlight.runtime');
type Holder = { [KEY]?: Promise<Runtime> };
const holder = globalThis as Holder;

export function getRuntime(role: RuntimeRole = 'server'): Promise<Runtime> {
  holder[KEY] ??= createRuntime(parseConfig(), role).catch((error: unknown) => {
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}

export async function createRuntime(config: Config, role: RuntimeRole = 'server'): Promise<Runtime> {
  const log = createLogger(config);
  const { sqlite, db } = openDatabase(path.join(config.dataDir, 'porchlight.sqlite'));
  await seedDemo(db);
  const mailer = createMailer(config, log);
  const outbox = new Outbox(db, mailer, log);
  const billing = config.stripe ? createBilling(config.stripe) : undefined;
  const workers: Array<{ stop(): Promise<void> }> = [];
  if (role === 'server') {
    outbox.start();
    // Unreferenced uploads go at boot, hourly and after saves (scheduleUploadCleanup).
    workers.push(startUploadCleanup({ db, log, storage: getStorageFor(config, 'uploads') }));
    if (billing && config.stripe) {
      workers.push(startBillingReconciler({ db, log }));
      void verifyPrices(billing, config.stripe.prices, log);
    }
    // A plan set by the admin CLI (another process) must reach the guest pages held in memory.
    watchOtherProcessWrites(sqlite);
    logMissingServices(config, log);
  }

  let closed = false;
  return {
    config,
    log,
    sqlite,
    db,
    mailer,
    outbox,
    billing,
    async close() {
      if (closed) return;
      closed = true;
      await outbox.stop();
      await Promise.all(workers.map((worker) => worker.stop()));
      mailer.close();
      await db.destroy();
    },
  };
}

/** One line per optional service that is off, so an operator sees what the app will not do. */
function logMissingServices(config: Config, log: Logger): void {
  if (!config.mail.smtpUrl) log.info(`mail: writing to ${path.join(config.dataDir, 'outbox')} (SMTP_URL not set)`);
  if (!config.turnstile) log.info('captcha: off (TURNSTILE_SITE_KEY / TURNSTILE_SECRET_KEY not set)');
  if (!config.google) log.info('google sign-in: off (GOOGLE_CLIENT_ID not set)');
  if (!config.stripe) log.info('billing: off (STRIPE_SECRET_KEY not set); plans can be set with `npm run admin -- plan set`');
  else if (!config.stripe.webhookSecret) log.warn('billing: STRIPE_WEBHOOK_SECRET not set, every webhook is refused (plans sync only on return from checkout)');
}
