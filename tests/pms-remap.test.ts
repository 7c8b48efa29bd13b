import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyRingOf, openSecret } from '../src/lib/server/platform/secret-box.ts';
import type { IntegrationView, UnitView } from '../src/lib/shared/schemas/integrations.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { query } from './helpers/auth.ts';
import { signedInHost, type Host } from './helpers/billing.ts';
import { startBeds24StandIn, type Beds24StandIn } from './helpers/pms/beds24-standin.ts';
import { connectSmoobu } from './helpers/pms/smoobu-host.ts';
import { startSmoobuStandIn, type SmoobuStandIn } from './helpers/pms/smoobu-standin.ts';
import { counts, day, guidebook, staysOf, syncNow } from './helpers/pms/sync-calls.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';

/**
 * What a booking system's account becomes over time (docs/decisions/029-pms-connectors.md §3, §5,
 * §7), over real HTTP on SQLite or PostgreSQL (TEST_DATABASE_URL): the full pass lists the units
 * again (a new one undecided, a renamed one by its new name); a unit mapped to "not in Porchlight"
 * or to another guidebook leaves its stays as the host's own, and mapped back adopts them rather
 * than doubling them; and after SECRETS_KEY is rotated, the "pms sync" job seals every row again
 * under the new key, so the previous one can go.
 */
const SECRETS_KEY = randomBytes(32).toString('base64');
let smoobu: SmoobuStandIn;
let beds24: Beds24StandIn;
let smtp: TestSmtpServer;
let server: TestServer;
let env: Record<string, string>;

beforeAll(async () => {
  [smoobu, beds24, smtp] = await Promise.all([startSmoobuStandIn(), startBeds24StandIn(), startSmtpServer()]);
  env = { NODE_ENV: 'test', SECRETS_KEY, SMOOBU_API_URL: smoobu.url, BEDS24_API_URL: beds24.url, SMTP_URL: smtp.url };
  server = await startServer(env);
});

afterAll(async () => {
  await server?.stop();
  await Promise.all([smoobu?.close(), beds24?.close(), smtp?.close()]);
});

const unitRows = (integrationId: string) => query<{ external_id: string; name: string; instruction_id: string | null }>(server, 'SELECT external_id, name, instruction_id FROM pms_units WHERE integration_id = ? ORDER BY external_id', integrationId);
const save = (host: Host, id: string, units: Array<{ id: string; guidebookId: string | null; skipped: boolean }>) => host.json(`/api/team/integrations/${id}/units`, { method: 'PUT', json: { units } });
const summary = async (host: Host, g: Instruction) => (await staysOf(host, g)).map((s) => [s.guestName, s.checkOut, s.pms?.label ?? null]);

describe('the full pass and re-mapping', () => {
  let host: Host;
  let loft: Instruction;
  let annex: Instruction;
  let link: Awaited<ReturnType<typeof connectSmoobu>>;
  let unit61: UnitView;

  beforeAll(async () => {
    host = await signedInHost(server, { freshTeam: true });
    [loft, annex] = [await guidebook(host, 'Remap Loft'), await guidebook(host, 'Remap Annex')];
    link = await connectSmoobu(smoobu, host, [{ id: 61, name: 'Loft' }], { 61: loft });
    unit61 = link.units.find((u) => u.externalId === '61')!;
  });

  it('the full pass lists the system’s units again: a new one undecided, a renamed one by its new name, the mapping kept', async () => {
    link.account.apartments = [{ id: 61, name: 'Loft (top floor)' }, { id: 62, name: 'Garden annex' }];
    smoobu.setBooking(link.account, { id: 6101, apartmentId: 61, arrival: day(7), departure: day(10), firstname: 'Ines', lastname: 'Moreau', email: 'ines.moreau@example.com' });
    expect(await syncNow(host, link.id)).toMatchObject(counts({ added: 1 }));
    expect(unitRows(link.id)).toEqual([
      { external_id: '61', name: 'Loft (top floor)', instruction_id: loft._id },
      { external_id: '62', name: 'Garden annex', instruction_id: null },
    ]);
  });

  it('mapped to “not in Porchlight”, its stays stay as the host’s own: a change in Smoobu no longer moves them', async () => {
    await save(host, link.id, [{ id: unit61.id, guidebookId: null, skipped: true }]);
    expect(await summary(host, loft)).toEqual([['Ines Moreau', `${day(10)}T11:00`, null]]);
    smoobu.setBooking(link.account, { id: 6101, apartmentId: 61, arrival: day(7), departure: day(11), firstname: 'Ines', lastname: 'Moreau', email: 'ines.moreau@example.com' });
    expect(await syncNow(host, link.id)).toMatchObject(counts());
    expect(await summary(host, loft)).toEqual([['Ines Moreau', `${day(10)}T11:00`, null]]);
    // The host may now delete it, as any stay of their own.
    const [own] = await staysOf(host, loft);
    expect(own!.source).not.toBe('pms');
  });

  it('mapped to another guidebook, the booking is that guidebook’s stay; mapped back, the first guidebook’s stay is adopted again, not doubled', async () => {
    await save(host, link.id, [{ id: unit61.id, guidebookId: annex._id, skipped: false }]);
    expect(await syncNow(host, link.id)).toMatchObject(counts({ added: 1 }));
    expect(await summary(host, annex)).toEqual([['Ines Moreau', `${day(11)}T11:00`, 'Smoobu']]);
    expect(await summary(host, loft)).toEqual([['Ines Moreau', `${day(10)}T11:00`, null]]);

    await save(host, link.id, [{ id: unit61.id, guidebookId: loft._id, skipped: false }]);
    expect(await syncNow(host, link.id)).toMatchObject(counts({ moved: 1 }));
    expect(await summary(host, loft)).toEqual([['Ines Moreau', `${day(11)}T11:00`, 'Smoobu']]);
    expect(await summary(host, annex)).toEqual([['Ines Moreau', `${day(11)}T11:00`, null]]);
  });
});

