import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * A booking platform's calendar export on loopback, over real HTTPS. The server
 * under test reaches it through its production fetch: TEST_CALENDAR_RESOLVE (NODE_ENV=test only)
 * resolves CALENDAR_HOST to this stand-in's own loopback address and exempts that address alone;
 * NODE_EXTRA_CA_CERTS makes the server trust the certificate made here for this run (openssl).
 * It listens on 127.0.0.2, not 127.0.0.1, so the tests can show that 127.0.0.1 stays refused.
 */
export const CALENDAR_HOST = 'calendar.test';
const ADDRESS = '127.0.0.2';

export interface FeedAnswer {
  status?: number;
  body?: string | Buffer;
  contentType?: string;
  /** Never answer (the fetch's timeout). */
  hang?: boolean;
  /** A redirect to this URL (status 302 unless given). */
  location?: string;
}

export interface FeedHit {
  path: string;
  userAgent: string;
  accept: string;
}

export interface CalendarStandIn {
  port: number;
  /** `https://calendar.test:port/<path>`. */
  url(pathname: string): string;
  /** What `pathname` answers from now on (404 until set). */
  serve(pathname: string, answer: FeedAnswer): void;
  hits: FeedHit[];
  /** The environment a server needs to reach the stand-in. */
  serverEnv: Record<string, string>;
  close(): Promise<void>;
}

function selfSignedCertificate(dir: string, host: string): { key: string; cert: string; certFile: string } {
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', `/CN=${host}`, '-addext', `subjectAltName=DNS:${host}`],
    { stdio: 'ignore' },
  );
  return { key: fs.readFileSync(keyFile, 'utf8'), cert: fs.readFileSync(certFile, 'utf8'), certFile };
}

/** `host` names the platform it plays: `www.airbnb.test` reads as an Airbnb feed (src/lib/shared/channels.ts). */
export async function startCalendarStandIn(host = CALENDAR_HOST): Promise<CalendarStandIn> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'porchlight-calendar-'));
  const { key, cert, certFile } = selfSignedCertificate(dir, host);
  const answers = new Map<string, FeedAnswer>();
  const hits: FeedHit[] = [];
  const server = https.createServer({ key, cert }, (req, res) => {
    const pathname = new URL(req.url ?? '/', `https://${host}`).pathname;
    hits.push({ path: pathname, userAgent: req.headers['user-agent'] ?? '', accept: req.headers.accept ?? '' });
    const answer = answers.get(pathname);
    if (answer?.hang) return;
    if (!answer) res.writeHead(404);
    else if (answer.location) res.writeHead(answer.status ?? 302, { location: answer.location });
    else res.writeHead(answer.status ?? 200, { 'content-type': answer.contentType ?? 'text/calendar; charset=utf-8' });
    res.end(answer && !answer.location ? (answer.body ?? '') : '');
  });
  await new Promise<void>((resolve) => server.listen(0, ADDRESS, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    url: (pathname) => `https://${host}:${port}${pathname}`,
    serve: (pathname, answer) => answers.set(pathname, answer),
    hits,
    serverEnv: { NODE_ENV: 'test', TEST_CALENDAR_RESOLVE: `${host}:${ADDRESS}`, NODE_EXTRA_CA_CERTS: certFile },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface IcsEvent {
  uid: string;
  /** "20261204" (an all-day DATE) or "20261204T150000" / "20261204T150000Z" (a DATE-TIME). */
  start: string;
  end?: string;
  summary?: string;
  status?: string;
  /** TZID parameter of DTSTART and DTEND. */
  tzid?: string;
  extra?: string[];
}

/** An iCal feed the way the platforms write one: CRLF lines, PRODID, all-day DATE values. */
export function ics(events: IcsEvent[], head: string[] = []): string {
  const when = (name: string, value: string, tzid: string | undefined) =>
    /^\d{8}$/.test(value) ? `${name};VALUE=DATE:${value}` : tzid ? `${name};TZID=${tzid}:${value}` : `${name}:${value}`;
  const lines = ['BEGIN:VCALENDAR', 'PRODID:-//Porchlight tests//Calendar stand-in//EN', 'VERSION:2.0', 'CALSCALE:GREGORIAN', ...head];
  for (const event of events) {
    lines.push('BEGIN:VEVENT', `DTSTAMP:20260101T000000Z`, when('DTSTART', event.start, event.tzid));
    if (event.end) lines.push(when('DTEND', event.end, event.tzid));
    lines.push(`UID:${event.uid}`);
    if (event.summary !== undefined) lines.push(`SUMMARY:${event.summary}`);
    if (event.status) lines.push(`STATUS:${event.status}`);
    lines.push(...(event.extra ?? []), 'END:VEVENT');
  }
  lines.push('END:VCALENDAR');
  return lines.join('\r\n') + '\r\n';
}
