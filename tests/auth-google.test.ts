import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import { createUser, login, query, run, sessionCookieFrom, withCookie } from './helpers/auth.ts';
import { startGoogleStub, TEST_GOOGLE_CLIENT_ID, type GoogleStub } from './helpers/google-jwks.ts';
import { startServer, type TestServer } from './helpers/server.ts';

// Google sign-in against a locally generated key pair served as a JWKS on loopback (docs/security.md 12).
let server: TestServer;
let google: GoogleStub;

beforeAll(async () => {
  google = await startGoogleStub();
  server = await startServer({ GOOGLE_CLIENT_ID: TEST_GOOGLE_CLIENT_ID, GOOGLE_JWKS_URL: google.jwksUrl });
});

afterAll(async () => {
  await server?.stop();
  await google?.close();
});

const signIn = (credential: string) => server.request('/api/users/authGoogle', { json: { credential } });

function unsigned(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`;
}

describe('a valid ID token', () => {
  it('creates a verified account keyed on sub and signs in with user info and a cookie', async () => {
    const token = await google.sign({ sub: 'sub-new-1', email: 'New.Person@Gmail.com', name: 'New Person' });
    const response = await signIn(token);
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({ _id: expect.any(String), name: 'New Person', email: 'new.person@gmail.com', picture: '', googleId: 'sub-new-1' });
    const cookie = sessionCookieFrom(response);
    expect(cookie).toBeTruthy();
    expect((await server.request('/api/users/me', { headers: withCookie(cookie) })).status).toBe(200);
    // It owns a team of one with an id of its own, and the session acts for it (docs/decisions/028-teams.md §1, §5).
    const [team] = query<{ team_id: string; role: string }>(server, 'SELECT team_id, role FROM memberships WHERE user_id = ?', body['_id']);
    expect(team).toMatchObject({ role: 'owner' });
    expect(team!.team_id).not.toBe(body['_id']);
    expect(query(server, 'SELECT team_id FROM sessions WHERE user_id = ?', body['_id'])).toEqual([{ team_id: team!.team_id }]);

    // Again, even after Google reports a new address: the account is keyed on sub.
    const again = await signIn(await google.sign({ sub: 'sub-new-1', email: 'renamed@gmail.com', name: 'New Person' }));
    expect(((await again.json()) as { _id: string })._id).toBe(body['_id']);
    expect(query(server, 'SELECT id FROM users WHERE google_id = ?', 'sub-new-1')).toHaveLength(1);
  });

  it('accepts the issuer without https:// too', async () => {
    const response = await signIn(await google.sign({ sub: 'sub-iss', email: 'iss@gmail.com', iss: 'accounts.google.com' }));
    expect(response.status).toBe(200);
  });
});

describe('with an invitation (docs/decisions/028-teams.md §7)', () => {
  /** An open invitation of a new team to `email`, as the Owner's invite stores it: only the token's hash. */
  function invitation(email: string): { token: string; teamId: string } {
    const owner = `google-inviter-${email}`;
    const now = Date.now();
    run(server, "INSERT INTO users (id, name, email, password_hash, google_id, picture, email_verified_at, created_at, updated_at) VALUES (?, 'Owner', ?, NULL, NULL, '', ?, ?, ?)", owner, `${owner}@example.com`, now, now, now);
    run(server, "INSERT INTO teams (id, name, created_at, updated_at) VALUES (?, 'Harbour Team', ?, ?)", owner, now, now);
    run(server, "INSERT INTO memberships (id, team_id, user_id, role, may_see_secrets, invited_by, created_at, updated_at) VALUES (?, ?, ?, 'owner', 1, NULL, ?, ?)", owner, owner, owner, now, now);
    run(server, "INSERT INTO subscriptions (team_id, source, plan, status, updated_at) VALUES (?, 'operator', 'gold', 'active', ?)", owner, now);
    const token = randomBytes(32).toString('base64url');
    run(server, "INSERT INTO team_invitations (id, team_id, email, role, may_see_secrets, token_hash, invited_by, created_at, expires_at, sent_at) VALUES (?, ?, ?, 'admin', 0, ?, ?, ?, ?, ?)", `inv-${owner}`, owner, email, createHash('sha256').update(token).digest('hex'), owner, now, now + 86_400_000, now);
    return { token, teamId: owner };
  }

  it('a first sign-in with the invited address joins the team with no team of its own; another address signs nobody in', async () => {
    const { token, teamId } = invitation('invited@gmail.com');
    const wrong = await server.request('/api/users/authGoogle', { json: { credential: await google.sign({ sub: 'sub-inv-2', email: 'someone.else@gmail.com' }), invitation: token } });
    expect(wrong.status).toBe(403);
    expect(sessionCookieFrom(wrong)).toBeNull();
    expect(query(server, 'SELECT id FROM users WHERE google_id = ?', 'sub-inv-2')).toEqual([]);

    const response = await server.request('/api/users/authGoogle', { json: { credential: await google.sign({ sub: 'sub-inv-1', email: 'Invited@gmail.com' }), invitation: token } });
    expect(response.status).toBe(200);
    const { _id: id } = (await response.json()) as { _id: string };
    expect(query(server, 'SELECT team_id, role FROM memberships WHERE user_id = ?', id)).toEqual([{ team_id: teamId, role: 'admin' }]);
    expect(query(server, 'SELECT team_id FROM sessions WHERE user_id = ?', id)).toEqual([{ team_id: teamId }]);
  });
});

describe('faulty tokens are refused with 401 Google Login Failed', () => {
  const cases: Array<[string, () => Promise<string>]> = [
    ['another audience', () => google.sign({ sub: 'sub-f1', email: 'f1@gmail.com', aud: 'someone-else.apps.googleusercontent.com' })],
    ['expired', () => google.sign({ sub: 'sub-f2', email: 'f2@gmail.com', iat: 1_600_000_000, exp: 1_600_003_600 })],
    ['an unverified e-mail', () => google.sign({ sub: 'sub-f3', email: 'f3@gmail.com', email_verified: false })],
    ['no email_verified claim', () => google.sign({ sub: 'sub-f4', email: 'f4@gmail.com', email_verified: undefined })],
    ['another issuer', () => google.sign({ sub: 'sub-f5', email: 'f5@gmail.com', iss: 'https://evil.example' })],
    ['a key not in the JWKS', () => google.sign({ sub: 'sub-f6', email: 'f6@gmail.com' }, { key: 'stranger' })],
    ['alg none', async () => unsigned({ iss: 'https://accounts.google.com', aud: TEST_GOOGLE_CLIENT_ID, sub: 'sub-f7', email: 'f7@gmail.com', email_verified: true, exp: Math.floor(Date.now() / 1000) + 3600 })],
    ['a tampered payload', async () => {
      const [head, , signature] = (await google.sign({ sub: 'sub-f8', email: 'f8@gmail.com' })).split('.');
      const payload = Buffer.from(JSON.stringify({ iss: 'https://accounts.google.com', aud: TEST_GOOGLE_CLIENT_ID, sub: 'sub-admin', email: 'admin@gmail.com', email_verified: true, exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
      return `${head}.${payload}.${signature}`;
    }],
    ['garbage', async () => 'not-a-jwt'],
  ];

  for (const [label, make] of cases) {
    it(label, async () => {
      const response = await signIn(await make());
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: messages.auth.googleLoginFailed });
      expect(sessionCookieFrom(response)).toBeNull();
    });
  }

  it('created no account for any of them', () => {
    expect(query(server, "SELECT id FROM users WHERE google_id LIKE 'sub-f%' OR google_id = 'sub-admin'")).toHaveLength(0);
  });
});

describe('linking and the Google lock', () => {
  it('links to the verified account of the same address; that account then cannot change name, e-mail or password', async () => {
    const user = await createUser(server, { email: 'linked@gmail.com' });
    const response = await signIn(await google.sign({ sub: 'sub-link', email: 'linked@gmail.com', name: 'Other Name' }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ _id: user.id, name: user.name, email: user.email, picture: '', googleId: 'sub-link' });
    const cookie = sessionCookieFrom(response);

    for (const [path, json] of [
      ['/api/users/name', { newName: 'X', password: user.password }],
      ['/api/users/email', { newEmail: 'x@example.com', password: user.password }],
      ['/api/users/password', { newPassword: 'whatever-new', oldPassword: user.password }],
    ] as const) {
      const locked = await server.request(path, { method: 'PATCH', json, headers: withCookie(cookie) });
      expect(locked.status, path).toBe(403);
      expect(await locked.json()).toEqual({ message: messages.auth.googleLocked });
    }
  });

  it('linking an account whose address was never verified drops the unproven password', async () => {
    const user = await createUser(server, { email: 'squatted@gmail.com', verified: false });
    const response = await signIn(await google.sign({ sub: 'sub-squat', email: 'squatted@gmail.com' }));
    expect(response.status).toBe(200);
    expect((await server.request('/api/users/auth', { json: { email: user.email, password: user.password } })).status).toBe(401);
    const [row] = query<{ password_hash: string | null; email_verified_at: number | null }>(server, 'SELECT password_hash, email_verified_at FROM users WHERE id = ?', user.id);
    expect(row).toEqual({ password_hash: null, email_verified_at: expect.any(Number) });
  });

  it('does not re-link an address already tied to another Google identity', async () => {
    await signIn(await google.sign({ sub: 'sub-owner', email: 'owned@gmail.com' }));
    const response = await signIn(await google.sign({ sub: 'sub-intruder', email: 'owned@gmail.com' }));
    expect(response.status).toBe(401);
  });

  it('keeps the password login of a verified account after linking', async () => {
    const user = await createUser(server, { email: 'both@gmail.com' });
    expect((await signIn(await google.sign({ sub: 'sub-both', email: 'both@gmail.com' }))).status).toBe(200);
    await login(server, user.email, user.password);
  });
});
