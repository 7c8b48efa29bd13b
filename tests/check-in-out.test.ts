import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_CHECKOUT_STEPS, type GuestInstruction, type Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Settings } from '../src/lib/shared/schemas/settings.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { signedInHost, type Call } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { storedSnapshotPage } from './helpers/stored.ts';
import { until } from './helpers/until.ts';

/**
 * The property's usual check-in and check-out times and the check-out list: stored and checked
 * with the guidebook, shown on the guest page (header, Check-out section and tile, the
 * "Respect check-in/out" rule) and in its snapshot, taken by stays given without times, and
 * filled by Auto-Fill's `checkout` group.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test' });
});

afterAll(async () => {
  await server?.stop();
});

const host = async (): Promise<Call> => (await signedInHost(server, 'gold')).call;

async function guidebook(call: Call, body: Record<string, unknown>): Promise<Instruction> {
  const response = await call('/api/instruction', { json: { nameInstruction: 'Harbour Loft', ...body } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

const TIMES = { checkInTime: '15:00', checkOutTime: '10:00', checkoutSteps: ['Strip the beds', 'Keys in the box', 'Dishwasher on'] };

/** The text of the element with `id` in the page, tags dropped. */
function sectionText(html: string, id: string): string {
  const at = html.indexOf(`id="${id}"`);
  if (at < 0) return '';
  const start = html.indexOf('>', at) + 1;
  return html
    .slice(start, html.indexOf('</section>', start))
    .replace(/<svg[\s\S]*?<\/svg>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The header's line of usual times, as read. */
function headerTimes(html: string): string {
  const line = /<p class="hero-times">([\s\S]*?)<\/p>/.exec(html)?.[1] ?? '';
  return line.replace(/<svg[\s\S]*?<\/svg>/g, '').replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim();
}

describe('the guidebook’s check-in and check-out fields', () => {
  let call: Call;
  beforeAll(async () => {
    call = await host();
  });

  it('start empty, are stored as sent (trimmed, blank steps dropped) and answered with the guidebook', async () => {
    const empty = await guidebook(call, {});
    expect(empty).toMatchObject({ checkInTime: '', checkOutTime: '', checkoutSteps: [] });
    const g = await guidebook(call, { checkInTime: ' 15:00 ', checkOutTime: '10:00', checkoutSteps: ['  Strip the beds ', '', 'Keys\nin the box'] });
    expect(g).toMatchObject({ checkInTime: '15:00', checkOutTime: '10:00', checkoutSteps: ['Strip the beds', 'Keys in the box'] });
    const again = (await (await call(`/api/instruction/${g._id}`)).json()) as Instruction;
    expect(again).toMatchObject({ checkInTime: '15:00', checkOutTime: '10:00', checkoutSteps: ['Strip the beds', 'Keys in the box'] });
  });

  it('refuses a time that is not HH:MM on the 24-hour clock, more than 20 steps and a step over 200 characters, each with its message', async () => {
    const g = await guidebook(call, {});
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ checkInTime: '24:00' }, 'The check-in time must be a time like 15:00 (24-hour clock), or empty.'],
      [{ checkInTime: '3 pm' }, 'The check-in time must be a time like 15:00 (24-hour clock), or empty.'],
      [{ checkOutTime: '10:00:00' }, 'The check-out time must be a time like 15:00 (24-hour clock), or empty.'],
      [{ checkOutTime: 10 }, 'The check-out time must be a time like 15:00 (24-hour clock), or empty.'],
      [{ checkoutSteps: Array.from({ length: MAX_CHECKOUT_STEPS + 1 }, (_, index) => `Step ${index}`) }, `A guidebook can have at most ${MAX_CHECKOUT_STEPS} check-out steps.`],
      [{ checkoutSteps: ['x'.repeat(201)] }, 'A check-out step can be at most 200 characters.'],
      [{ checkoutSteps: 'Strip the beds' }, 'Check-out steps must be a list of lines.'],
    ];
    for (const [change, message] of cases) {
      const response = await call(`/api/instruction/${g._id}`, { method: 'PUT', json: { ...g, ...change } });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(await response.json(), JSON.stringify(change)).toEqual({ message });
    }
    const full = Array.from({ length: MAX_CHECKOUT_STEPS }, (_, index) => `Step ${index + 1}`);
    const saved = await call(`/api/instruction/${g._id}`, { method: 'PUT', json: { ...g, checkoutSteps: full } });
    expect(saved.status).toBe(200);
  });
});

