import type { Config } from './config.ts';
import type { Logger } from './logger.ts';
import { startBillingReconciler } from './money/subscriptions/reconcile-subscriptions.ts';
import { drainCdnPurges, purgeAllGuestPages } from './guest-pages/publish/purge-cdn.ts';
import { createJobLease } from './cluster/job-lease.ts';
import { checkReadiness } from './ops/check-readiness.ts';
import { verifyPrices } from './money/subscriptions/verify-prices.ts';
import { isServingProcess, markServingProcess } from './serving-process.ts';
import type { Runtime } from './runtime.ts';
import { installQueryCounter } from './guest-pages/serve/query-counter.ts';
import { watchOtherProcessWrites } from './guest-pages/store/other-process-writes.ts';
import { loadPendingRemovals, stopPendingRemovalRetries } from './guest-pages/store/pending-removals.ts';
import { applyRemoteSnapshotEvent, forgetEverythingFromElsewhere } from './guest-pages/publish/remote-changes.ts';
import { startCalendarSync } from './stays/start-calendar-sync.ts';
import { startArrivalReminders } from './stays/arrival-reminders.ts';
import { startOrderUpkeep } from './money/orders/order-upkeep.ts';
import { startUploadCleanup } from './uploads/remove-unreferenced-uploads.ts';
import { startViewCounting } from './insights/view-counts.ts';
import { startInsightsRetention } from './insights/retention.ts';
import { startFeedbackDigest } from './insights/feedback-digest.ts';

/**
 * What a serving process runs beside its requests, started once (by the boot bundle before the
 * port opens, or by the middleware on the first request under `astro dev`): mail delivery, the
 * clean-up of unreferenced uploads, the billing reconciler, the calendar sync (stays/start-calendar-sync.ts), the
 * reminders before arrival (stays/arrival-reminders.ts)
 * and the check for other processes' writes. The admin command line never starts them. Resolves once the start-up reads that guests
 * depend on are done (the stored pages that must not be served, guest-pages/store/pending-removals.ts):
 * the boot bundle waits for it before the port opens.
 */
/** Tries at start, 2 s apart: a bucket slow to answer while the machine starts up is not an outage. */
const BUCKET_CHECKS_AT_START = 3;

async function checkBucketAtStart(bucket: string, log: Logger): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    const { checks } = await checkReadiness();
    if (checks.uploads === 'ok' && checks.snapshots === 'ok') return log.info({ bucket }, 'storage: s3 bucket answers');
    if (attempt === BUCKET_CHECKS_AT_START) {
      return log.error({ bucket, checks }, 'storage: the s3 bucket does not answer (cause logged above); uploads and snapshots fail, /readyz answers 503');
    }
    await new Promise((resolve) => setTimeout(resolve, 2_000).unref());
  }
}

export async function startWorkers(runtime: Runtime): Promise<void> {
  if (isServingProcess()) return;
  const { config, db, log, database, outbox, storage, billing } = runtime;
  outbox.start();
  // Periodic jobs run on one server at a time (docs/decisions/012); every later job takes `jobs` too.
  const jobs = createJobLease(config.database, log);
  const uploadCleanup = startUploadCleanup({ db, dialect: database.dialect, log, storage: storage.uploads, jobs });
  const reconciler = billing ? startBillingReconciler({ db, log, jobs }) : undefined;
  const calendarSync = startCalendarSync({ db, dialect: database.dialect, log, config, jobs });
  // Authorised orders left unanswered for 72 hours release their hold (docs/decisions/020).
  const orderExpiry = startOrderUpkeep({ log, jobs });
  // The link again to a guest who has not opened it, before check-in (docs/product/insights.md).
  const arrivalReminders = startArrivalReminders({ db, outbox, config, log, jobs });
  // Every server writes its own guests' page opens (docs/decisions/023), the last ones as it stops.
  const viewCounting = startViewCounting({ db, log });
  const insightsRetention = startInsightsRetention({ db, log, jobs });
  // Hosts get one mail a day with their guests' new feedback (insights/feedback-digest.ts).
  const feedbackDigest = startFeedbackDigest({ db, outbox, appUrl: config.appUrl, log, jobs });
  if (billing && config.stripe) void verifyPrices(billing, config.stripe.prices, log);
  // What another process changed must reach the guest pages held in memory: on SQLite the admin
  // CLI's commits (data_version); on PostgreSQL the other servers' and the CLI's events
  // (LISTEN/NOTIFY, docs/decisions/012).
  if (database.dialect === 'sqlite') watchOtherProcessWrites(database.sqlite);
  runtime.bus?.receive({ onEvent: applyRemoteSnapshotEvent, onGap: forgetEverythingFromElsewhere });
  // Tests prove that a guest page answered from its snapshot reads no table (x-sqlite-queries).
  if (config.env === 'test') installQueryCounter((onStatement) => database.countStatements(onStatement));
  logMissingServices(config, log);
  // Guest pages a CDN kept may come from the build before this one (docs/decisions/007, "CDN").
  if (config.cdn) purgeAllGuestPages();
  // A wrong key or endpoint is said at start, not at the first upload (/readyz keeps saying it).
  if (config.storageDriver === 's3') void checkBucketAtStart(storage.location, log);
  markServingProcess(async () => {
    stopPendingRemovalRetries();
    await Promise.all([uploadCleanup.stop(), reconciler?.stop(), calendarSync.stop(), orderExpiry.stop(), arrivalReminders.stop(), drainCdnPurges(), viewCounting.stop(), insightsRetention.stop(), feedbackDigest.stop()]);
  });
  // Stored pages an outage kept from being removed (by this server or another) stay unserved.
  await loadPendingRemovals();
}

/** One line per optional service that is off, so an operator sees what the app will not do. */
function logMissingServices(config: Config, log: Logger): void {
  if (!config.mail.smtpUrl) log.info(`mail: writing to ${config.dataDir}/outbox (SMTP_URL not set)`);
  if (!config.turnstile) log.info('captcha: off (TURNSTILE_SITE_KEY / TURNSTILE_SECRET_KEY not set)');
  if (!config.google) log.info('google sign-in: off (GOOGLE_CLIENT_ID not set)');
  if (!config.cdn) log.info('cdn purge: off (CDN_PURGE_URL not set); shared caches must revalidate guest pages');
  if (!config.translate) log.info('machine translation: off (TRANSLATE_URL not set); the editor offers no machine drafts');
  if (!config.stripe) log.info('billing: off (STRIPE_SECRET_KEY not set); plans can be set with `npm run admin -- plan set`');
  else if (!config.stripe.webhookSecret) log.warn('billing: STRIPE_WEBHOOK_SECRET not set, every webhook is refused (plans sync only on return from checkout)');
}
