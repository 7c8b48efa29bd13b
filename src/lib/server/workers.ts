import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { startBillingReconciler } from './billing/reconcile-subscriptions.ts';
import { verifyPrices } from './billing/verify-prices.ts';
import { processState } from './process-state.ts';
import type { Runtime } from './runtime.ts';
import { installQueryCounter } from './snapshots/query-counter.ts';
import { watchOtherProcessWrites } from './snapshots/other-process-writes.ts';
import { startUploadCleanup } from './uploads/remove-unreferenced-uploads.ts';

/**
 * What a serving process runs beside its requests, started once (by the boot bundle before the
 * port opens, or by the middleware on the first request under `astro dev`): mail delivery, the
 * clean-up of unreferenced uploads, the billing reconciler and the check for other processes'
 * writes. The admin command line never starts them.
 */
export function startWorkers(runtime: Runtime): void {
  if (processState.workers) return;
  const { config, db, log, sqlite, outbox, storage, billing } = runtime;
  outbox.start();
  const uploadCleanup = startUploadCleanup({ db, log, storage: storage.uploads });
  const reconciler = billing ? startBillingReconciler({ db, log }) : undefined;
  if (billing && config.stripe) void verifyPrices(billing, config.stripe.prices, log);
  // A plan set by the admin CLI (another process) must reach the guest pages held in memory.
  watchOtherProcessWrites(sqlite);
  // Tests prove that a guest page answered from its snapshot reads no table (x-sqlite-queries).
  if (config.env === 'test') installQueryCounter(sqlite);
  logMissingServices(config, log);
  processState.workers = {
    uploadCleanup,
    async stop() {
      await Promise.all([uploadCleanup.stop(), reconciler?.stop()]);
      processState.workers = undefined;
    },
  };
}

/** One line per optional service that is off, so an operator sees what the app will not do. */
function logMissingServices(config: Config, log: Logger): void {
  if (!config.mail.smtpUrl) log.info(`mail: writing to ${config.dataDir}/outbox (SMTP_URL not set)`);
  if (!config.turnstile) log.info('captcha: off (TURNSTILE_SITE_KEY / TURNSTILE_SECRET_KEY not set)');
  if (!config.google) log.info('google sign-in: off (GOOGLE_CLIENT_ID not set)');
  if (!config.stripe) log.info('billing: off (STRIPE_SECRET_KEY not set); plans can be set with `npm run admin -- plan set`');
  else if (!config.stripe.webhookSecret) log.warn('billing: STRIPE_WEBHOOK_SECRET not set, every webhook is refused (plans sync only on return from checkout)');
}
