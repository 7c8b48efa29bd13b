import type { BackgroundJob } from './job-types.ts';
import { deleteOldActivity } from '../account/list-activity.ts';
import { startQuestionCounting, QUESTION_FLUSH_MS } from '../assistant/questions.ts';
import { questionRetention } from '../assistant/retention.ts';
import { EVERY_MS as RECONCILE_EVERY_MS, startBillingReconciler } from '../money/subscriptions/reconcile-subscriptions.ts';
import { cancelLapsedAuthorisations } from '../money/orders/cancel-lapsed-authorisations.ts';
import { followLeftovers } from '../money/orders/follow-stays.ts';
import { sendFeedbackDigests } from '../insights/feedback-digest.ts';
import { rollUpOldCounts } from '../insights/retention.ts';
import { startViewCounting, VIEW_FLUSH_MS } from '../insights/view-counts.ts';
import { startLockWorker, LOCK_WORKER_TURN_MS } from '../locks/code-worker.ts';
import { locksOffReason } from '../locks/lock-config.ts';
import { LOCK_JOB_EVERY_MS, runLockJob } from '../locks/lock-job.ts';
import { INBOX_TURN_MS, startInboxWorker } from '../pms/inbox-worker.ts';
import { PMS_SYNC_EVERY_MS, runPmsSync } from '../pms/sync-job.ts';
import { sendDueReminders } from '../stays/arrival-reminders.ts';
import { sendDueStayLinks } from '../stays/stay-link-mails.ts';
import { eraseGuestData, GUEST_DATA_TURN_MS } from '../stays/guest-data-retention.ts';
import { CALENDAR_TURN_MS, startCalendarSync } from '../stays/start-calendar-sync.ts';
import { startUploadCleanup, UPLOAD_CLEANUP_MS } from '../uploads/remove-unreferenced-uploads.ts';

const HOUR_MS = 60 * 60_000;

/**
 * Every periodic job a serving process runs (workers.ts starts them in this order and stops them
 * together). The admin command line runs none.
 */
