/**
 * The Smoobu stand-in as its own process, for Playwright's `webServer` (e2e/integrations.spec.ts):
 *
 *   node tests/helpers/pms/cli.ts --port 4333 --dir test-results/e2e-smoobu-4333
 *
 * The app takes a booking system's API over plain http only under NODE_ENV=test (config.ts), which
 * the e2e server does not run with, so this front speaks https with a certificate for 127.0.0.1
 * made here (openssl), written to `<dir>/cert.pem` for the app's NODE_EXTRA_CA_CERTS. It passes
 * every request to the stand-in (smoobu-standin.ts) unchanged (a signature covers the method, path,
 * query and body, not the host), except its own two:
 *
 *   GET  /__control/health     200 once it listens
 *   POST /__control/accounts   `{ apartments: [{ id, name }] }` → `{ apiKey, apiSecret, userId }`,
 *                              a new account, as a test seeds one (no test shares an account)
 *   POST /__control/bookings   `{ apiKey, booking }` (a `SmoobuBookingSeed` without `modifiedAt`)
 *                              → 201 the booking, as Smoobu's own screen books or changes it
 *                              (`setBooking`); 404 for a key no account here has
 *   POST /__control/webhooks   `{ apiKey, url }`: the account's webhook URL, as the host pastes it
 *                              in Smoobu; from then on each booking made or changed is posted there
 *
 * Beds24's stand-in (beds24-standin.ts) answers behind the same certificate under `/beds24`
 * (BEDS24_API_URL `https://127.0.0.1:<port>/beds24`), with its own two:
 *
 *   POST /__control/beds24/accounts   `{ properties: [{ id, name, roomTypes: [{ id, name }] }] }`
 *                                     → `{ ownerId, inviteCode }`, a new account and its invite code
 *   POST /__control/beds24/bookings   `{ ownerId, booking }` (a `Beds24BookingSeed` without
 *                                     `modifiedTime`) → 201 the booking; 404 for an unknown account
 *
 * The same front serves the Hostaway stand-in (hostaway-standin.ts) for every path under `/v1/`
 * (Hostaway's API paths; the app's HOSTAWAY_API_URL points here too), and its own two:
 *
 *   POST /__control/hostaway/accounts      `{ listings: [{ id, name }] }` → `{ accountId, apiSecret }`
 *   POST /__control/hostaway/reservations  `{ accountId, reservation }` (a `HostawayReservationSeed`
 *                                          without `updatedOn`) → 201 the reservation (`setReservation`);
 *                                          404 for an account no test made here
 *
 * And Seam's stand-in (tests/helpers/seam-standin.ts) under `/seam` (SEAM_API_URL
 * `https://127.0.0.1:<port>/seam`, key SEAM_TEST_KEY), its webview pages on the same origin, so a
 * host's browser signs in there and comes back to the Smart locks screen (docs/running-locally.md),
 * and its own one: POST /__control/seam/behave `{ deviceId, behaviour, delayMs }` → 204, how the
 * device's codes fare from then on (seam/access-codes.ts; e2e/arrivals.spec.ts); POST
 * /__control/seam/offline-codes `{ deviceId }` → 204, the device made an igloohome lock taking
 * offline codes only (a refresh of its account brings it in; e2e/locks-guest.spec.ts); and POST
 * /__control/seam/webhook, its signed webhooks and what happens in a lock's own app (seam/control.ts).
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startBeds24StandIn, type Beds24Account, type Beds24BookingSeed } from './beds24-standin.ts';
import { startHostawayStandIn, type HostawayAccount, type HostawayReservationSeed } from './hostaway-standin.ts';
import type { DeviceBehaviour } from '../seam/access-codes.ts';
import { startSeamStandIn } from '../seam-standin.ts';
import { seamWebhookControl } from '../seam/control.ts';
import { startSmoobuStandIn, type SmoobuAccount, type SmoobuBookingSeed } from './smoobu-standin.ts';

const { values } = parseArgs({ options: { port: { type: 'string' }, dir: { type: 'string' } } });
const port = Number(values.port ?? 12113);
const dir = path.resolve(values.dir ?? `test-results/e2e-smoobu-${port}`);
fs.mkdirSync(dir, { recursive: true });
const keyFile = path.join(dir, 'key.pem');
const certFile = path.join(dir, 'cert.pem');
execFileSync(
  'openssl',
  ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1'],
  { stdio: 'ignore' },
);

const standIn = await startSmoobuStandIn();
const inner = new URL(standIn.url);
const hostaway = await startHostawayStandIn();
const hostawayInner = new URL(hostaway.url);
const hostawayAccounts = new Map<number, HostawayAccount>();
/** The accounts seeded here, by their key: a booking goes into the account the test names. */
const accounts = new Map<string, SmoobuAccount>();
const beds24 = await startBeds24StandIn();
const beds24Inner = new URL(beds24.url);
const beds24Accounts = new Map<number, Beds24Account>();
const seam = await startSeamStandIn({ publicUrl: `https://127.0.0.1:${port}/seam` });
const seamInner = new URL(seam.url);