describe('the guest page', () => {
  let call: Call;
  beforeAll(async () => {
    call = await host();
  });

  it('shows the times in the header, a Check-out section with its tile, and the times in “Respect check-in/out”; the snapshot and the preview API carry them', async () => {
    const g = await guidebook(call, { ...TIMES, selectedHouseRules: [3, 1] });
    const html = await (await server.request(`/instruction/${g.token}`)).text();
    expect(headerTimes(html)).toBe('Check-in from 15:00 · Check-out by 10:00');
    expect(sectionText(html, 'check-out')).toBe('Check-out Check-in from 15:00 Check-out by 10:00 Before you leave Strip the beds Keys in the box Dishwasher on');
    expect(html).toMatch(/<a href="#check-out">[\s\S]*?<span>Check-out<\/span>/);
    expect(sectionText(html, 'rules')).toContain('Please respect the check-in and check-out times: check-in is from 15:00 and check-out is by 10:00.');
    expect(sectionText(html, 'rules')).toContain('Parties and events are not allowed.');

    // The stored page (every encoding) is the one just served.
    for (const encoding of ['html', 'gz', 'br']) {
      const stored = await until(() => storedSnapshotPage(server, g.token, encoding), (page) => page !== null, `the ${encoding} page stored`);
      expect(headerTimes(stored ?? ''), encoding).toBe('Check-in from 15:00 · Check-out by 10:00');
      expect(stored, encoding).toContain('Dishwasher on');
    }
    const preview = (await (await server.request(`/api/instruction/preview/${g.token}`)).json()) as GuestInstruction;
    expect(preview).toMatchObject(TIMES);
  });

  it('with one time only, says that one; with none and no steps, neither the header line, the section, the tile nor the rule’s times', async () => {
    const one = await guidebook(call, { checkOutTime: '11:00', selectedHouseRules: [3] });
    const oneHtml = await (await server.request(`/instruction/${one.token}`)).text();
    expect(headerTimes(oneHtml)).toBe('Check-out by 11:00');
    expect(sectionText(oneHtml, 'check-out')).toBe('Check-out Check-out by 11:00');
    expect(sectionText(oneHtml, 'rules')).toContain('Please respect the check-in and check-out times: check-out is by 11:00.');

    const none = await guidebook(call, { selectedHouseRules: [3] });
    const html = await (await server.request(`/instruction/${none.token}`)).text();
    expect(html).not.toContain('hero-times');
    expect(html).not.toContain('id="check-out"');
    expect(html).not.toContain('href="#check-out"');
    expect(sectionText(html, 'rules')).toContain('Please respect the check-in and check-out times.');
  });

  it('on a stay link, the Check-out section names the stay’s own check-in and check-out', async () => {
    const g = await guidebook(call, { ...TIMES, timeZone: 'UTC' });
    const response = await call(`/api/instruction/${g._id}/stays`, { json: { guestName: 'Dana', checkIn: '2030-07-04T16:00', checkOut: '2030-07-08T09:30' } });
    const { stay } = (await response.json()) as { stay: Stay };
    const html = await (await server.request(`/stay/${stay.token}`)).text();
    expect(sectionText(html, 'check-out')).toBe('Check-out Check-in Thu 4 Jul, 16:00 Check-out Mon 8 Jul, 09:30 Before you leave Strip the beds Keys in the box Dishwasher on');
    // The header has the stay's dates, not the usual times.
    expect(html).not.toContain('hero-times');
  });
});