describe('SECRETS_KEY rotated', () => {
  it('the job seals every row again under the new key; the previous key can then go, and the connection still reads', async () => {
    const host = await signedInHost(server, { freshTeam: true });
    const g = await guidebook(host, 'Rotation Loft');
    const account = beds24.addAccount({ properties: [{ id: 701, name: 'Rotation House', roomTypes: [{ id: 41, name: 'Loft' }] }] });
    const connected = await host.call('/api/team/integrations', { method: 'POST', json: { system: 'beds24', fields: { inviteCode: beds24.inviteCode(account) } } });
    expect(connected.status, await connected.clone().text()).toBe(201);
    const { integration } = (await connected.json()) as { integration: IntegrationView };
    const { units } = await host.json<{ units: UnitView[] }>(`/api/team/integrations/${integration.id}/units`);
    await save(host, integration.id, [{ id: units[0]!.id, guidebookId: g._id, skipped: false }]);

    const oldRing = keyRingOf({ current: Buffer.from(SECRETS_KEY, 'base64'), previous: undefined });
    const NEW_KEY = randomBytes(32).toString('base64');
    const newRing = keyRingOf({ current: Buffer.from(NEW_KEY, 'base64'), previous: undefined });
    type Keys = { id: string; team_id: string; credentials_key_id: string; credentials_iv: string; credentials_ct: string; access_key_id: string | null; access_iv: string | null; access_ct: string | null };
    const row = () => query<Keys>(server, 'SELECT id, team_id, credentials_key_id, credentials_iv, credentials_ct, access_key_id, access_iv, access_ct FROM pms_integrations WHERE id = ?', integration.id)[0]!;
    expect([row().credentials_key_id, row().access_key_id]).toEqual([oldRing.current.id, oldRing.current.id]);

    // The operator restarts with the new key and the old one as the previous: the job's turn at start re-seals.
    await server.stop();
    server = await startServer({ ...env, DATA_DIR: server.dataDir, SECRETS_KEY: NEW_KEY, SECRETS_KEY_PREVIOUS: SECRETS_KEY });
    await expect.poll(() => [row().credentials_key_id, row().access_key_id], { timeout: 30_000 }).toEqual([newRing.current.id, newRing.current.id]);
    const sealed = row();
    const aad = (slot: string) => `pms:${sealed.id}:${sealed.team_id}:beds24:${slot}`;
    // The new key alone opens both slots now.
    expect(JSON.parse(openSecret(newRing, { keyId: sealed.credentials_key_id, iv: sealed.credentials_iv, ciphertext: sealed.credentials_ct }, aad('credentials')))).toMatchObject({ secrets: { refreshToken: expect.any(String) } });
    expect(beds24.issued).toContain(openSecret(newRing, { keyId: sealed.access_key_id!, iv: sealed.access_iv!, ciphertext: sealed.access_ct! }, aad('access')));
    await expect.poll(() => server.logs.join('\n')).toContain('pms: credentials sealed again under SECRETS_KEY');

    // Without the previous key, the connection reads on: the job's turn at start brings the new booking.
    await server.stop();
    beds24.setBooking(account, { id: 9701, propertyId: 701, roomId: 41, arrival: day(5), departure: day(8), firstName: 'Rui', lastName: 'Costa', email: 'rui.costa@example.com' });
    server = await startServer({ ...env, DATA_DIR: server.dataDir, SECRETS_KEY: NEW_KEY });
    await expect.poll(() => query<{ guest_name: string }>(server, 'SELECT guest_name FROM stays WHERE instruction_id = ?', g._id), { timeout: 30_000 }).toEqual([{ guest_name: 'Rui Costa' }]);
    expect(query<{ state: string }>(server, 'SELECT state FROM pms_integrations WHERE id = ?', integration.id)).toEqual([{ state: 'active' }]);
  });
});
