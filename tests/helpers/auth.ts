import http from 'node:http';
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../../src/lib/server/auth/argon2-params.ts';
import { writePlan, type TestPlan } from './plan.ts';
import type { TestServer } from './server.ts';
import type { ReceivedMail, TestSmtpServer } from './smtp.ts';
import { until } from './until.ts';

/** Cookie name on a localhost APP_URL (no Secure, no __Host- prefix). */
export const LOCAL_COOKIE = 'porchlight_session';

/** The `name=value` pair of the session cookie in a response, or null when none was set. */
export function sessionCookieFrom(response: { headers: Headers }, name = LOCAL_COOKIE): string | null {
  const line = response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
  return line ? line.split(';')[0]! : null;
}

/** Attributes of the session Set-Cookie, lower-cased names → values ('' for flags). */
export function parseSetCookie(line: string): { name: string; value: string; attributes: Record<string, string> } {
  const [pair, ...rest] = line.split(';').map((part) => part.trim());
  const eq = pair!.indexOf('=');
  const attributes: Record<string, string> = {};
  for (const part of rest) {
    const at = part.indexOf('=');
    attributes[(at === -1 ? part : part.slice(0, at)).toLowerCase()] = at === -1 ? '' : part.slice(at + 1);
  }
  return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), attributes };
}

/** server.request with a session cookie. */
export function withCookie(cookie: string | null, headers: Record<string, string> = {}): Record<string, string> {
  return cookie ? { ...headers, cookie } : headers;
}

/** Pulls the first link to `pathname` out of a mail and returns its URL. */
export function linkIn(mail: ReceivedMail, pathname: string): URL {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${pathname.replace(/[/-]/g, '\\$&')}\\?[^\\s]+`));
  if (!match) throw new Error(`no ${pathname} link in mail:\n${mail.text}`);
  return new URL(match[0]);
}

export function mailTo(smtp: TestSmtpServer, to: string, subject: RegExp, after = 0): Promise<ReceivedMail> {
  return smtp.waitForMail((mail) => mail.envelopeTo.includes(to) && subject.test(mail.subject) && smtp.mails.indexOf(mail) >= after);
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  name: string;
  /** The team of one the user owns (docs/decisions/028-teams.md §1). */
  teamId: string;
}

let counter = 0;

/**
 * Test factory: a user row written straight into the server's database (verified unless told),
 * for tests that are not about registration, with the team of one the user owns. That team has
 * the user's id, as db/migrations/0018-teams.ts gives every account made before teams; with
 * `freshTeam`, an id of its own, as a registration since gives (docs/decisions/028-teams.md §1),
 * so a test can catch code that takes a user's id for a team's; with `noTeam`, none (a member of
 * another's team, tests/helpers/members.ts). The hash uses the production parameters.
 */
export async function createUser(
  server: TestServer,
  overrides: Partial<Omit<TestUser, 'password' | 'teamId'>> & { verified?: boolean; googleId?: string | null; password?: string | null; freshTeam?: boolean; noTeam?: boolean } = {},
): Promise<TestUser> {
  counter += 1;
  const id = overrides.id ?? `test-user-${process.pid}-${counter}`;
  const teamId = overrides.freshTeam ? `team-${process.pid}-${counter}` : id;
  const email = overrides.email ?? `host${counter}-${process.pid}@example.com`;
  const password = overrides.password === undefined ? 'correct horse battery' : overrides.password;
  const name = overrides.name ?? `Host ${counter}`;
  const passwordHash = password === null ? null : await hash(password, ARGON2_OPTIONS);
  const now = Date.now();
  const db = server.openDb();
  try {
    db.prepare(
      `INSERT INTO users (id, name, email, password_hash, google_id, picture, email_verified_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, '', ?, ?, ?)`,
    ).run(id, name, email, passwordHash, overrides.googleId ?? null, overrides.verified === false ? null : now, now, now);
    if (!overrides.noTeam) {
      db.prepare('INSERT INTO teams (id, name, created_at, updated_at) VALUES (?, ?, ?, ?)').run(teamId, name, now, now);
      db.prepare(
        `INSERT INTO memberships (id, team_id, user_id, role, may_see_secrets, invited_by, created_at, updated_at)
         VALUES (?, ?, ?, 'owner', 1, NULL, ?, ?)`,
      ).run(teamId, teamId, id, now, now);
    }
  } finally {
    db.close();
  }
  return { id, email, password: password ?? '', name, teamId };
}

/** Logs in through the API and returns the cookie pair for later requests. */
export async function login(server: TestServer, email: string, password: string): Promise<string> {
  const response = await server.request('/api/users/auth', { json: { email, password } });
  if (response.status !== 200) throw new Error(`login failed: ${response.status} ${await response.text()}`);
  const cookie = sessionCookieFrom(response);
  if (!cookie) throw new Error('login set no session cookie');
  return cookie;
}

export interface RawResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A JSON request sent from another loopback address (127.0.0.2, …), so per-address limits can be
 * tested: fetch cannot pick its source address, node:http can.
 */
export function requestFrom(server: TestServer, localAddress: string, pathname: string, body: unknown, headers: Record<string, string> = {}): Promise<RawResponse> {
  const url = new URL(pathname, server.url);
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), origin: server.origin, ...headers },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Waits until the server's outbox holds no mail still to send: what was queued has reached SMTP (or failed). */
export async function outboxSent(server: TestServer): Promise<void> {
  const unsent = () => Number(query<{ n: number }>(server, "SELECT count(*) AS n FROM outbox WHERE status IN ('pending', 'sending')")[0]!.n);
  await until(unsent, (n) => n === 0, 'the outbox sending what it holds');
}

/** One query against the server's database, closed afterwards. */
export function query<T>(server: TestServer, sql: string, ...params: unknown[]): T[] {
  const db = server.openDb();
  try {
    return db.prepare(sql).all(...params) as T[];
  } finally {
    db.close();
  }
}

/** A request as one signed-in user's browser sends it (server.request with its session cookie). */
export type Call = (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;

export interface SignedInHost {
  id: string;
  /** The team the host owns and acts for. */
  teamId: string;
  email: string;
  name: string;
  cookie: string;
  /** server.request with the host's session cookie, the call's own headers kept. */
  call: Call;
}

/**
 * A verified user put on `plan` and signed in through the API: a host for the tests of what hosts
 * may do; with `freshTeam`, owning a team whose id is not theirs (createUser).
 */
export async function signedInHost(server: TestServer, plan: TestPlan, { freshTeam = false }: { freshTeam?: boolean } = {}): Promise<SignedInHost> {
  const user = await createUser(server, { freshTeam });
  setUserPlan(server, user.id, plan);
  const cookie = await login(server, user.email, user.password);
  return {
    id: user.id,
    teamId: user.teamId,
    email: user.email,
    name: user.name,
    cookie,
    call: (path, init = {}) => server.request(path, { ...init, headers: withCookie(cookie, Object.fromEntries(new Headers(init.headers))) }),
  };
}

/** Puts the team a user owns on a plan (tests/helpers/plan.ts) in the server's database. */
export function setUserPlan(server: TestServer, userId: string, plan: TestPlan): void {
  const db = server.openDb();
  try {
    writePlan(db, userId, plan);
  } finally {
    db.close();
  }
}

export function run(server: TestServer, sql: string, ...params: unknown[]): void {
  const db = server.openDb();
  try {
    db.prepare(sql).run(...params);
  } finally {
    db.close();
  }
}
