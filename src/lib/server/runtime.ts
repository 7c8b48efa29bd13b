import path from 'node:path';
import type { Kysely } from 'kysely';
import type SQLite from 'better-sqlite3';
import { seedDemo } from '../../../db/seed.ts';
import { parseConfig, type Config } from './config.ts';
import { openDatabase } from './db/open-database.ts';
import type { Database } from './db/schema.ts';
import { createLogger, type Logger } from './logger.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { Outbox } from './mail/outbox.ts';
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
  close(): Promise<void>;
}

const KEY = Symbol.for('porchlight.runtime');
type Holder = { [KEY]?: Promise<Runtime> };
const holder = globalThis as Holder;

export function getRuntime(): Promise<Runtime> {
  holder[KEY] ??= createRuntime(parseConfig()).catch((error: unknown) => {
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}

export async function createRuntime(config: Config): Promise<Runtime> {
  const log = createLogger(config);
  const { sqlite, db } = openDatabase(path.join(config.dataDir, 'porchlight.sqlite'));
  await seedDemo(db);
  const mailer = createMailer(config, log);
  const outbox = new Outbox(db, mailer, log);
  outbox.start();
  // Unreferenced uploads go at boot, hourly and after saves (scheduleUploadCleanup).
  const uploadCleanup = startUploadCleanup({ db, log, storage: getStorageFor(config, 'uploads') });
  logMissingServices(config, log);

  let closed = false;
  return {
    config,
    log,
    sqlite,
    db,
    mailer,
    outbox,
    async close() {
      if (closed) return;
      closed = true;
      await outbox.stop();
      await uploadCleanup.stop();
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
  if (!config.raw.STRIPE_SECRET_KEY) log.info('billing: off (STRIPE_SECRET_KEY not set)');
}
