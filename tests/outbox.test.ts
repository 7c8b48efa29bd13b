import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '@db/schema.ts';
import type { DialectName } from '../src/lib/server/platform/db/dialect.ts';
import { createLogger } from '../src/lib/server/platform/logger.ts';
import type { MailMessage, Mailer } from '../src/lib/server/platform/mail/mailer.ts';
import { Outbox } from '../src/lib/server/platform/mail/outbox.ts';
import { messages } from '../src/lib/shared/messages.ts';
import { freePort, startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';
import { openTestDatabase, type TestDatabase } from './helpers/test-database.ts';
import { until } from './helpers/until.ts';

interface OutboxRow {
  id: number;
  status: string;
  attempts: number;
  last_error: string | null;
  next_attempt_at: number;
  sent_at: number | null;
}

describe('outbox against the built server, SMTP down then up', () => {
  let server: TestServer;
  let smtp: TestSmtpServer | undefined;
  let smtpPort: number;

  beforeAll(async () => {
    smtpPort = await freePort();
    server = await startServer({ SMTP_URL: `smtp://127.0.0.1:${smtpPort}`, CONTACT_INBOX: 'inbox@porchlight.test' });
  });

  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });

  function rows(): OutboxRow[] {
    const db = server.openDb();
    try {
      return db.prepare('SELECT id, status, attempts, last_error, next_attempt_at, sent_at FROM outbox').all() as OutboxRow[];
    } finally {
      db.close();
    }
  }

  it('accepts the message while SMTP is down and delivers it once SMTP is back', async () => {
    const response = await server.request('/api/messaging/contact', {
      json: { name: 'Ada', email: 'ada@example.com', message: 'Delivered eventually.' },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: messages.contact.sent });

    const [failed] = await until(rows, (r) => r.length === 1 && r[0]!.status === 'pending' && r[0]!.attempts >= 1, 'a failed attempt recorded');
    expect(failed!.last_error).toBeTruthy();
    expect(failed!.sent_at).toBeNull();
    await until(() => server.logs.some((line) => line.includes('mail: delivery failed')), Boolean, 'the failure logged');

    smtp = await startSmtpServer(smtpPort);
    const mail = await smtp.waitForMail();
    expect(mail.envelopeTo).toEqual(['inbox@porchlight.test']);
    expect(mail.text).toContain('Delivered eventually.');

    const [sent] = await until(rows, (r) => r[0]!.status === 'sent', 'the row sent');
    expect(sent!.attempts).toBeGreaterThanOrEqual(2);
    expect(sent!.sent_at).not.toBeNull();
    expect(sent!.last_error).toBeNull();
    expect(smtp.mails).toHaveLength(1);
  });
});

/** A stand-in transport behind the Mailer interface: records messages, fails on request. */
class FakeMailer implements Mailer {
  readonly kind = 'smtp' as const;
  sent: MailMessage[] = [];
  failuresLeft = 0;
  /** When set, send() waits on this promise before deciding (a slow SMTP server). */
  hold: Promise<void> | undefined;

  async send(message: MailMessage): Promise<void> {
    if (this.hold) await this.hold;
    if (this.failuresLeft > 0) {
      this.failuresLeft -= 1;
      throw new Error('421 try again later');
    }
    this.sent.push(message);
  }

  close(): void {}
}

