import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedChannel } from '../src/lib/shared/channels.ts';
import { messages } from '../src/lib/shared/messages.ts';
import { DEFAULT_CHANNEL_RULES, type ChannelRules, type Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { GuestExtra } from '../src/lib/shared/schemas/order.ts';
import type { CalendarStatus, Stay, StaysPage } from '../src/lib/shared/schemas/stay.ts';
import { query, signedInHost, type SignedInHost } from './helpers/auth.ts';
import { ics, startCalendarStandIn, type CalendarStandIn } from './helpers/calendar-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { until } from './helpers/until.ts';

/**
 * What each channel's guests are offered (docs/decisions/028-teams.md §10), over real HTTP on the
 * built server, on SQLite and PostgreSQL: a stay takes its channel from its calendar's link (the
 * stand-in plays Airbnb's host), the guidebook's rules decide the stay page's extras and feedback
 * question and the guest APIs behind them, and the host's choice of a stay's channel outlives the
 * calendar's next sync.
 */
const DAY = 86_400_000;
const text = messages.channels;
/** "YYYY-MM-DD" and "YYYYMMDD", `days` from today (UTC). */
const day = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
const ymd = (days: number) => day(days).replaceAll('-', '');

const LATE = { id: 11, kind: 'late-checkout', title: 'Late check-out', price: 2500, lateCheckoutUntil: '14:00' };
const BASKET = { id: 12, kind: 'item', title: 'Breakfast basket', price: 1800, maxPerStay: 2 };

let server: TestServer;
let feed: CalendarStandIn;

beforeAll(async () => {
  feed = await startCalendarStandIn('www.airbnb.test');
  server = await startServer(feed.serverEnv);
});

afterAll(async () => {
  await server?.stop();
  await feed?.close();
});

async function guidebook(h: SignedInHost, body: Record<string, unknown> = {}): Promise<Instruction> {
  const response = await h.call('/api/instruction', { json: { nameInstruction: 'Harbour Loft', timeZone: 'UTC', extras: [LATE, BASKET], ...body } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { instruction: Instruction }).instruction;
}

async function save(h: SignedInHost, g: Instruction, change: Partial<Instruction>): Promise<Response> {
  const current = (await (await h.call(`/api/instruction/${g._id}`)).json()) as Instruction;
  return h.call(`/api/instruction/${g._id}`, { method: 'PUT', json: { ...current, ...change } });
}

async function addStay(h: SignedInHost, g: Instruction, body: Record<string, unknown>): Promise<Stay> {
  const response = await h.call(`/api/instruction/${g._id}/stays`, { json: { checkIn: day(3), checkOut: day(5), allowOverlap: true, ...body } });
  expect(response.status, await response.clone().text()).toBe(201);
  return ((await response.json()) as { stay: Stay }).stay;
}

async function staysOf(h: SignedInHost, g: Instruction): Promise<StaysPage> {
  const response = await h.call(`/api/instruction/${g._id}/stays?group=upcoming&limit=100`);
  expect(response.status).toBe(200);
  return (await response.json()) as StaysPage;
}

async function extrasOf(token: string): Promise<number[]> {
  const response = await server.request(`/api/guest/${token}/extras`);
  expect(response.status, await response.clone().text()).toBe(200);
  return ((await response.json()) as { extras: GuestExtra[] }).extras.map((extra) => extra.id);
}

const ask = (token: string, extraId: number) => server.request(`/api/guest/${token}/extras/${extraId}`, { method: 'POST', json: {} });
const feedback = (token: string) => server.request(`/api/guest/${token}/feedback`, { method: 'POST', json: { helpful: true } });

/** What the stay page offers: its extras section and its feedback question, as a guest's browser gets them. */
async function stayPage(token: string): Promise<{ extras: boolean; basket: boolean; feedback: boolean }> {
  const response = await server.request(`/stay/${token}`);
  expect(response.status).toBe(200);
  const html = await response.text();
  return { extras: html.includes('id="extras-title"'), basket: html.includes('Breakfast basket'), feedback: html.includes('id="feedback-title"') };
}

async function expectMessage(response: Response, status: number, message: string): Promise<void> {
  expect(response.status, await response.clone().text()).toBe(status);
  expect(await response.json()).toEqual({ message });
}

describe('feedChannel: the channel a calendar link names', () => {
  it('reads Airbnb (any country), Booking.com, Vrbo and HomeAway by host, anything else as other', () => {
    const cases: Array<[string, string]> = [
      ['https://www.airbnb.com/calendar/ical/123.ics?s=abc', 'airbnb'],
      ['webcal://www.airbnb.co.uk/calendar/ical/1.ics', 'airbnb'],
      ['https://airbnb.de/calendar/ical/1.ics', 'airbnb'],
      ['https://admin.booking.com/hotel/hoteladmin/ical.html?t=x', 'booking'],
      ['https://ical.booking.com/v1/export?t=x', 'booking'],
      ['https://www.vrbo.com/icalendar/abc.ics', 'vrbo'],
      ['https://www.homeaway.co.uk/icalendar/abc.ics', 'vrbo'],
      ['https://calendar.google.com/calendar/ical/x/basic.ics', 'other'],
      ['https://notairbnb.com/x.ics', 'other'],
      ['https://booking.com.evil.example/x.ics', 'other'],
      ['https://evil.example/www.airbnb.com/x.ics', 'other'],
      ['not a link', 'other'],
    ];
    for (const [url, channel] of cases) expect(feedChannel(url), url).toBe(channel);
  });
});

describe('a guidebook’s rules by channel', () => {
  let h: SignedInHost;
  let g: Instruction;
  let airbnb: Stay;
  let direct: Stay;
  let booking: Stay;

  beforeAll(async () => {
    h = await signedInHost(server, 'gold');
    g = await guidebook(h);
    feed.serve('/rules.ics', { body: ics([{ uid: 'hm1@airbnb.com', start: ymd(10), end: ymd(12), summary: 'Reserved' }, { uid: 'hm2@airbnb.com', start: ymd(20), end: ymd(22), summary: 'Reserved' }]) });
    const saved = await h.call(`/api/instruction/${g._id}/calendar`, { method: 'PUT', json: { url: feed.url('/rules.ics') } });
    expect(saved.status, await saved.clone().text()).toBe(200);
    expect(((await saved.json()) as { calendar: CalendarStatus }).calendar.channel).toBe('airbnb');
    airbnb = (await staysOf(h, g)).stays.find((stay) => stay.source === 'calendar')!;
    direct = await addStay(h, g, { guestName: 'Dana' });
    booking = await addStay(h, g, { guestName: 'Bo', channel: 'booking' });
  });

  it('start as the channels publish them: Airbnb without extras or feedback, every other on', () => {
    expect(g.channelRules).toEqual(DEFAULT_CHANNEL_RULES);
    expect(DEFAULT_CHANNEL_RULES.airbnb).toEqual({ extras: 'none', feedback: false });
    for (const audience of ['direct', 'booking', 'vrbo', 'other', 'link'] as const) expect(DEFAULT_CHANNEL_RULES[audience]).toEqual({ extras: 'all', feedback: true });
  });

  it('give a calendar’s stays the channel of its link, and a stay by hand direct unless the host says', async () => {
    const { stays, calendar } = await staysOf(h, g);
    expect(calendar?.channel).toBe('airbnb');
    expect(stays.filter((stay) => stay.source === 'calendar').map((stay) => stay.channel)).toEqual(['airbnb', 'airbnb']);
    expect(direct.channel).toBe('direct');
    expect(booking.channel).toBe('booking');
  });

  it('offer an Airbnb stay no extra on its page or through the API, and ask no feedback', async () => {
    expect(await stayPage(airbnb.token)).toEqual({ extras: false, basket: false, feedback: false });
    expect(await extrasOf(airbnb.token)).toEqual([]);
    // Asked directly, an extra the channel is not offered is as unknown as one that does not exist.
    for (const id of [LATE.id, BASKET.id]) await expectMessage(await ask(airbnb.token, id), 404, messages.orders.extraNotFound);
    await expectMessage(await feedback(airbnb.token), 404, messages.guestFeedback.notAsked);
    await expectMessage(await server.request(`/api/guest/${airbnb.token}/feedback`, { method: 'PATCH', json: { id: 'x'.repeat(21), editToken: 'y'.repeat(43), comment: 'Hi' } }), 404, messages.guestFeedback.notAsked);
    expect(query(server, 'SELECT COUNT(*) AS n FROM orders WHERE stay_id = ?', airbnb._id)[0]).toEqual({ n: 0 });
    expect(query(server, 'SELECT COUNT(*) AS n FROM guest_feedback WHERE stay_id = ?', airbnb._id)[0]).toEqual({ n: 0 });
  });

  it('leave direct and Booking.com stays as they were: every extra, the question asked', async () => {
    for (const stay of [direct, booking]) {
      expect(await stayPage(stay.token), stay.channel).toEqual({ extras: true, basket: true, feedback: true });
      expect(await extrasOf(stay.token)).toEqual([LATE.id, BASKET.id]);
      expect((await feedback(stay.token)).status).toBe(201);
    }
    expect((await ask(booking.token, BASKET.id)).status).toBe(201);
  });

  it('follow the host’s change of a rule, and leave the orders already placed as they are', async () => {
    const rules: ChannelRules = { ...DEFAULT_CHANNEL_RULES, airbnb: { extras: [BASKET.id], feedback: true }, booking: { extras: 'none', feedback: true } };
    expect((await save(h, g, { channelRules: rules })).status).toBe(200);
    expect(await stayPage(airbnb.token)).toEqual({ extras: true, basket: true, feedback: true });
    expect(await extrasOf(airbnb.token)).toEqual([BASKET.id]);
    await expectMessage(await ask(airbnb.token, LATE.id), 404, messages.orders.extraNotFound);
    expect((await ask(airbnb.token, BASKET.id)).status).toBe(201);
    // Booking.com guests are offered nothing now; the basket ordered before is still theirs.
    expect(await extrasOf(booking.token)).toEqual([]);
    expect(query(server, 'SELECT title, status FROM orders WHERE stay_id = ?', booking._id)).toEqual([{ title: 'Breakfast basket', status: 'approved' }]);
    expect((await save(h, g, { channelRules: DEFAULT_CHANNEL_RULES })).status).toBe(200);
  });

  it('keep the host’s choice of a calendar stay’s channel through the next sync', async () => {
    const changed = await h.call(`/api/instruction/${g._id}/stays/${airbnb._id}`, { method: 'PATCH', json: { channel: 'direct' } });
    expect(changed.status, await changed.clone().text()).toBe(200);
    expect(((await changed.json()) as { stay: Stay }).stay.channel).toBe('direct');
    expect((await h.call(`/api/instruction/${g._id}/calendar`, { method: 'POST', json: {} })).status).toBe(200);
    const after = (await staysOf(h, g)).stays.filter((stay) => stay.source === 'calendar');
    expect(after.map((stay) => [stay._id, stay.channel])).toEqual([
      [airbnb._id, 'direct'],
      [after[1]!._id, 'airbnb'],
    ]);
    expect(await extrasOf(airbnb.token)).toEqual([LATE.id, BASKET.id]);
    // The host's choice is what the sync reads, not the channel: a stay set to the calendar's own channel is kept too.
    expect(query(server, 'SELECT channel_set_by_host AS set_by_host FROM stays WHERE id = ?', airbnb._id)).toEqual([{ set_by_host: 1 }]);
  });

  it('follow the public link’s rule on the guidebook’s own page', async () => {
    expect((await save(h, g, { extrasOnPublicLink: true, channelRules: { ...DEFAULT_CHANNEL_RULES, link: { extras: 'none', feedback: false } } })).status).toBe(200);
    expect(await extrasOf(g.token)).toEqual([]);
    await expectMessage(await ask(g.token, BASKET.id), 404, messages.orders.extraNotFound);
    await expectMessage(await feedback(g.token), 404, messages.guestFeedback.notAsked);
    // The stored page is published again after the save, off the request path: guests get the new one once it is.
    const page = () => server.request(`/instruction/${g.token}`).then((response) => response.text());
    const html = await until(page, (body) => !body.includes('id="feedback-title"'), 'the public page without the feedback question');
    expect(html).not.toContain('id="extras-title"');
  });
});

describe('bad input to the channel fields', () => {
  it('answers each with a clear { message } and changes nothing', async () => {
    const h = await signedInHost(server, 'gold');
    const g = await guidebook(h);
    const cases: Array<[unknown, string]> = [
      [{ airbnb: { extras: 'some' } }, text.extrasInvalid('Airbnb guests')],
      [{ booking: { extras: ['x'] } }, text.extrasInvalid('Booking.com guests')],
      [{ link: { feedback: 'yes' } }, text.feedbackInvalid('guests on the public link')],
      [{ vrbo: 3 }, text.ruleInvalid('Vrbo guests')],
      [5, text.rulesInvalid],
    ];
    for (const [channelRules, message] of cases) await expectMessage(await save(h, g, { channelRules } as never), 400, message);
    expect(((await (await h.call(`/api/instruction/${g._id}`)).json()) as Instruction).channelRules).toEqual(DEFAULT_CHANNEL_RULES);

    for (const channel of ['expedia', 3, '']) await expectMessage(await h.call(`/api/instruction/${g._id}/stays`, { json: { checkIn: day(3), checkOut: day(5), channel } }), 400, text.channelInvalid);
    const stay = await addStay(h, g, {});
    await expectMessage(await h.call(`/api/instruction/${g._id}/stays/${stay._id}`, { method: 'PATCH', json: { channel: 'AIRBNB' } }), 400, text.channelInvalid);
    const settings = (await (await h.call('/api/settings')).json()) as Record<string, unknown>;
    await expectMessage(await h.call('/api/settings', { method: 'PUT', json: { ...settings, channelRules: { airbnb: { extras: [11] } } } }), 400, text.extrasAllOrNone('Airbnb guests'));
  });
});

describe('Auto-Fill carries the rules', () => {
  it('into new guidebooks, and into existing ones with “Apply to existing”', async () => {
    const h = await signedInHost(server, 'gold');
    const before = await guidebook(h);
    const settings = (await (await h.call('/api/settings')).json()) as Record<string, unknown>;
    expect(settings.channelRules).toEqual(DEFAULT_CHANNEL_RULES);
    const rules: ChannelRules = { ...DEFAULT_CHANNEL_RULES, airbnb: { extras: 'all', feedback: false }, other: { extras: 'none', feedback: false } };
    expect((await h.call('/api/settings', { method: 'PUT', json: { ...settings, channelRules: rules } })).status).toBe(200);
    expect((await guidebook(h)).channelRules).toEqual(rules);
    const applied = await h.call('/api/settings/updateExistingInstructions', { method: 'PUT', json: { dataSettings: { ...settings, channelRules: rules }, applyToExistingInstruction: { channels: true } } });
    expect(applied.status, await applied.clone().text()).toBe(200);
    expect(((await applied.json()) as { summary: string }).summary).toBe('Guests by channel will change in 1 guidebook');
    expect(((await (await h.call(`/api/instruction/${before._id}`)).json()) as Instruction).channelRules).toEqual(rules);
  });
});
