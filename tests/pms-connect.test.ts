import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyRingOf, openSecret } from '../src/lib/server/platform/secret-box.ts';
import { messages } from '../src/lib/shared/messages.ts';
import type { IntegrationView, UnitView } from '../src/lib/shared/schemas/integrations.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { query, signedInHost, type Call, type SignedInHost } from './helpers/auth.ts';
import { startSmoobuStandIn, type SmoobuAccount, type SmoobuStandIn } from './helpers/pms/smoobu-standin.ts';
import { everyRow } from './helpers/pms/sync-calls.ts';
import { startServer, type TestServer } from './helpers/server.ts';

/**
 * Connecting Smoobu (docs/decisions/029-pms-connectors.md §3, §4, §14; docs/security.md 42) over
 * real HTTP against the Smoobu stand-in, on SQLite or PostgreSQL (TEST_DATABASE_URL): a good key
 * and secret are checked with Smoobu and stored sealed, a refused one stores nothing, the
 * properties are listed and mapped, another team's connection answers 404, disconnecting deletes
 * the credentials, and a server without SECRETS_KEY answers 503 to every route and stores
 * nothing. The key and the secret are never in an answer, a log line or the database in clear.
 */
const SECRETS_KEY = randomBytes(32).toString('base64');
let smoobu: SmoobuStandIn;
let server: TestServer;
let host: SignedInHost;
let account: SmoobuAccount;
/** Every answer's body, to search for the credentials at the end. */
const answers: string[] = [];
/** Every key and secret a test sent, good or refused. */
const sentSecrets: string[] = [];

async function send(call: Call, path: string, init: RequestInit & { json?: unknown } = {}): Promise<Response> {
  const response = await call(path, init);
  answers.push(await response.clone().text());
  return response;
}

async function connect(call: Call, fields: Record<string, string>, system = 'smoobu'): Promise<Response> {
  sentSecrets.push(...Object.values(fields).filter((value) => value.length > 8));
  return send(call, '/api/team/integrations', { method: 'POST', json: { system, fields } });
}

const keysOf = (a: SmoobuAccount) => ({ apiKey: a.apiKey, apiSecret: a.apiSecret });

