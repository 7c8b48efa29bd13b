import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { startServer, type TestServer } from './server.ts';
import { CONDITION_TIMEOUT_MS } from './until.ts';

/** One message as the SMTP server received it, with the few parts tests assert on decoded. */
export interface ReceivedMail {
  envelopeFrom: string;
  envelopeTo: string[];
  raw: string;
  /** Header names in lower case; folded lines joined; RFC 2047 words decoded. */
  headers: Record<string, string>;
  subject: string;
  /** The text body, decoded from quoted-printable or base64 (single-part mails only). */
  text: string;
}

export interface TestSmtpServer {
  port: number;
  /** SMTP_URL for the app. */
  url: string;
  mails: ReceivedMail[];
  /** Resolves with the first mail (past or future) that matches; rejects only after CONDITION_TIMEOUT_MS (a hang). */
  waitForMail(match?: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback (no TLS, no auth) that keeps every message it accepts;
 * `acceptDelayMs` holds each message that long before accepting it (a slow server).
 */
export async function startSmtpServer(port = 0, { acceptDelayMs = 0 } = {}): Promise<TestSmtpServer> {
  const mails: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const accept = () => {
          mails.push({ envelopeFrom, envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, ...parseMail(raw) });
          for (const wake of waiters) wake();
          callback();
        };
        if (acceptDelayMs > 0) setTimeout(accept, acceptDelayMs);
        else accept();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;

  return {
    port: actualPort,
    url: `smtp://127.0.0.1:${actualPort}`,
    mails,
    waitForMail(match = () => true) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = mails.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${CONDITION_TIMEOUT_MS / 1000} s (received ${mails.length})`));
        }, CONDITION_TIMEOUT_MS);
        waiters.add(check);
        check();
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The set-up of a test file about mail: before its tests, an SMTP server and a test server that
 * mails to it (SMTP_URL, plus `env`), handed to `receive`; after them, both stopped (the SMTP
 * server too when the test server failed to start).
 */
export function serverWithMailForFile(env: Record<string, string>, receive: (started: { server: TestServer; smtp: TestSmtpServer }) => void): void {
  let server: TestServer | undefined;
  let smtp: TestSmtpServer | undefined;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    server = await startServer({ SMTP_URL: smtp.url, ...env });
    receive({ server, smtp });
  });
  afterAll(async () => {
    await server?.stop();
    await smtp?.close();
  });
}

/**
 * Every part of a mail as its reader sees it (transfer encoding undone), joined: the text part
 * and the HTML part of a multipart mail, or the one body of a single-part mail.
 */
export function readableParts(mail: ReceivedMail): string {
  const boundary = /boundary="?([^";]+)"?/.exec(mail.headers['content-type'] ?? '')?.[1];
  if (!boundary) return mail.text;
  return mail.raw
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => parseMail(part.replace(/^\r?\n/, '')).text)
    .join('\n');
}

function parseMail(raw: string): Pick<ReceivedMail, 'headers' | 'subject' | 'text'> {
  const split = raw.search(/\r?\n\r?\n/);
  const head = split === -1 ? raw : raw.slice(0, split);
  const body = split === -1 ? '' : raw.slice(split).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body;
  return { headers, subject: headers.subject ?? '', text: text.replace(/\r\n/g, '\n') };
}

function decodeQuotedPrintable(value: string): string {
  // Escape literal % first, so that after =XX becomes %XX only our escapes are decoded.
  const escaped = value
    .replace(/%/g, '%25')
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, '%$1');
  return decodeURIComponent(escaped);
}

/** RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes them. */
function decodeWords(value: string): string {
  return value.replace(/=\?([^?]+)\?([QB])\?([^?]*)\?=(\s+(?==\?))?/gi, (_, _charset: string, kind: string, data: string) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}