/** Beds24's two control requests; false for any other. */
function beds24Control(url: string, body: Buffer, res: http.ServerResponse): boolean {
  const seed = () => JSON.parse(body.toString('utf8') || '{}') as { properties?: Beds24Account['properties']; ownerId?: number; booking?: Omit<Beds24BookingSeed, 'modifiedTime'> };
  if (url === '/__control/beds24/accounts') {
    const account = beds24.addAccount({ properties: seed().properties ?? [] });
    beds24Accounts.set(account.ownerId, account);
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ ownerId: account.ownerId, inviteCode: beds24.inviteCode(account) }));
    return true;
  }
  if (url !== '/__control/beds24/bookings') return false;
  const { ownerId, booking } = seed();
  const account = beds24Accounts.get(ownerId ?? -1);
  if (!account || !booking) res.writeHead(404, { 'content-type': 'text/plain' }).end('no such account, or no booking');
  else res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(beds24.setBooking(account, booking)));
  return true;
}

/** Hostaway's two control requests; false for any other. */
function hostawayControl(url: string, body: Buffer, res: http.ServerResponse): boolean {
  const seed = () => JSON.parse(body.toString('utf8') || '{}') as { listings?: HostawayAccount['listings']; accountId?: number; reservation?: Omit<HostawayReservationSeed, 'updatedOn'> };
  if (url === '/__control/hostaway/accounts') {
    const account = hostaway.addAccount({ listings: seed().listings ?? [] });
    hostawayAccounts.set(account.accountId, account);
    res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ accountId: account.accountId, apiSecret: account.apiSecret }));
    return true;
  }
  if (url !== '/__control/hostaway/reservations') return false;
  const { accountId, reservation } = seed();
  const account = hostawayAccounts.get(Number(accountId));
  if (!account || !reservation) res.writeHead(404, { 'content-type': 'text/plain' }).end('no such account, or no reservation');
  else res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(hostaway.setReservation(account, reservation)));
  return true;
}

/** Where a request goes: Beds24's under `/beds24/` and Seam's under `/seam/` (the prefix dropped), Hostaway's under `/v1/`, else Smoobu's. */
function targetOf(url: string): { host: string; port: string; path: string } {
  if (url.startsWith('/beds24/')) return { host: beds24Inner.hostname, port: beds24Inner.port, path: url.slice('/beds24'.length) };
  if (url.startsWith('/seam/')) return { host: seamInner.hostname, port: seamInner.port, path: url.slice('/seam'.length) };
  const to = url.startsWith('/v1/') ? hostawayInner : inner;
  return { host: to.hostname, port: to.port, path: url };
}

function readBody(req: http.IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const server = https.createServer({ key: fs.readFileSync(keyFile), cert: fs.readFileSync(certFile) }, (req, res) => {
  void (async () => {
    const body = await readBody(req);
    if (req.url === '/__control/health') {
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
      return;
    }
    if (req.url === '/__control/accounts' && req.method === 'POST') {
      const seed = JSON.parse(body.toString('utf8') || '{}') as { apartments?: Array<{ id: number; name: string }> };
      const account = standIn.addAccount({ apartments: seed.apartments ?? [] });
      accounts.set(account.apiKey, account);
      const { apiKey, apiSecret, userId } = account;
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ apiKey, apiSecret, userId }));
      return;
    }
    if (req.url === '/__control/bookings' && req.method === 'POST') {
      const seed = JSON.parse(body.toString('utf8') || '{}') as { apiKey?: string; booking?: Omit<SmoobuBookingSeed, 'modifiedAt'> };
      const account = accounts.get(seed.apiKey ?? '');
      if (!account || !seed.booking) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('no such account, or no booking');
        return;
      }
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify(standIn.setBooking(account, seed.booking)));
      return;
    }
    if (req.url === '/__control/webhooks' && req.method === 'POST') {
      const seed = JSON.parse(body.toString('utf8') || '{}') as { apiKey?: string; url?: string };
      const account = accounts.get(seed.apiKey ?? '');
      if (!account || !seed.url) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('no such account, or no url');
        return;
      }
      standIn.hooks.setUrl(account.userId, seed.url);
      res.writeHead(204).end();
      return;
    }
    if (req.url === '/__control/seam/offline-codes' && req.method === 'POST') {
      seam.offlineCodesOnly(String((JSON.parse(body.toString('utf8') || '{}') as { deviceId?: string }).deviceId));
      res.writeHead(204).end();
      return;
    }
    if (req.url === '/__control/seam/behave' && req.method === 'POST') {
      const seed = JSON.parse(body.toString('utf8') || '{}') as { deviceId?: string; behaviour?: DeviceBehaviour; delayMs?: number };
      seam.access.behave(String(seed.deviceId), seed.behaviour ?? 'native', seed.delayMs);
      res.writeHead(204).end();
      return;
    }
    if (req.method === 'POST' && (beds24Control(req.url ?? '', body, res) || hostawayControl(req.url ?? '', body, res))) return;
    if (req.method === 'POST' && (await seamWebhookControl(seam, req.url ?? '', body, res))) return;
    const forward = http.request({ ...targetOf(req.url ?? ''), method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    forward.on('error', () => res.writeHead(502).end());
    forward.end(body);
  })();
});
server.listen(port, '127.0.0.1', () => console.log(`smoobu stand-in on https://127.0.0.1:${port} (certificate ${certFile})`));

const stop = () => {
  server.closeAllConnections();
  server.close();
  void Promise.all([standIn.close(), beds24.close(), hostaway.close(), seam.close()]).then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