describe('stays given by their days alone', () => {
  it('start and end at the guidebook’s times, where the property is; at 15:00 and 11:00 when it has none', async () => {
    const call = await host();
    const own = await guidebook(call, { timeZone: 'Europe/Zagreb', checkInTime: '16:30', checkOutTime: '10:00' });
    const add = async (g: Instruction, body: Record<string, unknown>) => {
      const response = await call(`/api/instruction/${g._id}/stays`, { json: body });
      expect(response.status, await response.clone().text()).toBe(201);
      return ((await response.json()) as { stay: Stay }).stay;
    };
    expect(await add(own, { checkIn: '2030-07-04', checkOut: '2030-07-08' })).toMatchObject({
      checkIn: '2030-07-04T16:30',
      checkOut: '2030-07-08T10:00',
      // Zagreb is UTC+2 in July.
      checkInAt: '2030-07-04T14:30:00.000Z',
      checkOutAt: '2030-07-08T08:00:00.000Z',
    });
    // A time given wins; a change of the days alone takes the guidebook's time again.
    const mixed = await add(own, { checkIn: '2030-08-01T12:00', checkOut: '2030-08-03' });
    expect(mixed).toMatchObject({ checkIn: '2030-08-01T12:00', checkOut: '2030-08-03T10:00' });
    const moved = await call(`/api/instruction/${own._id}/stays/${mixed._id}`, { method: 'PATCH', json: { checkOut: '2030-08-05' } });
    expect(((await moved.json()) as { stay: Stay }).stay).toMatchObject({ checkIn: '2030-08-01T12:00', checkOut: '2030-08-05T10:00' });

    const plain = await guidebook(call, { timeZone: 'UTC' });
    expect(await add(plain, { checkIn: '2030-07-04', checkOut: '2030-07-08' })).toMatchObject({ checkIn: '2030-07-04T15:00', checkOut: '2030-07-08T11:00' });
  });
});

describe('Auto-Fill', () => {
  it('starts new guidebooks from its times and steps, and “Apply to existing” copies them only with the check-out group', async () => {
    const call = await host();
    const before = await guidebook(call, { checkInTime: '14:00', checkOutTime: '', checkoutSteps: ['Old step'] });
    const settings = (await (await call('/api/settings')).json()) as Settings;
    expect(settings).toMatchObject({ checkInTime: '', checkOutTime: '', checkoutSteps: [] });
    const mine: Settings = { ...settings, ...TIMES };

    const saved = await call('/api/settings', { method: 'PUT', json: mine });
    expect(saved.status).toBe(200);
    expect(((await saved.json()) as { settings: Settings }).settings).toMatchObject(TIMES);
    expect(await guidebook(call, {})).toMatchObject(TIMES);
    // Saving alone leaves the existing guidebook as it was.
    expect((await (await call(`/api/instruction/${before._id}`)).json()) as Instruction).toMatchObject({ checkInTime: '14:00', checkOutTime: '', checkoutSteps: ['Old step'] });

    const withoutGroup = await call('/api/settings/updateExistingInstructions', { method: 'PUT', json: { dataSettings: mine, applyToExistingInstruction: { greeting: true } } });
    expect(withoutGroup.status).toBe(200);
    expect((await (await call(`/api/instruction/${before._id}`)).json()) as Instruction).toMatchObject({ checkInTime: '14:00', checkoutSteps: ['Old step'] });

    const applied = await call('/api/settings/updateExistingInstructions', { method: 'PUT', json: { dataSettings: mine, applyToExistingInstruction: { checkout: true } } });
    expect(applied.status, await applied.clone().text()).toBe(200);
    expect((await (await call(`/api/instruction/${before._id}`)).json()) as Instruction).toMatchObject(TIMES);
  });

  it('refuses a bad time in the settings with its message', async () => {
    const call = await host();
    const settings = (await (await call('/api/settings')).json()) as Settings;
    const response = await call('/api/settings', { method: 'PUT', json: { ...settings, checkOutTime: '25:00' } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ message: 'The check-out time must be a time like 15:00 (24-hour clock), or empty.' });
  });
});
