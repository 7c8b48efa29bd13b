import type { Config } from '../platform/config.ts';
import { assistantStartLine } from '../platform/config-assistant.ts';
import type { Logger } from '../platform/logger.ts';
import { BACKGROUND_JOBS } from './background-jobs.ts';
import type { BackgroundJob, JobContext } from './job-types.ts';
import { drainCdnPurges, purgeAllGuestPages } from '../guest-pages/publish/purge-cdn.ts';
import { createJobLease } from '../platform/cluster/job-lease.ts';
import { checkReadiness } from '../ops/check-readiness.ts';
import { verifyPrices } from '../money/subscriptions/verify-prices.ts';
import { startRecurringTurns } from '../platform/recurring-turns.ts';
import { isRenderWorker, isServingProcess, markServingProcess } from '../platform/serving-process.ts';
import type { Runtime } from '../platform/runtime.ts';
import { installQueryCounter } from '../guest-pages/serve/query-counter.ts';
import { watchOtherProcessWrites } from '../guest-pages/store/other-process-writes.ts';
import { loadPendingRemovals, stopPendingRemovalRetries } from '../guest-pages/store/pending-removals.ts';
import { applyRemoteSnapshotEvent, forgetEverythingFromElsewhere } from '../guest-pages/publish/remote-changes.ts';
import { renderSecret } from '../guest-pages/publish/rebuild-snapshots.ts';
import { stopRenderWorker, useRenderWorker, type RenderWorkerFiles } from '../guest-pages/publish/render-worker.ts';
import { locksOffReason } from '../locks/lock-config.ts';

/**
 * What a serving process runs beside its requests, started once (by the boot bundle before the
 * port opens, or by the middleware on the first request under `astro dev`): mail delivery, the
 * periodic jobs of one list (background-jobs.ts: upload clean-up, billing reconciler, calendar
 * sync, reminders before arrival, …) and the check for other processes' writes. The admin command line never starts them. Resolves once the start-up reads that guests
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

export async function startWorkers(runtime: Runtime, { renderWorker }: { renderWorker?: RenderWorkerFiles } = {}): Promise<void> {
  if (isServingProcess() || isRenderWorker()) return;
  const { config, log, database, outbox, storage, billing } = runtime;
  outbox.start();
  // The built server renders its publishes on a thread of its own; `astro dev` has none to start.
  if (renderWorker) useRenderWorker(renderWorker, renderSecret(), log);
  // Periodic jobs run on one server at a time (docs/decisions/012): each turn takes its lease.
  const context: JobContext = { runtime, jobs: createJobLease(config.database, log) };
  const running = BACKGROUND_JOBS.map((job) => startJob(job, context));
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
    await Promise.all([...running.map((job) => job?.stop()), drainCdnPurges(), stopRenderWorker()]);
  });
  // Stored pages an outage kept from being removed (by this server or another) stay unserved.
  await loadPendingRemovals();
}

/** A job of the list: its own start, or its turn every `everyMs` (and once just after start) under its lease. */
function startJob(job: BackgroundJob, context: JobContext): { stop(): Promise<void> } | undefined {
  if ('start' in job) return job.start(context);
  const { log } = context.runtime;
  const turn = () => job.turn(context);
  const turns = startRecurringTurns(job.everyMs, () =>
    (job.lease ? context.jobs.run(job.lease, turn) : turn()).then(
      () => undefined,
      (error: unknown) => log[job.failed.level]({ err: error }, job.failed.message),
    ),
  );
  return { stop: () => turns.stop() };
}

/** One line per optional service that is off, so an operator sees what the app will not do. */
function logMissingServices(config: Config, log: Logger): void {
  if (!config.mail.smtpUrl) log.info(`mail: writing to ${config.dataDir}/outbox (SMTP_URL not set)`);
  if (!config.turnstile) log.info('captcha: off (TURNSTILE_SITE_KEY / TURNSTILE_SECRET_KEY not set)');
  if (!config.google) log.info('google sign-in: off (GOOGLE_CLIENT_ID not set)');
  if (!config.cdn) log.info('cdn purge: off (CDN_PURGE_URL not set); shared caches must revalidate guest pages');
  if (!config.translate) log.info('machine translation: off (TRANSLATE_URL not set); the editor offers no machine drafts');
  log.info(assistantStartLine(config.assistant));
  if (!config.secretsKeys) log.info('integrations: off (SECRETS_KEY not set); booking systems cannot be connected');
  const locksOff = locksOffReason(config);
  if (locksOff) log.info(locksOff);
  else if (!config.seam?.webhookSecret) log.warn('smart locks: SEAM_WEBHOOK_SECRET not set, Seam webhooks are refused');
  if (!config.stripe) log.info('billing: off (STRIPE_SECRET_KEY not set); plans can be set with `npm run admin -- plan set`');
  else if (!config.stripe.webhookSecret) log.warn('billing: STRIPE_WEBHOOK_SECRET not set, every webhook is refused (plans sync only on return from checkout)');
}