export const BACKGROUND_JOBS: readonly BackgroundJob[] = [
  {
    // Trash past its 30 days, then uploads nothing references; also asked for after saves (debounced).
    name: 'upload clean-up',
    everyMs: UPLOAD_CLEANUP_MS,
    lease: 'upload-cleanup',
    start: ({ runtime: { db, database, log, storage }, jobs }) => startUploadCleanup({ db, dialect: database.dialect, log, storage: storage.uploads, jobs }),
  },
  {
    // Subscriptions Stripe has not told us about (a lost renewal webhook); no turn at start.
    name: 'billing reconcile',
    everyMs: RECONCILE_EVERY_MS,
    lease: 'billing-reconcile',
    start: ({ runtime: { db, log, billing }, jobs }) => (billing ? startBillingReconciler({ db, log, jobs }) : undefined),
  },
  {
    name: 'calendar sync',
    everyMs: CALENDAR_TURN_MS,
    lease: 'calendar-sync',
    start: ({ runtime: { db, database, log, config }, jobs }) => startCalendarSync({ db, dialect: database.dialect, log, config, jobs }),
  },
  {
    // Reservations from the teams' booking systems (docs/decisions/029-pms-connectors.md §5).
    name: 'pms sync',
    everyMs: PMS_SYNC_EVERY_MS,
    lease: 'pms-sync',
    turn: () => runPmsSync(),
    failed: { level: 'warn', message: 'pms: sync turn failed, will retry' },
  },
  {
    // The webhooks' hints, read as they arrive (kicked by the hook route) and retried every minute (§5).
    name: 'pms webhook inbox',
    everyMs: INBOX_TURN_MS,
    lease: undefined,
    start: ({ runtime: { db, log, config } }) => (config.secretsKeys ? startInboxWorker({ db, log }) : undefined),
  },
  {
    // Stays' door codes made, moved and removed at Seam (docs/decisions/030-smart-locks.md §6): every
    // server works the codes due, each under its own lease, kicked by the stays' markings.
    name: 'lock worker',
    everyMs: LOCK_WORKER_TURN_MS,
    lease: undefined,
    start: ({ runtime: { db, log, config } }) => (config.seam && locksOffReason(config) === undefined ? startLockWorker({ db, log, settings: config.seam }) : undefined),
  },
  {
    // Deadlines, ended stays and the daily pass of the door codes (§6, §7).
    name: 'lock codes',
    everyMs: LOCK_JOB_EVERY_MS,
    lease: 'lock-codes',
    turn: () => runLockJob(),
    failed: { level: 'error', message: 'locks: lock codes turn failed, will retry' },
  },
  {
    // Authorised orders left unanswered for 72 hours release their hold (docs/decisions/020), and
    // orders that could not follow their stay's change at once follow it now.
    name: 'order expiry',
    everyMs: 15 * 60_000,
    lease: 'order-expiry',
    turn: async () => {
      await cancelLapsedAuthorisations(Date.now());
      await followLeftovers(Date.now());
    },
    failed: { level: 'error', message: 'extras: order upkeep turn failed' },
  },
  {
    // Guest mails before arrival: a booking system's guest's stay link (stays/stay-link-mails.ts),
    // then the link again to a guest who has not opened it (stays/arrival-reminders.ts). Links
    // first, so a reminder never follows its link mail within the same turn.
    name: 'guest mails before arrival',
    everyMs: 5 * 60_000,
    lease: 'arrival-reminders',
    turn: async ({ runtime: { db, outbox, config, log } }) => {
      await sendDueStayLinks({ db, outbox, config, log });
      await sendDueReminders({ db, outbox, config, log });
    },
    failed: { level: 'warn', message: 'stays: guest mails before arrival turn failed, will retry' },
  },
  {
    // Every server writes its own guests' page opens (docs/decisions/023), the last ones as it stops.
    name: 'view counting',
    everyMs: VIEW_FLUSH_MS,
    lease: undefined,
    start: ({ runtime: { db, log } }) => startViewCounting({ db, log }),
  },
  {
    // The same for the questions guests asked the guidebook and got an answer to (docs/decisions/031 §13).
    name: 'question counting',
    everyMs: QUESTION_FLUSH_MS,
    lease: undefined,
    start: ({ runtime: { db, log } }) => startQuestionCounting({ db, log }),
  },
  {
    name: 'insights retention',
    everyMs: 6 * HOUR_MS,
    lease: 'insights-retention',
    turn: async ({ runtime: { db, log } }) => {
      const rows = await rollUpOldCounts(db);
      if (rows > 0) log.info({ rows }, 'insights: days older than 13 months summed into months');
    },
    failed: { level: 'warn', message: 'insights: could not sum old days into months, will retry' },
  },
  {
    // Unanswered questions 90 days, model answers 13 months, counts by day 13 months (docs/decisions/031 §13).
    name: 'question retention',
    everyMs: 6 * HOUR_MS,
    lease: 'question-retention',
    turn: async ({ runtime: { db, log } }) => {
      const removed = await questionRetention(db);
      if (removed.questions + removed.usage + removed.days > 0) log.info(removed, 'questions: old questions deleted, old days summed into months');
    },
    failed: { level: 'warn', message: 'questions: could not delete old questions, will retry' },
  },
  {
    // Hosts get one mail a day with their guests' new feedback (insights/feedback-digest.ts).
    name: 'feedback digest',
    everyMs: HOUR_MS,
    lease: 'feedback-digest',
    turn: ({ runtime: { db, outbox, config, log } }) => sendFeedbackDigests({ db, outbox, appUrl: config.appUrl, log }),
    failed: { level: 'error', message: 'feedback: daily mail turn failed' },
  },
  {
    // A team's activity is kept a year (docs/decisions/028-teams.md §9, docs/product.md §6).
    name: 'activity retention',
    everyMs: 24 * HOUR_MS,
    lease: 'activity-retention',
    turn: async ({ runtime: { db, log } }) => {
      const lines = await deleteOldActivity(db);
      if (lines > 0) log.info({ lines }, 'activity: lines older than a year deleted');
    },
    failed: { level: 'warn', message: 'activity: could not delete old lines, will retry' },
  },
  {
    // A booking system's guest details are erased GUEST_DATA_DAYS after check-out (docs/decisions/029-pms-connectors.md §10).
    name: 'guest data retention',
    everyMs: GUEST_DATA_TURN_MS,
    lease: 'guest-data-retention',
    turn: async ({ runtime: { db, config, log } }) => {
      const stays = await eraseGuestData(db, config.guestDataDays);
      if (stays > 0) log.info({ stays, days: config.guestDataDays }, 'stays: guests’ details erased after check-out');
    },
    failed: { level: 'warn', message: 'stays: could not erase guests’ details, will retry' },
  },
];