async function guidebook(call: Call, nameInstruction: string): Promise<Instruction> {
  const response = await call('/api/instruction', { json: { nameInstruction } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

async function units(call: Call, id: string): Promise<UnitView[]> {
  const response = await send(call, `/api/team/integrations/${id}/units`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { units: UnitView[] }).units;
}

const integrationRows = (teamId: string) => query<Record<string, unknown>>(server, 'SELECT * FROM pms_integrations WHERE team_id = ?', teamId);

beforeAll(async () => {
  smoobu = await startSmoobuStandIn();
  server = await startServer({ NODE_ENV: 'test', SECRETS_KEY, SMOOBU_API_URL: smoobu.url, LOG_LEVEL: 'trace' });
  host = await signedInHost(server, 'premium', { freshTeam: true });
  account = smoobu.addAccount({
    apartments: [
      { id: 21, name: 'Harbour Loft' },
      { id: 22, name: 'Garden Room' },
      { id: 23, name: 'Attic' },
    ],
  });
});

afterAll(async () => {
  await server?.stop();
  await smoobu?.close();
});

describe('connecting Smoobu', () => {
  it('a wrong key or secret: 422 with what to do, nothing stored', async () => {
    for (const fields of [{ ...keysOf(account), apiSecret: `sms_${randomBytes(16).toString('hex')}` }, { ...keysOf(account), apiKey: `smk_${randomBytes(12).toString('hex')}` }]) {
      const response = await connect(host.call, fields);
      expect(response.status).toBe(422);
      expect(await response.json()).toEqual({ message: messages.integrations.refused('Smoobu', 'key and secret') });
    }
    expect(integrationRows(host.teamId)).toEqual([]);
  });

  it('a field missing or an unknown system: 400, and Smoobu is not asked', async () => {
    const asked = smoobu.requests.length;
    const missing = await connect(host.call, { apiKey: account.apiKey });
    expect([missing.status, ((await missing.json()) as { message: string }).message]).toEqual([400, messages.integrations.fieldMissing('API secret')]);
    expect((await connect(host.call, keysOf(account), 'lodgify')).status).toBe(400);
    expect(smoobu.requests.length).toBe(asked);
    expect(integrationRows(host.teamId)).toEqual([]);
  });

  it('Smoobu not answering: 502, nothing stored', async () => {
    for (let n = 0; n < 3; n++) smoobu.failNext(503);
    const response = await connect(host.call, keysOf(account));
    expect([response.status, ((await response.json()) as { message: string }).message]).toEqual([502, messages.integrations.unreachable('Smoobu')]);
    expect(integrationRows(host.teamId)).toEqual([]);
  });

  it('a good key and secret: 201 with the account, stored sealed to its row, and a second connect 409', async () => {
    const response = await connect(host.call, keysOf(account));
    expect(response.status).toBe(201);
    const { integration } = (await response.json()) as { integration: IntegrationView };
    expect(integration).toMatchObject({ system: 'smoobu', label: 'Smoobu', accountRef: String(account.userId), state: 'active', connectedBy: host.name });
    const [row] = integrationRows(host.teamId);
    expect(row).toMatchObject({ id: integration.id, system: 'smoobu', account_ref: String(account.userId), connected_by: host.id });
    expect(String(row!.hook_id)).toHaveLength(24);
    // Opens with SECRETS_KEY and the row's own ids, and with nothing else.
    const ring = keyRingOf({ current: Buffer.from(SECRETS_KEY, 'base64'), previous: undefined });
    const sealed = { keyId: String(row!.credentials_key_id), iv: String(row!.credentials_iv), ciphertext: String(row!.credentials_ct) };
    const opened = JSON.parse(openSecret(ring, sealed, `pms:${integration.id}:${host.teamId}:smoobu:credentials`)) as { secrets: unknown; hookSecret: string };
    expect(opened.secrets).toEqual(keysOf(account));
    expect(opened.hookSecret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(() => openSecret(ring, sealed, `pms:${integration.id}:someone-else:smoobu:credentials`)).toThrow();

    const again = await connect(host.call, keysOf(account));
    expect([again.status, ((await again.json()) as { message: string }).message]).toEqual([409, messages.integrations.alreadyConnected('Smoobu')]);
    const list = (await (await send(host.call, '/api/team/integrations')).json()) as { systems: Array<{ system: string; fields: Array<{ name: string; secret: boolean }> }>; integrations: IntegrationView[] };
    expect(list.integrations).toEqual([integration]);
    // Every system can be connected: none is listed as still to come.
    expect(list.systems.map((s) => Object.keys(s).sort().join())).toEqual(['fields,label,system', 'fields,label,system', 'fields,label,system']);
    expect(list.systems.map((s) => s.system)).toEqual(['smoobu', 'beds24', 'hostaway']);
    expect(list.systems[0]!.fields.map((f) => [f.name, f.secret])).toEqual([
      ['apiKey', true],
      ['apiSecret', true],
    ]);
  });
});

describe('properties and their guidebooks', () => {
  it('lists Smoobu’s apartments undecided, maps them to a guidebook or "not in Porchlight", and keeps a new name', async () => {
    const [integration] = integrationRows(host.teamId);
    const id = String(integration!.id);
    const listed = await units(host.call, id);
    expect(listed.map((u) => [u.externalId, u.name, u.guidebookId, u.skipped])).toEqual([
      ['23', 'Attic', null, false],
      ['22', 'Garden Room', null, false],
      ['21', 'Harbour Loft', null, false],
    ]);
    const loft = await guidebook(host.call, 'Harbour Loft guide');
    const byName = (name: string) => listed.find((u) => u.name === name)!.id;
    const saved = await send(host.call, `/api/team/integrations/${id}/units`, {
      method: 'PUT',
      json: {
        units: [
          { id: byName('Harbour Loft'), guidebookId: loft._id, skipped: false },
          { id: byName('Attic'), guidebookId: null, skipped: true },
        ],
      },
    });
    expect(saved.status, await saved.clone().text()).toBe(200);
    account.apartments[1]!.name = 'Garden Room (renovated)';
    const after = await units(host.call, id);
    expect(after.map((u) => [u.name, u.guidebookName, u.skipped])).toEqual([
      ['Attic', null, true],
      ['Garden Room (renovated)', null, false],
      ['Harbour Loft', 'Harbour Loft guide', false],
    ]);
  });

  it('refuses a guidebook twice, one another property holds, another team’s or one in the trash, and a property not of this account', async () => {
    const id = String(integrationRows(host.teamId)[0]!.id);
    const listed = await units(host.call, id);
    const [attic, garden, loft] = listed;
    const put = (json: unknown) => send(host.call, `/api/team/integrations/${id}/units`, { method: 'PUT', json });
    const spare = await guidebook(host.call, 'Spare guide');
    const trashed = await guidebook(host.call, 'Trashed guide');
    expect((await host.call(`/api/instruction/${trashed._id}`, { method: 'DELETE' })).status).toBe(200);
    const other = await signedInHost(server, 'premium', { freshTeam: true });
    const theirs = await guidebook(other.call, 'Their guide');

    const refusals: Array<[unknown, number, string]> = [
      [{ units: [{ id: attic!.id, guidebookId: spare._id, skipped: false }, { id: garden!.id, guidebookId: spare._id, skipped: false }] }, 400, messages.integrations.guidebookTwice],
      [{ units: [{ id: garden!.id, guidebookId: loft!.guidebookId, skipped: false }] }, 409, messages.integrations.guidebookTaken('Harbour Loft guide')],
      [{ units: [{ id: garden!.id, guidebookId: theirs._id, skipped: false }] }, 404, messages.instruction.notFound],
      [{ units: [{ id: garden!.id, guidebookId: trashed._id, skipped: false }] }, 404, messages.instruction.notFound],
      [{ units: [{ id: 'no-such-unit', guidebookId: null, skipped: true }] }, 404, messages.integrations.unitNotFound],
      [{ units: [{ id: garden!.id, guidebookId: spare._id, skipped: true }] }, 400, messages.integrations.skippedWithGuidebook],
      [{ units: [{ id: garden!.id, guidebookId: null, skipped: true }, { id: garden!.id, guidebookId: null, skipped: false }] }, 400, messages.integrations.unitTwice],
      [{ units: [] }, 400, messages.integrations.unitsInvalid],
    ];
    for (const [json, status, message] of refusals) {
      const response = await put(json);
      expect([response.status, ((await response.json()) as { message: string }).message], JSON.stringify(json)).toEqual([status, message]);
    }
    // Nothing of the refused saves stuck; two properties may swap guidebooks in one save.
    expect(await units(host.call, id)).toEqual(listed);
    const swapped = await put({ units: [{ id: loft!.id, guidebookId: spare._id, skipped: false }, { id: garden!.id, guidebookId: loft!.guidebookId, skipped: false }] });
    expect(swapped.status, await swapped.clone().text()).toBe(200);
  });

  it('another team’s connection: 404 on every route, and their list does not show it', async () => {
    const id = String(integrationRows(host.teamId)[0]!.id);
    const other = await signedInHost(server, 'premium', { freshTeam: true });
    const before = integrationRows(host.teamId);
    for (const [path, init] of [
      [`/api/team/integrations/${id}/units`, {}],
      [`/api/team/integrations/${id}/units`, { method: 'PUT', json: { units: [{ id: 'x', guidebookId: null, skipped: true }] } }],
      [`/api/team/integrations/${id}`, { method: 'DELETE' }],
    ] as const) {
      const response = await send(other.call, path, init);
      expect([response.status, ((await response.json()) as { message: string }).message], `${init.method ?? 'GET'} ${path}`).toEqual([404, messages.integrations.notFound]);
    }
    expect(((await (await send(other.call, '/api/team/integrations')).json()) as { integrations: unknown[] }).integrations).toEqual([]);
    expect(integrationRows(host.teamId)).toEqual(before);
  });
});

describe('disconnecting', () => {
  it('deletes the credentials and the properties; the same account connects again', async () => {
    const id = String(integrationRows(host.teamId)[0]!.id);
    const response = await send(host.call, `/api/team/integrations/${id}`, { method: 'DELETE' });
    expect([response.status, ((await response.json()) as { message: string }).message]).toEqual([200, messages.integrations.disconnected('Smoobu')]);
    expect(integrationRows(host.teamId)).toEqual([]);
    expect(query(server, 'SELECT id FROM pms_units WHERE integration_id = ?', id)).toEqual([]);
    expect((await send(host.call, `/api/team/integrations/${id}/units`)).status).toBe(404);
    expect((await connect(host.call, keysOf(account))).status).toBe(201);
  });
});

describe('the credentials stay secret', () => {
  it('no answer, no log line and no row holds a key or secret sent, good or refused', async () => {
    expect(sentSecrets.length).toBeGreaterThan(4);
    const logs = server.logs.join('\n');
    expect(logs).toContain('pms: connected');
    const rows = everyRow(server);
    for (const secret of sentSecrets) {
      for (const answer of answers) expect(answer).not.toContain(secret);
      expect(logs).not.toContain(secret);
      expect(rows).not.toContain(secret);
    }
  });
});

describe('without SECRETS_KEY', () => {
  it('every route answers 503 with what to ask for, before reading a body, and nothing is stored', async () => {
    const keyless = await startServer({ NODE_ENV: 'test', SMOOBU_API_URL: smoobu.url });
    try {
      expect(keyless.logs.join('\n')).toContain('integrations: off (SECRETS_KEY not set)');
      const owner = await signedInHost(keyless, 'premium', { freshTeam: true });
      const asked = smoobu.requests.length;
      const requests: Array<[string, RequestInit & { json?: unknown }]> = [
        ['/api/team/integrations', {}],
        ['/api/team/integrations', { method: 'POST', json: { system: 'smoobu', fields: keysOf(account) } }],
        // A body that is not JSON at all: answered 503 all the same, so it was never read.
        ['/api/team/integrations', { method: 'POST', body: '{not json', headers: { 'content-type': 'application/json' } }],
        ['/api/team/integrations/any/units', {}],
        ['/api/team/integrations/any/units', { method: 'PUT', json: { units: [] } }],
        ['/api/team/integrations/any', { method: 'DELETE' }],
      ];
      for (const [path, init] of requests) {
        const response = await owner.call(path, init);
        expect([response.status, ((await response.json()) as { message: string }).message], `${init.method ?? 'GET'} ${path}`).toEqual([503, messages.integrations.needsKey]);
      }
      expect(smoobu.requests.length).toBe(asked);
      expect(query(keyless, 'SELECT id FROM pms_integrations')).toEqual([]);
    } finally {
      await keyless.stop();
    }
  });
});