describe('Outbox (unit, fake mailer)', () => {
  const BASE = 1_000;
  const LEASE = 60_000;
  const log = createLogger({ logLevel: 'silent' });
  const mail: MailMessage = { to: 'inbox@porchlight.test', subject: 'Hello', text: 'Body', replyTo: 'v@example.com' };
  // SQLite, or PostgreSQL under `npm run test:pg` (the claim then uses FOR UPDATE SKIP LOCKED).
  let database: TestDatabase;
  let dialect: DialectName;
  let db: Kysely<Database>;
  let now: number;

  beforeEach(async () => {
    database = await openTestDatabase();
    ({ db, dialect } = database);
    // Only Date is faked: the clock moves when the test says so, timers and I/O stay real.
    vi.useFakeTimers({ toFake: ['Date'] });
    now = new Date('2025-06-01T12:00:00Z').getTime();
    vi.setSystemTime(now);
  });

  afterEach(async () => {
    vi.useRealTimers();
    await database.close();
  });

  function row(id: number): OutboxRow {
    return database.sync.prepare('SELECT id, status, attempts, last_error, next_attempt_at, sent_at FROM outbox WHERE id = ?').get(id) as OutboxRow;
  }

  function advance(ms: number) {
    now += ms;
    vi.setSystemTime(now);
  }

  it('retries with exponential backoff, then sends once', async () => {
    const mailer = new FakeMailer();
    mailer.failuresLeft = 3;
    const outbox = new Outbox(db, mailer, log, { dialect, baseDelayMs: BASE, maxDelayMs: 3_000 });
    const id = await outbox.enqueue(mail);

    await outbox.processDue();
    expect(row(id)).toMatchObject({ status: 'pending', attempts: 1, last_error: '421 try again later', next_attempt_at: now + BASE });

    // Not due yet: nothing happens.
    advance(BASE - 1);
    await outbox.processDue();
    expect(row(id).attempts).toBe(1);

    advance(1);
    await outbox.processDue();
    expect(row(id)).toMatchObject({ attempts: 2, next_attempt_at: now + 2 * BASE });

    advance(2 * BASE);
    await outbox.processDue();
    // 4 s would be next, capped at maxDelayMs.
    expect(row(id)).toMatchObject({ attempts: 3, next_attempt_at: now + 3_000 });

    advance(3_000);
    await outbox.processDue();
    expect(row(id)).toMatchObject({ status: 'sent', attempts: 4, last_error: null, sent_at: now });
    expect(mailer.sent).toEqual([{ ...mail, html: undefined }]);

    advance(60 * 60_000);
    await outbox.processDue();
    expect(mailer.sent).toHaveLength(1);
  });

  it('marks a message failed after maxAttempts and stops trying', async () => {
    const mailer = new FakeMailer();
    mailer.failuresLeft = Infinity;
    const outbox = new Outbox(db, mailer, log, { dialect, baseDelayMs: BASE, maxAttempts: 2 });
    const id = await outbox.enqueue(mail);

    await outbox.processDue();
    advance(BASE);
    await outbox.processDue();
    expect(row(id)).toMatchObject({ status: 'failed', attempts: 2 });

    advance(24 * 60 * 60_000);
    await outbox.processDue();
    expect(row(id).attempts).toBe(2);
  });

  it('leases a claimed row: a second worker waits for the lease, and the first cannot undo its work', async () => {
    let release!: () => void;
    const slow = new FakeMailer();
    slow.hold = new Promise<void>((resolve) => (release = resolve));
    slow.failuresLeft = 1;
    const quick = new FakeMailer();
    const first = new Outbox(db, slow, log, { dialect, baseDelayMs: BASE, leaseMs: LEASE });
    const second = new Outbox(db, quick, log, { dialect, baseDelayMs: BASE, leaseMs: LEASE });
    const id = await first.enqueue(mail);

    const stuck = first.processDue();
    await until(() => row(id).status, (status) => status === 'sending', 'the row claimed');

    // The lease holds: the second worker does not send the row the first one is sending.
    await second.processDue();
    expect(quick.sent).toHaveLength(0);

    // The first worker is presumed dead once the lease runs out: the second takes over.
    advance(LEASE);
    await second.processDue();
    expect(quick.sent).toHaveLength(1);
    expect(row(id)).toMatchObject({ status: 'sent', attempts: 2 });

    // The first worker comes back with a failure: the row stays sent, no resend is scheduled.
    release();
    await stuck;
    expect(row(id)).toMatchObject({ status: 'sent', attempts: 2, last_error: null });
  });

  it('two workers (two servers) draining one queue send each of 50 mails exactly once', async () => {
    const mailers = [new FakeMailer(), new FakeMailer()];
    const workers = mailers.map((mailer) => new Outbox(db, mailer, log, { dialect, leaseMs: LEASE }));
    const subjects = Array.from({ length: 50 }, (_, i) => `Mail ${i}`);
    for (const subject of subjects) await workers[0]!.enqueue({ ...mail, subject });

    // Both at once, pass after pass (an unstarted outbox delivers one row per pass).
    for (let pass = 0; pass < 50 && mailers.reduce((n, mailer) => n + mailer.sent.length, 0) < 50; pass += 1) {
      await Promise.all(workers.map((worker) => worker.processDue()));
    }

    expect(mailers.every((mailer) => mailer.sent.length > 0)).toBe(true);
    const sent = mailers.flatMap((mailer) => mailer.sent.map((message) => message.subject));
    expect(sent.toSorted()).toEqual(subjects.toSorted());
    const rows = database.sync.prepare('SELECT status, attempts FROM outbox').all() as Pick<OutboxRow, 'status' | 'attempts'>[];
    expect(rows).toHaveLength(50);
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });

  it('a kick delivers at once; stop() waits for the delivery in progress', async () => {
    const mailer = new FakeMailer();
    const outbox = new Outbox(db, mailer, log, { dialect, pollMs: 60_000 });
    outbox.start();
    await outbox.enqueue(mail);
    outbox.kick();
    await until(() => mailer.sent.length, (n) => n === 1, 'the kicked mail sent');

    let release!: () => void;
    mailer.hold = new Promise<void>((resolve) => (release = resolve));
    const id = await outbox.enqueue(mail);
    outbox.kick();
    await until(() => row(id).status, (status) => status === 'sending', 'the row claimed');
    const stopped = outbox.stop();
    release();
    await stopped;
    expect(row(id).status).toBe('sent');
  });
});
