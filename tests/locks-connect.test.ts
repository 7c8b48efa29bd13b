import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { LocksView } from '../src/lib/shared/schemas/locks.ts';
import { query, signedInHost, type Call, type SignedInHost } from './helpers/auth.ts';
import { startSeamStandIn, type SeamStandIn } from './helpers/seam-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';

/**
 * Smart locks, slice 1 (docs/decisions/030-smart-locks.md §2, §3, §13, §14; docs/product/locks.md)
 * over real HTTP against the Seam stand-in driven by Seam's real SDK client (`@seamapi/http`), on SQLite or PostgreSQL
 * (TEST_DATABASE_URL): a Premium host connects a lock account through the webview and assigns a
 * lock to a guidebook (one per guidebook); another team's lock, account and attempt answer 404;
 * Free and Gold are refused with the plan's message; bad bodies get `{ message }`; the SDK never
 * reads SEAM_ENDPOINT from the environment; and without SEAM_API_KEY every route answers 503.
 */
let seam: SeamStandIn;
/** A Seam the environment's SEAM_ENDPOINT points at: nothing may ever reach it. */
let hostile: SeamStandIn;
let server: TestServer;
let host: SignedInHost;

const ROUTES: Array<[string, RequestInit]> = [
  ['/api/team/locks', {}],
  ['/api/team/locks/connect', { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json' } }],
  ['/api/team/locks/connect/no-such-attempt/complete', { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json' } }],
  ['/api/team/locks/accounts/no-such-account/refresh', { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json' } }],
  ['/api/team/locks/accounts/no-such-account', { method: 'DELETE' }],
  ['/api/team/locks/devices/no-such-device/assignment', { method: 'PUT', body: '{not json', headers: { 'content-type': 'application/json' } }],
];

async function answer<T>(response: Promise<Response>, status: number): Promise<T> {
  const settled = await response;
  const text = await settled.text();
  expect(settled.status, text).toBe(status);
  return JSON.parse(text) as T;
}

const locks = (call: Call) => answer<LocksView>(call('/api/team/locks'), 200);

async function guidebook(call: Call, nameInstruction: string): Promise<Instruction> {
  return (await answer<{ instruction: Instruction }>(call('/api/instruction', { json: { nameInstruction } }), 201)).instruction;
}

/** Connect → the webview page → "Authorize" → back on the return URL → complete: the attempt's id. */
async function connectThroughWebview(call: Call): Promise<string> {
  const { url, attemptId } = await answer<{ url: string; attemptId: string }>(call('/api/team/locks/connect', { method: 'POST' }), 201);
  expect(new URL(url).origin).toBe(seam.url);
  expect(await answer(call(`/api/team/locks/connect/${attemptId}/complete`, { method: 'POST' }), 202)).toEqual({ message: messages.locks.stillConnecting, connected: false });
  const page = await fetch(url);
  expect(await page.text()).toContain('>Authorize</button>');
  const id = new URL(url).searchParams.get('connect_webview_id')!;
  const back = await fetch(new URL('view', url), { method: 'POST', body: new URLSearchParams({ connect_webview_id: id, choice: 'authorize' }), redirect: 'manual' });
  expect(back.status).toBe(303);
  const location = new URL(back.headers.get('location')!);
  expect([location.port, location.pathname, location.searchParams.get('attempt')]).toEqual([new URL(server.url).port, '/dashboard/locks', attemptId]);
  return attemptId;
}

beforeAll(async () => {
  seam = await startSeamStandIn();
  hostile = await startSeamStandIn();
  server = await startServer({ NODE_ENV: 'test', SECRETS_KEY: 'cd'.repeat(32), SEAM_API_KEY: seam.apiKey, SEAM_API_URL: seam.url, SEAM_ENDPOINT: hostile.url, SEAM_WORKSPACE_ID: 'ws_hostile', LOG_LEVEL: 'info' });
  host = await signedInHost(server, 'premium', { freshTeam: true });
});

afterAll(async () => {
  await server?.stop();
  await seam?.close();
  await hostile?.close();
});

describe('connecting a lock account', () => {
  it('connects through the webview and lists the account and its locks, online and offline, with what codes they take', async () => {
    expect(await locks(host.call)).toMatchObject({ included: true, accounts: [] });
    const attemptId = await connectThroughWebview(host.call);
    expect(await answer(host.call(`/api/team/locks/connect/${attemptId}/complete`, { method: 'POST' }), 200)).toEqual({ message: messages.locks.connected('August', 2), connected: true });
    const view = await locks(host.call);
    expect(view.accounts).toHaveLength(1);
    expect(view.accounts[0]).toMatchObject({ provider: 'august', label: 'August', state: 'connected', connectedBy: host.name });
    const devices = view.accounts[0]!.devices.map(({ name, online, onlineCodes, offlineCodes, guidebookIds }) => ({ name, online, onlineCodes, offlineCodes, guidebookIds }));
    expect(devices).toEqual([
      { name: 'Back gate', online: false, onlineCodes: true, offlineCodes: false, guidebookIds: [] },
      { name: 'Front door', online: true, onlineCodes: true, offlineCodes: false, guidebookIds: [] },
    ]);
    expect(view.accounts[0]!.devices.find((device) => !device.online)?.offlineSince).toEqual(expect.any(Number));
    // Done once: the same return again is 409, and nothing doubles.
    expect(await answer(host.call(`/api/team/locks/connect/${attemptId}/complete`, { method: 'POST' }), 409)).toEqual({ message: messages.locks.alreadyCompleted });
    expect(query(server, 'SELECT id FROM lock_devices WHERE team_id = ?', host.teamId)).toHaveLength(2);
  });

  it('sends every call to SEAM_API_URL with the key, never to SEAM_ENDPOINT from the environment', () => {
    expect(seam.requests.length).toBeGreaterThan(0);
    expect(seam.requests.every((request) => request.authorized)).toBe(true);
    expect(hostile.requests).toEqual([]);
    // Each call is logged by its name and status, never with the key.
    const logs = server.logs.join('\n');
    expect(logs).toContain('connect_webviews/create');
    expect(logs).not.toContain(seam.apiKey);
  });

  it('refuses a webview page off Seam’s origin (502): the address is Seam’s answer, the redirect ours to check', async () => {
    const elsewhere = await startSeamStandIn({ publicUrl: 'https://elsewhere.example' });
    const other = await startServer({ NODE_ENV: 'test', SECRETS_KEY: 'cd'.repeat(32), SEAM_API_KEY: elsewhere.apiKey, SEAM_API_URL: elsewhere.url });
    try {
      const owner = await signedInHost(other, 'premium', { freshTeam: true });
      expect(await answer(owner.call('/api/team/locks/connect', { method: 'POST' }), 502)).toEqual({ message: messages.locks.unreachable });
    } finally {
      await other.stop();
      await elsewhere.close();
    }
  });

  it('says so when the sign-in failed, and when the account is already another team’s', async () => {
    const { url, attemptId } = await answer<{ url: string; attemptId: string }>(host.call('/api/team/locks/connect', { method: 'POST' }), 201);
    seam.fail(new URL(url).searchParams.get('connect_webview_id')!);
    expect(await answer(host.call(`/api/team/locks/connect/${attemptId}/complete`, { method: 'POST' }), 422)).toEqual({ message: messages.locks.connectFailed });

    const other = await signedInHost(server, 'premium', { freshTeam: true });
    const held = query<{ seam_connected_account_id: string }>(server, 'SELECT seam_connected_account_id FROM lock_accounts WHERE team_id = ?', host.teamId)[0]!;
    const theirs = await answer<{ url: string; attemptId: string }>(other.call('/api/team/locks/connect', { method: 'POST' }), 201);
    seam.authorize(new URL(theirs.url).searchParams.get('connect_webview_id')!, held.seam_connected_account_id);
    expect(await answer(other.call(`/api/team/locks/connect/${theirs.attemptId}/complete`, { method: 'POST' }), 409)).toEqual({ message: messages.locks.otherTeam });
    expect((await locks(other.call)).accounts).toEqual([]);
  });

  it('answers 502 in its own words when Seam does not answer, and keeps no account', async () => {
    seam.failNext('/connect_webviews/create', 500);
    expect(await answer(host.call('/api/team/locks/connect', { method: 'POST' }), 502)).toEqual({ message: messages.locks.unreachable });
  });
});

describe('assigning a lock to a guidebook', () => {
  it('gives a guidebook one lock, takes it back, and refuses bad bodies and guidebooks not the team’s', async () => {
    const seaView = await guidebook(host.call, 'Sea View');
    const [back, front] = (await locks(host.call)).accounts[0]!.devices;
    const assign = (deviceId: string, json: unknown, init: RequestInit = {}) => host.call(`/api/team/locks/devices/${deviceId}/assignment`, { method: 'PUT', json, ...init });
    expect(await answer(assign(front!.id, { instructionId: seaView._id }), 200)).toEqual({ message: messages.locks.assigned('Front door', 'Sea View') });
    expect((await locks(host.call)).accounts[0]!.devices.map((device) => device.guidebookIds)).toEqual([[], [seaView._id]]);
    // One lock per guidebook: the back gate takes Sea View from the front door.
    await answer(assign(back!.id, { instructionId: seaView._id }), 200);
    expect((await locks(host.call)).accounts[0]!.devices.map((device) => device.guidebookIds)).toEqual([[seaView._id], []]);
    expect(await answer(assign(back!.id, { instructionId: null }), 200)).toEqual({ message: messages.locks.unassigned('Back gate') });
    expect(query(server, 'SELECT * FROM lock_assignments WHERE team_id = ?', host.teamId)).toEqual([]);

    for (const bad of [{}, { instructionId: 5 }, { instructionId: '' }, []]) expect(await answer(assign(front!.id, bad), 400), JSON.stringify(bad)).toEqual({ message: messages.locks.assignmentInvalid });
    expect(await answer(host.call(`/api/team/locks/devices/${front!.id}/assignment`, { method: 'PUT', body: '{', headers: { 'content-type': 'application/json' } }), 400)).toEqual({ message: expect.any(String) });
    expect(await answer(assign(front!.id, { instructionId: 'no-such-guidebook' }), 404)).toEqual({ message: messages.locks.guidebookNotFound });
  });

  it('answers 404 for another team’s lock, account, attempt and guidebook, and changes nothing', async () => {
    const other = await signedInHost(server, 'premium', { freshTeam: true });
    const theirs = await guidebook(other.call, 'Their Flat');
    const mine = (await locks(host.call)).accounts[0]!;
    const before = query(server, 'SELECT * FROM lock_assignments');
    expect(await answer(other.call(`/api/team/locks/devices/${mine.devices[0]!.id}/assignment`, { method: 'PUT', json: { instructionId: theirs._id } }), 404)).toEqual({ message: messages.locks.notFound });
    expect(await answer(host.call(`/api/team/locks/devices/${mine.devices[0]!.id}/assignment`, { method: 'PUT', json: { instructionId: theirs._id } }), 404)).toEqual({ message: messages.locks.guidebookNotFound });
    expect(await answer(other.call(`/api/team/locks/accounts/${mine.id}/refresh`, { method: 'POST' }), 404)).toEqual({ message: messages.locks.notFound });
    expect(await answer(other.call(`/api/team/locks/accounts/${mine.id}`, { method: 'DELETE' }), 404)).toEqual({ message: messages.locks.notFound });
    const attempt = query<{ id: string }>(server, 'SELECT id FROM lock_connect_attempts WHERE team_id = ?', host.teamId)[0]!;
    expect(await answer(other.call(`/api/team/locks/connect/${attempt.id}/complete`, { method: 'POST' }), 404)).toEqual({ message: messages.locks.attemptNotFound });
    expect(query(server, 'SELECT * FROM lock_assignments')).toEqual(before);
    expect((await locks(host.call)).accounts).toHaveLength(1);
  });
});

describe('refreshing and disconnecting', () => {
  it('re-reads the account, then deletes it at Seam and here with its locks', async () => {
    const account = (await locks(host.call)).accounts[0]!;
    expect(await answer(host.call(`/api/team/locks/accounts/${account.id}/refresh`, { method: 'POST' }), 200)).toEqual({ message: messages.locks.refreshed('August') });
    expect(await answer(host.call(`/api/team/locks/accounts/${account.id}`, { method: 'DELETE' }), 200)).toEqual({ message: messages.locks.disconnected('August') });
    expect((await locks(host.call)).accounts).toEqual([]);
    expect(query(server, 'SELECT id FROM lock_devices WHERE team_id = ?', host.teamId)).toEqual([]);
    expect(seam.requests.filter((request) => request.path === '/connected_accounts/delete')).toHaveLength(1);
  });
});

describe('plans', () => {
  for (const plan of ['free', 'gold'] as const) {
    it(`${plan}: the screen's read says locks are not included; every other route but Disconnect is refused with the plan's message, nothing sent to Seam`, async () => {
      const member = await signedInHost(server, plan, { freshTeam: true });
      const calls = seam.requests.length;
      expect(await locks(member.call)).toEqual({ included: false, keyRefused: false, accounts: [], disconnectsAt: null, guidebooks: expect.any(Array) });
      for (const [path, init] of ROUTES.slice(1)) {
        // Disconnect is open on any plan (a lapsed team may still take Porchlight off its locks): this team has no such account.
        if (init.method === 'DELETE') expect(await answer(member.call(path, init), 404), path).toEqual({ message: messages.locks.notFound });
        else expect(await answer(member.call(path, init), 403), path).toEqual({ message: messages.locks.needsPremium });
      }
      expect(seam.requests.length).toBe(calls);
    });
  }
});

describe('without SEAM_API_KEY', () => {
  it('logs one line at the start, answers 503 on every route before reading a body, and stores nothing', async () => {
    const off = await startServer({ NODE_ENV: 'test', SECRETS_KEY: 'cd'.repeat(32), LOG_LEVEL: 'info' });
    try {
      expect(off.logs.filter((line) => line.includes('smart locks off: set SEAM_API_KEY'))).toHaveLength(1);
      const owner = await signedInHost(off, 'premium', { freshTeam: true });
      for (const [path, init] of ROUTES) expect(await answer(owner.call(path, init), 503), path).toEqual({ message: messages.locks.notConfigured });
      for (const table of ['lock_connect_attempts', 'lock_accounts', 'lock_devices', 'lock_assignments']) expect(query(off, `SELECT * FROM ${table}`), table).toEqual([]);
    } finally {
      await off.stop();
    }
  });
});
