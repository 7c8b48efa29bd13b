import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, parseConfig } from '../src/lib/server/platform/config.ts';
import { isBlockedAddress } from '../src/lib/server/geo/is-blocked-address.ts';
import { safeFetch, SafeFetchError, type ResolveHost } from '../src/lib/server/geo/safe-fetch.ts';
import { CALENDAR_MAX_BYTES, calendarFetchOptions } from '../src/lib/server/stays/fetch-calendar.ts';
import { CALENDAR_READ_LIMITS } from '../src/lib/server/stays/read-calendar.ts';
import { CalendarFormatError, CalendarRecurrenceError, parseCalendar, type CalendarBooking } from '../src/lib/server/stays/parse-calendar.ts';
import { MAX_CALENDAR_BOOKINGS, selectBookings, windowEnd } from '../src/lib/server/stays/select-bookings.ts';
import { windowsZoneTable } from '../src/lib/server/stays/windows-zones.ts';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { STAY_GROUPS, type CalendarStatus, type Stay, type StaysPage } from '../src/lib/shared/schemas/stay.ts';
import { badDates, calendarFixture, deepNesting, hugeLine, manyBookings, manyEvents, manyParameters, manyProperties } from './fixtures/calendars/hostile-calendars.ts';
import { createUser, login, query, run, setUserPlan, withCookie } from './helpers/auth.ts';
import { CALENDAR_HOST, ics, startCalendarStandIn, type CalendarStandIn, type IcsEvent } from './helpers/calendar-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { SSRF_CORPUS } from './helpers/ssrf-corpus.ts';
import { until } from './helpers/until.ts';

/**
 * Calendar import (docs/decisions/014-calendar-feeds.md). The parser's mapping is tested in-process; the import runs
 * over real HTTP against the built server, which fetches a local HTTPS stand-in through its
 * production fetch (tests/helpers/calendar-standin.ts: a DNS seam honoured only under
 * NODE_ENV=test, a certificate made for the run). Dates are relative to the real clock.
 */
const DAY = 86_400_000;
const text = messages.stays;

/** "YYYYMMDD" (UTC) `days` from today. */
const ymd = (days: number) => new Date(Date.now() + days * DAY).toISOString().slice(0, 10).replaceAll('-', '');
/** "YYYY-MM-DD" of a ymd. */
const dashed = (value: string) => `${value.slice(0, 4)}-${value.slice(4, 6)}-${value.slice(6, 8)}`;

describe('parseCalendar: what the platforms write', () => {
  const one = (event: IcsEvent, timeZone = 'Europe/Zagreb', head: string[] = []) => parseCalendar(ics([event], head), timeZone);

  it('reads an all-day booking (DATE) as 15:00 check-in and 11:00 check-out in the guidebook’s zone', () => {
    // Airbnb: DTEND is the day of departure. Zagreb is UTC+1 in December.
    expect(one({ uid: 'a@airbnb.com', start: '20301204', end: '20301207', summary: 'Reserved' }).bookings).toEqual([
      { uid: 'a@airbnb.com', checkIn: Date.UTC(2030, 11, 4, 14), checkOut: Date.UTC(2030, 11, 7, 10), cancelled: false },
    ]);
    // '' (never chosen) is UTC; summer time is followed (UTC+2 in July).
    expect(one({ uid: 'b', start: '20301204', end: '20301207' }, '').bookings[0]).toMatchObject({ checkIn: Date.UTC(2030, 11, 4, 15), checkOut: Date.UTC(2030, 11, 7, 11) });
    expect(one({ uid: 'c', start: '20300704', end: '20300705' }).bookings[0]).toMatchObject({ checkIn: Date.UTC(2030, 6, 4, 13), checkOut: Date.UTC(2030, 6, 5, 9) });
    // No DTEND on a DATE: one day (RFC 5545 3.6.1), so one night.
    expect(one({ uid: 'd', start: '20300704' }).bookings[0]).toMatchObject({ checkIn: Date.UTC(2030, 6, 4, 13), checkOut: Date.UTC(2030, 6, 5, 9) });
  });

  it('reads an all-day booking at the guidebook’s own check-in and check-out times when it has them', () => {
    const times = { checkIn: '16:30', checkOut: '10:00' };
    expect(parseCalendar(ics([{ uid: 'a', start: '20301204', end: '20301207' }]), 'Europe/Zagreb', times).bookings[0]).toMatchObject({ checkIn: Date.UTC(2030, 11, 4, 15, 30), checkOut: Date.UTC(2030, 11, 7, 9) });
    // No DTEND, or a DURATION: the days end at the check-out time too. A timed booking keeps its own times.
    expect(parseCalendar(ics([{ uid: 'b', start: '20300704' }]), 'UTC', times).bookings[0]).toMatchObject({ checkIn: Date.UTC(2030, 6, 4, 16, 30), checkOut: Date.UTC(2030, 6, 5, 10) });
    expect(parseCalendar(ics([{ uid: 'c', start: '20300704T120000Z', end: '20300705T090000Z' }]), 'UTC', times).bookings[0]).toMatchObject({ checkIn: Date.UTC(2030, 6, 4, 12), checkOut: Date.UTC(2030, 6, 5, 9) });
  });

  it('reads timed bookings (DATE-TIME): UTC, an IANA TZID, a Windows zone name, floating, DURATION', () => {
    expect(one({ uid: 'z', start: '20300704T130000Z', end: '20300708T090000Z' }).bookings[0]).toMatchObject({ checkIn: Date.UTC(2030, 6, 4, 13), checkOut: Date.UTC(2030, 6, 8, 9) });
    // New York is UTC−4 in July, whatever the guidebook's zone.
    expect(one({ uid: 'ny', start: '20300704T160000', end: '20300708T100000', tzid: 'America/New_York' }).bookings[0]).toMatchObject({
      checkIn: Date.UTC(2030, 6, 4, 20),
      checkOut: Date.UTC(2030, 6, 8, 14),
    });
    // Outlook's zone names are not IANA: CLDR's Windows table says what they mean (the feed's own
    // VTIMEZONE, given here as Outlook writes it, is never read).
    const vtimezone = [
      'BEGIN:VTIMEZONE',
      'TZID:W. Europe Standard Time',
      'BEGIN:STANDARD',
      'DTSTART:16010101T030000',
      'TZOFFSETFROM:+0200',
      'TZOFFSETTO:+0100',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10',
      'END:STANDARD',
      'BEGIN:DAYLIGHT',
      'DTSTART:16010101T020000',
      'TZOFFSETFROM:+0100',
      'TZOFFSETTO:+0200',
      'RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3',
      'END:DAYLIGHT',
      'END:VTIMEZONE',
    ];
    expect(one({ uid: 'w', start: '20300704T150000', end: '20300708T110000', tzid: 'W. Europe Standard Time' }, 'UTC', vtimezone).bookings[0]).toMatchObject({
      checkIn: Date.UTC(2030, 6, 4, 13),
      checkOut: Date.UTC(2030, 6, 8, 9),
    });
    // Floating (no zone): where the property is.
    expect(one({ uid: 'f', start: '20300704T150000', end: '20300708T110000' }).bookings[0]).toMatchObject({ checkIn: Date.UTC(2030, 6, 4, 13), checkOut: Date.UTC(2030, 6, 8, 9) });
    expect(one({ uid: 'p', start: '20300704T150000', tzid: 'Europe/Zagreb', extra: ['DURATION:P3DT20H'] }, 'UTC').bookings[0]).toMatchObject({
      checkIn: Date.UTC(2030, 6, 4, 13),
      checkOut: Date.UTC(2030, 6, 8, 9),
    });
  });

  it('never reads a VTIMEZONE: a zone the runtime knows is its own, any other is the guidebook’s', () => {
    const lying = ['BEGIN:VTIMEZONE', 'TZID:Europe/Zagreb', 'BEGIN:STANDARD', 'DTSTART:19700101T000000', 'TZOFFSETFROM:+0900', 'TZOFFSETTO:+0900', 'END:STANDARD', 'END:VTIMEZONE'];
    expect(one({ uid: 'z', start: '20300704T150000', end: '20300708T110000', tzid: 'Europe/Zagreb' }, 'UTC', lying).bookings[0]).toMatchObject({ checkIn: Date.UTC(2030, 6, 4, 13) });
    const own = ['BEGIN:VTIMEZONE', 'TZID:Harbour Time', 'BEGIN:STANDARD', 'DTSTART:19700101T000000', 'TZOFFSETFROM:+0900', 'TZOFFSETTO:+0900', 'END:STANDARD', 'END:VTIMEZONE'];
    expect(one({ uid: 'h', start: '20300704T150000', end: '20300708T110000', tzid: 'Harbour Time' }, 'Europe/Zagreb', own).bookings[0]).toMatchObject({ checkIn: Date.UTC(2030, 6, 4, 13) });
  });

  it('maps every Windows zone name to a zone the runtime knows, in any case', () => {
    const table = Object.entries(windowsZoneTable());
    expect(table.length).toBeGreaterThan(130);
    for (const [windows, iana] of table) expect(() => new Intl.DateTimeFormat('en', { timeZone: iana }), windows).not.toThrow();
    expect(one({ uid: 'e', start: '20300704T150000', end: '20300708T110000', tzid: 'eastern standard time' }, 'UTC').bookings[0]).toMatchObject({ checkIn: Date.UTC(2030, 6, 4, 19) });
  });

  it('adds a DURATION’s days on the wall clock, in plain numbers, and refuses absurd ones', () => {
    // Zagreb moves to summer time on 31 March 2030: one day later is 23 hours later.
    expect(one({ uid: 'dst', start: '20300330T150000', tzid: 'Europe/Zagreb', extra: ['DURATION:P1DT1H'] }, 'UTC').bookings[0]).toMatchObject({
      checkIn: Date.UTC(2030, 2, 30, 14),
      checkOut: Date.UTC(2030, 2, 31, 14),
    });
    for (const duration of ['P99999999D', 'PT999999999H', 'P9999999999W', '-P3D', 'P1Y', 'P']) {
      expect(one({ uid: 'x', start: '20300704T150000Z', extra: [`DURATION:${duration}`] }).bookings, duration).toEqual([]);
    }
  });

  it('refuses a feed with a rule more frequent than daily anywhere, and reads a recurring booking as its first night', () => {
    for (const name of ['minutely-vtimezone.ics', 'secondly-vtimezone.ics', 'hourly-vtimezone.ics', 'vevent-rrule-bomb.ics']) {
      expect(() => parseCalendar(calendarFixture(name), 'UTC'), name).toThrow(CalendarRecurrenceError);
    }
    expect(calendarFixture('minutely-vtimezone.ics').length).toBeLessThan(400);
    const daily = one({ uid: 'd', start: '20300704', end: '20300705', extra: ['RRULE:FREQ=DAILY'] }, 'UTC');
    expect(daily.bookings).toEqual([{ uid: 'd', checkIn: Date.UTC(2030, 6, 4, 15), checkOut: Date.UTC(2030, 6, 5, 11), cancelled: false }]);
  });

  it('skips impossible dates (year 0 or 99999, month 13, day 32, hour 25, an end in 9999) one event at a time', () => {
    const now = Date.now();
    const parsed = parseCalendar(badDates(now), 'UTC');
    expect(parsed.bookings.map((booking) => booking.uid)).toEqual(['good@attack.test', 'daily-forever@attack.test']);
    expect(parsed.skipped).toBe(10);
  });

  it('marks STATUS:CANCELLED, skips blocked dates and events that make no stay', () => {
    const parsed = parseCalendar(
      ics([
        { uid: 'ok', start: '20300704', end: '20300708', summary: 'Reserved' },
        { uid: 'vrbo', start: '20300804', end: '20300808', summary: 'Reserved - Ana' },
        { uid: 'gone', start: '20300904', end: '20300908', summary: 'Reserved', status: 'CANCELLED' },
        { uid: 'block1', start: '20301004', end: '20301008', summary: 'Airbnb (Not available)' },
        { uid: 'block2', start: '20301104', end: '20301108', summary: 'Blocked' },
        { uid: 'block3', start: '20301204', end: '20301208', summary: 'Not available' },
        // Booking.com's reservations all read so: a booking, not a block.
        { uid: 'booking-com', start: '20310104', end: '20310108', summary: 'CLOSED - Not available' },
        { uid: 'backwards', start: '20300708', end: '20300704' },
        { uid: 'too-long', start: '20300101', end: '20320101' },
        { uid: '', start: '20300704', end: '20300708' },
      ]),
      'UTC',
    );
    expect(parsed.bookings.map((booking) => [booking.uid, booking.cancelled])).toEqual([
      ['ok', false],
      ['vrbo', false],
      ['gone', true],
      ['booking-com', false],
    ]);
    expect(parsed.skipped).toBe(6);
  });

  it('keeps one booking per UID: the series’ own event over a RECURRENCE-ID override', () => {
    const parsed = parseCalendar(
      ics([
        { uid: 'same', start: '20300710', end: '20300712', extra: ['RECURRENCE-ID;VALUE=DATE:20300710'] },
        { uid: 'same', start: '20300704', end: '20300708' },
      ]),
      'UTC',
    );
    expect(parsed.bookings).toEqual([{ uid: 'same', checkIn: Date.UTC(2030, 6, 4, 15), checkOut: Date.UTC(2030, 6, 8, 11), cancelled: false }]);
  });

  it('accepts a byte-order mark and refuses what is not a calendar', () => {
    expect(parseCalendar('\uFEFF' + ics([{ uid: 'x', start: '20300704', end: '20300708' }]), 'UTC').bookings).toHaveLength(1);
    for (const body of ['<!doctype html><title>Log in</title>', '{"error":"not found"}', '', 'BEGIN:VCALENDAR\r\nthis is : not ; ical\r\n']) {
      expect(() => parseCalendar(body, 'UTC'), body).toThrow(CalendarFormatError);
    }
  });
});

describe('selectBookings: what one feed may make', () => {
  const now = Date.UTC(2030, 0, 1, 12);
  const booking = (uid: string, inDays: number, nights = 1, cancelled = false): CalendarBooking => ({ uid, checkIn: now + inDays * DAY, checkOut: now + (inDays + nights) * DAY, cancelled });

  it(`keeps the earliest ${MAX_CALENDAR_BOOKINGS} bookings ahead within 18 months, and counts the others`, () => {
    const ahead = Array.from({ length: 650 }, (_, i) => booking(`u${i}`, 649 - i < 540 ? 649 - i : 600));
    const selected = selectBookings([...ahead, booking('cancelled', 3, 1, true), booking('over', -10, 2)], 1, now);
    expect(selected.imported).toBe(MAX_CALENDAR_BOOKINGS);
    const kept = selected.bookings.slice(0, MAX_CALENDAR_BOOKINGS);
    expect(kept.map((b) => b.checkIn)).toEqual([...kept.map((b) => b.checkIn)].sort((a, b) => a - b));
    expect(Math.max(...kept.map((b) => b.checkIn))).toBeLessThan(windowEnd(now));
    // 110 bookings start beyond the window, 40 more beyond the ceiling.
    expect(selected.leftOut).toBe(150);
    expect(selected.otherUids).toHaveLength(150);
    // A booking over may still move a stay; a cancelled one is in neither list (its stay goes).
    expect(selected.bookings.at(-1)!.uid).toBe('over');
    expect([...selected.bookings.map((b) => b.uid), ...selected.otherUids]).not.toContain('cancelled');
    expect(selected.skipped).toBe(1);
  });

  it('is 18 calendar months', () => {
    expect(new Date(windowEnd(Date.UTC(2030, 0, 31))).toISOString()).toBe('2031-07-31T00:00:00.000Z');
  });
});

describe('the test seam (TEST_CALENDAR_RESOLVE)', () => {
  it('is refused outside NODE_ENV=test and takes a loopback address only', () => {
    expect(() => parseConfig({ TEST_CALENDAR_RESOLVE: 'calendar.test:127.0.0.2' })).toThrow(ConfigError);
    expect(() => parseConfig({ NODE_ENV: 'development', TEST_CALENDAR_RESOLVE: 'calendar.test:127.0.0.2' })).toThrow(/only allowed with NODE_ENV=test/);
    expect(() => parseConfig({ NODE_ENV: 'test', TEST_CALENDAR_RESOLVE: 'calendar.test:169.254.169.254' })).toThrow(/loopback/);
    expect(parseConfig({ NODE_ENV: 'test', TEST_CALENDAR_RESOLVE: 'Calendar.Test:127.0.0.2' }).testCalendarResolve).toEqual({ host: 'calendar.test', address: '127.0.0.2' });
    expect(parseConfig({}).testCalendarResolve).toBeUndefined();
  });
});

describe('the calendar fetch’s options (docs/security.md 32)', () => {
  const production = calendarFetchOptions({ appUrl: new URL('https://porchlight.example'), testCalendarResolve: undefined });

  it('lift the host allowlist only: https, 2 MB, a calendar User-Agent', () => {
    expect(production).toMatchObject({ allowHosts: 'any', maxBytes: 2 * 1024 * 1024 });
    expect(production.userAgent).toBe('Porchlight/1.0 (calendar import; +https://porchlight.example)');
    expect(production.resolveHost).toBeUndefined();
    expect(production.isBlocked).toBeUndefined();
  });

  it('refuse every SSRF corpus URL, also written with https://, on the address (DNS stub)', async () => {
    const asked: string[] = [];
    // What the corpus's names really resolve to; IP literals skip DNS and are checked as written.
    const answers: Record<string, string[]> = { localhost: ['127.0.0.1'], '127.0.0.1.nip.io': ['127.0.0.1'], 'metadata.google.internal': ['169.254.169.254'], 'maps.app.goo.gl.evil.example': ['10.1.2.3'] };
    const resolveHost: ResolveHost = async (hostname) => {
      asked.push(hostname);
      const addresses = answers[hostname.toLowerCase()];
      if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
      return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    };
    for (const url of SSRF_CORPUS.flatMap((entry) => [entry, entry.replace(/^http:/, 'https:')])) {
      const error = await safeFetch(url, { ...production, resolveHost }).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, url).toBeInstanceOf(SafeFetchError);
      expect((error as SafeFetchError).reason, url).toBe('refused');
    }
    expect(asked.length).toBeGreaterThan(0);
  });

  it('exempt, under the seam, exactly the stand-in’s address', () => {
    const seam = calendarFetchOptions({ appUrl: new URL('http://localhost'), testCalendarResolve: { host: 'calendar.test', address: '127.0.0.2' } });
    expect(seam.isBlocked!('127.0.0.2')).toBe(false);
    for (const address of ['127.0.0.1', '10.0.0.1', '169.254.169.254', '::1']) expect(seam.isBlocked!(address), address).toBe(isBlockedAddress(address));
  });
});

describe('calendar import over HTTP', () => {
  let server: TestServer;
  let feed: CalendarStandIn;

  type Call = (path: string, init?: RequestInit & { json?: unknown }) => Promise<Response>;
  interface Host {
    call: Call;
  }
  interface Answer {
    message: string;
    calendar: CalendarStatus | null;
  }

  async function host(): Promise<Host> {
    const user = await createUser(server);
    setUserPlan(server, user.id, 'gold');
    const cookie = await login(server, user.email, user.password);
    return { call: (path, init = {}) => server.request(path, { ...init, headers: withCookie(cookie, Object.fromEntries(new Headers(init.headers))) }) };
  }

  async function guidebook(h: Host, timeZone = 'Europe/Zagreb'): Promise<Instruction> {
    const response = await h.call('/api/instruction', { json: { nameInstruction: 'Harbour Loft', timeZone } });
    expect(response.status, await response.clone().text()).toBe(201);
    return ((await response.json()) as { instruction: Instruction }).instruction;
  }

  const put = (h: Host, g: Instruction, url: string) => h.call(`/api/instruction/${g._id}/calendar`, { method: 'PUT', json: { url } });
  const sync = (h: Host, g: Instruction) => h.call(`/api/instruction/${g._id}/calendar`, { method: 'POST', json: {} });

  async function answer(response: Response, status = 200): Promise<Answer> {
    expect(response.status, await response.clone().text()).toBe(status);
    return (await response.json()) as Answer;
  }

  async function page(h: Host, g: Instruction, search: string): Promise<StaysPage> {
    const response = await h.call(`/api/instruction/${g._id}/stays?${search}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return (await response.json()) as StaysPage;
  }

  /** Every stay of the guidebook, page by page of each group, soonest check-in first (as the list was before it paged). */
  async function stays(h: Host, g: Instruction): Promise<{ stays: Stay[]; calendar: CalendarStatus | null }> {
    const all: Stay[] = [];
    let calendar: CalendarStatus | null = null;
    for (const group of STAY_GROUPS) {
      let cursor: string | null = null;
      do {
        const got: StaysPage = await page(h, g, `group=${group}&limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        all.push(...got.stays);
        calendar = got.calendar;
        cursor = got.next;
      } while (cursor);
    }
    all.sort((a, b) => Date.parse(a.checkInAt) - Date.parse(b.checkInAt) || (a._id < b._id ? -1 : 1));
    return { stays: all, calendar };
  }

  const byGuest = (list: Stay[]) => Object.fromEntries(list.map((stay) => [stay.checkIn, stay]));

  beforeAll(async () => {
    feed = await startCalendarStandIn();
    server = await startServer(feed.serverEnv);
  });

  afterAll(async () => {
    await server?.stop();
    await feed?.close();
  });

  describe('creates, moves and cancels stays by UID', () => {
    let h: Host;
    let g: Instruction;
    const path = '/ical/listing-1.ics';
    const a = { uid: 'a@airbnb.com', start: ymd(3), end: ymd(6), summary: 'Reserved' };
    const b = { uid: 'b@airbnb.com', start: ymd(10), end: ymd(12), summary: 'Reserved' };

    beforeAll(async () => {
      h = await host();
      g = await guidebook(h);
    });

    it('PUT saves the link (webcal:// as https://) and syncs at once', async () => {
      feed.serve(path, {
        body: ics([
          a,
          b,
          { uid: 'blocked@airbnb.com', start: ymd(20), end: ymd(25), summary: 'Airbnb (Not available)' },
          // Ended before it was first seen: nothing to send, no stay.
          { uid: 'old@airbnb.com', start: ymd(-10), end: ymd(-7), summary: 'Reserved' },
        ]),
      });
      const before = Date.now();
      const saved = await answer(await put(h, g, feed.url(path).replace(/^https:/, 'webcal:')));
      expect(saved.message).toBe(text.calendarSaved);
      expect(saved.calendar).toMatchObject({ url: feed.url(path), lastError: null });
      expect(Date.parse(saved.calendar!.lastSuccessAt!)).toBeGreaterThanOrEqual(before - 1000);
      expect(saved.calendar!.lastAttemptAt).toBe(saved.calendar!.lastSuccessAt);
      expect(feed.hits.at(-1)).toMatchObject({ path, userAgent: `Porchlight/1.0 (calendar import; +${server.origin})` });
      expect(feed.hits.at(-1)!.accept).toContain('text/calendar');

      const list = await stays(h, g);
      expect(list.calendar).toEqual(saved.calendar);
      expect(list.stays.map((stay) => [stay.checkIn, stay.checkOut, stay.source, stay.guestName])).toEqual([
        [`${dashed(a.start)}T15:00`, `${dashed(a.end)}T11:00`, 'calendar', ''],
        [`${dashed(b.start)}T15:00`, `${dashed(b.end)}T11:00`, 'calendar', ''],
      ]);
      expect(list.stays[0]!.timeZone).toBe('Europe/Zagreb');
      expect(list.stays[0]!.token.length).toBeGreaterThanOrEqual(21);
    });

    it('POST syncs now: changed dates move the stay (same link), CANCELLED drops it, a new UID adds one', async () => {
      const before = byGuest((await stays(h, g)).stays);
      const stayA = before[`${dashed(a.start)}T15:00`]!;
      const moved = { ...a, start: ymd(4), end: ymd(8) };
      const c = { uid: 'c@airbnb.com', start: ymd(30), end: ymd(33), summary: 'Reserved' };
      feed.serve(path, { body: ics([moved, { ...b, status: 'CANCELLED' }, c]) });
      const synced = await answer(await sync(h, g));
      expect(synced.message).toBe(text.calendarSynced);
      expect(synced.calendar!.lastError).toBeNull();

      const after = (await stays(h, g)).stays;
      expect(after.map((stay) => stay.checkIn)).toEqual([`${dashed(moved.start)}T15:00`, `${dashed(c.start)}T15:00`]);
      expect(after[0]).toMatchObject({ _id: stayA._id, token: stayA.token, checkOut: `${dashed(moved.end)}T11:00` });
      // The cancelled booking's link is gone.
      expect((await server.request(`/stay/${before[`${dashed(b.start)}T15:00`]!.token}`)).status).toBe(404);
      expect((await server.request(`/stay/${stayA.token}`)).status).toBe(200);
    });

    it('a UID gone from the feed drops a stay still ahead, and keeps one already over', async () => {
      const past = { ...a, start: ymd(-5), end: ymd(-2) };
      const c = { uid: 'c@airbnb.com', start: ymd(30), end: ymd(33), summary: 'Reserved' };
      feed.serve(path, { body: ics([past, c]) });
      await answer(await sync(h, g));
      const moved = (await stays(h, g)).stays;
      expect(moved.map((stay) => stay.checkIn)).toEqual([`${dashed(past.start)}T15:00`, `${dashed(c.start)}T15:00`]);

      // The feed forgets both: the past stay (its history) stays, the coming one goes.
      feed.serve(path, { body: ics([]) });
      await answer(await sync(h, g));
      const left = (await stays(h, g)).stays;
      expect(left.map((stay) => [stay.checkIn, stay.source])).toEqual([[`${dashed(past.start)}T15:00`, 'calendar']]);

      // A stay the host made by hand is never the feed's to drop.
      const manual = await h.call(`/api/instruction/${g._id}/stays`, { json: { checkIn: `${dashed(ymd(40))}T16:00`, checkOut: `${dashed(ymd(42))}T10:00` } });
      expect(manual.status).toBe(201);
      await answer(await sync(h, g));
      expect((await stays(h, g)).stays).toHaveLength(2);
    });
  });

  it('makes all-day bookings start and end at the guidebook’s check-in and check-out times, read in the worker', async () => {
    const h = await host();
    const created = await h.call('/api/instruction', { json: { nameInstruction: 'Harbour Loft', timeZone: 'Europe/Zagreb', checkInTime: '16:00', checkOutTime: '10:00' } });
    expect(created.status, await created.clone().text()).toBe(201);
    const g = ((await created.json()) as { instruction: Instruction }).instruction;
    const path = '/ical/own-times.ics';
    const booking = { uid: 'own@airbnb.com', start: ymd(3), end: ymd(6), summary: 'Reserved' };
    feed.serve(path, { body: ics([booking]) });
    await answer(await put(h, g, feed.url(path)));
    expect((await stays(h, g)).stays.map((stay) => [stay.checkIn, stay.checkOut])).toEqual([[`${dashed(booking.start)}T16:00`, `${dashed(booking.end)}T10:00`]]);
  });

  describe('keeps stays when the feed fails', () => {
    let h: Host;
    let g: Instruction;
    let good: CalendarStatus;
    let kept: Stay[];
    const path = '/ical/failing.ics';

    beforeAll(async () => {
      h = await host();
      g = await guidebook(h);
      feed.serve(path, { body: ics([{ uid: 'k1', start: ymd(5), end: ymd(7), summary: 'Reserved' }, { uid: 'k2', start: ymd(9), end: ymd(11), summary: 'Reserved' }]) });
      good = (await answer(await put(h, g, feed.url(path)))).calendar!;
      kept = (await stays(h, g)).stays;
      expect(kept).toHaveLength(2);
    });

    async function expectFailure(error: string): Promise<void> {
      const before = Date.now();
      const synced = await answer(await sync(h, g));
      expect(synced.message).toBe(text.calendarSyncFailed(error));
      expect(synced.calendar).toMatchObject({ url: good.url, lastError: error, lastSuccessAt: good.lastSuccessAt });
      expect(Date.parse(synced.calendar!.lastAttemptAt!)).toBeGreaterThanOrEqual(before - 1000);
      const list = await stays(h, g);
      expect(list.stays).toEqual(kept);
      expect(list.calendar).toEqual(synced.calendar);
    }

    it('an error status', async () => {
      feed.serve(path, { status: 500, body: 'oops' });
      await expectFailure(text.calendarAnswered(500));
      feed.serve(path, { status: 404, body: '' });
      await expectFailure('The calendar answered 404.');
    });

    it('an answer that is not iCal (a login page)', async () => {
      feed.serve(path, { body: '<!doctype html><title>Log in</title>', contentType: 'text/html' });
      await expectFailure('This link is not an iCal calendar.');
    });

    it('a feed over 2 MB', async () => {
      const event = ics([{ uid: 'k1', start: ymd(5), end: ymd(7), summary: 'Reserved' }]);
      const padding = `X-PAD:${'x'.repeat(60)}\r\n`.repeat(Math.ceil(CALENDAR_MAX_BYTES / 68) + 10);
      feed.serve(path, { body: event.replace('END:VCALENDAR', `${padding}END:VCALENDAR`) });
      await expectFailure(text.calendarTooLarge(2));
    });

    it('no answer in 5 s', async () => {
      feed.serve(path, { hang: true });
      await expectFailure('The calendar could not be reached (timeout).');
    });

    it('and the next good sync clears the error', async () => {
      feed.serve(path, { body: ics([{ uid: 'k1', start: ymd(5), end: ymd(7), summary: 'Reserved' }, { uid: 'k2', start: ymd(9), end: ymd(11), summary: 'Reserved' }]) });
      const synced = await answer(await sync(h, g));
      expect(synced.calendar!.lastError).toBeNull();
      expect(Date.parse(synced.calendar!.lastSuccessAt!)).toBeGreaterThan(Date.parse(good.lastSuccessAt!));
      expect((await stays(h, g)).stays).toEqual(kept);
    });
  });

  describe('saving', () => {
    it('a first sync that fails still saves the link: 200 with lastError', async () => {
      const h = await host();
      const g = await guidebook(h);
      feed.serve('/ical/later.ics', { status: 503 });
      const saved = await answer(await put(h, g, feed.url('/ical/later.ics')));
      expect(saved.message).toBe(text.calendarSavedNotSynced(text.calendarAnswered(503)));
      expect(saved.calendar).toMatchObject({ url: feed.url('/ical/later.ics'), lastError: 'The calendar answered 503.', lastSuccessAt: null });
      expect((await stays(h, g)).calendar).toEqual(saved.calendar);
    });

    it('400 for http://, a private or loopback address, or a redirect to one; nothing saved', async () => {
      const h = await host();
      const g = await guidebook(h);
      const invalid = ['http://calendar.test/feed.ics', 'http://127.0.0.1/', 'ftp://127.0.0.1/', 'javascript:alert(1)', 'not a link'];
      for (const url of invalid) {
        const response = await put(h, g, url);
        expect(response.status, url).toBe(400);
        expect(await response.json()).toEqual({ message: text.calendarUrlInvalid });
      }
      feed.serve('/to-loopback', { location: `https://127.0.0.1:${feed.port}/ical/listing-1.ics` });
      feed.serve('/to-http', { location: `http://${CALENDAR_HOST}:${feed.port}/ical/listing-1.ics` });
      const refused = [
        'https://127.0.0.1/',
        'https://169.254.169.254/latest/meta-data/',
        'webcal://10.0.0.1/calendar.ics',
        'https://[::ffff:127.0.0.1]/',
        'https://0x7f000001/',
        'https://maps.app.goo.gl@127.0.0.1/',
        'https://localhost/calendar.ics',
        feed.url('/to-loopback'),
        feed.url('/to-http'),
      ];
      for (const url of refused) {
        const response = await put(h, g, url);
        expect(response.status, url).toBe(400);
        expect(await response.json()).toEqual({ message: text.calendarRefused });
      }
      expect((await stays(h, g)).calendar).toBeNull();
    });

    it('404 for another host’s guidebook, and for a sync without a calendar', async () => {
      const owner = await host();
      const other = await host();
      const g = await guidebook(owner);
      feed.serve('/ical/owner.ics', { body: ics([{ uid: 'o1', start: ymd(5), end: ymd(7), summary: 'Reserved' }]) });
      const hits = feed.hits.length;
      for (const response of [await put(other, g, feed.url('/ical/owner.ics')), await sync(other, g), await put(other, g, '')]) {
        expect(response.status).toBe(404);
        expect(await response.json()).toEqual({ message: messages.instruction.notFound });
      }
      // The stranger's PUT fetched nothing.
      expect(feed.hits.length).toBe(hits);
      const none = await sync(owner, g);
      expect(none.status).toBe(404);
      expect(await none.json()).toEqual({ message: text.noCalendar });

      await answer(await put(owner, g, feed.url('/ical/owner.ics')));
      for (const response of [await sync(other, g), await put(other, g, '')]) expect(response.status).toBe(404);
      expect((await stays(owner, g)).stays).toHaveLength(1);
    });

    it('"" removes the calendar; its stays stay, as the host’s own', async () => {
      const h = await host();
      const g = await guidebook(h);
      feed.serve('/ical/removed.ics', { body: ics([{ uid: 'r1', start: ymd(5), end: ymd(7), summary: 'Reserved' }]) });
      await answer(await put(h, g, feed.url('/ical/removed.ics')));
      const [stay] = (await stays(h, g)).stays;
      expect(stay!.source).toBe('calendar');
      const removed = await answer(await put(h, g, ''));
      expect(removed).toEqual({ message: text.calendarRemoved, calendar: null });
      const list = await stays(h, g);
      expect(list.calendar).toBeNull();
      expect(list.stays).toEqual([{ ...stay, source: 'manual' }]);
      // Now the host's to change.
      const patched = await h.call(`/api/instruction/${g._id}/stays/${stay!._id}`, { method: 'PATCH', json: { checkOut: `${dashed(ymd(8))}T10:00` } });
      expect(patched.status).toBe(200);
    });
  });

  describe('a hostile feed (tests/fixtures/calendars) is refused, stopped by the worker, or imported within the caps', () => {
    let h: Host;

    beforeAll(async () => {
      h = await host();
    });

    /** A guidebook whose calendar is `body`, saved (PUT, so read at once). */
    async function importFeed(name: string, body: string): Promise<{ g: Instruction; saved: Answer }> {
      const g = await guidebook(h);
      const path = `/ical/hostile/${name}`;
      feed.serve(path, { body });
      return { g, saved: await answer(await put(h, g, feed.url(path))) };
    }

    async function expectRefused(name: string, body: string, error: string): Promise<void> {
      const { g, saved } = await importFeed(name, body);
      expect(saved.message, name).toBe(text.calendarSavedNotSynced(error));
      expect(saved.calendar!.lastError, name).toBe(error);
      expect((await stays(h, g)).stays, name).toEqual([]);
    }

    it('a rule more frequent than daily, in a VTIMEZONE or an event, refuses the feed (the 350-byte one took 35 s and 1.2 GB)', async () => {
      for (const name of ['minutely-vtimezone.ics', 'secondly-vtimezone.ics', 'hourly-vtimezone.ics', 'vevent-rrule-bomb.ics']) {
        await expectRefused(name, calendarFixture(name), text.calendarTooFrequent);
      }
    });

    it('a feed the parser would take seconds over is stopped by the worker’s budget while guest pages keep answering', async () => {
      const hits = feed.hits.length;
      let saved = false;
      const cpuBefore = server.cpuMs();
      const save = importFeed('many-parameters.ics', manyParameters(Date.now())).finally(() => {
        saved = true;
      });
      // Guests asking while the feed is read: each answer has to come from the thread that would
      // be stuck if the parse ran on it.
      while (feed.hits.length === hits && !saved) await new Promise((resolve) => setTimeout(resolve, 5));
      let answeredMeanwhile = 0;
      while (!saved) {
        const guest = await server.request('/instruction');
        expect(guest.status).toBe(200);
        await guest.arrayBuffer();
        if (!saved) answeredMeanwhile += 1;
      }
      const { g, saved: answered } = await save;
      expect(answered.message).toBe(text.calendarSavedNotSynced(text.calendarTooSlow));
      expect(answeredMeanwhile).toBeGreaterThanOrEqual(5);
      expect((await stays(h, g)).stays).toEqual([]);
      // Stopped by the worker's budget: its 1 s of CPU or, when a busy machine starves it, the 10 s
      // ceiling (docs/decisions/014). Either way the server spent about a second on the feed, not
      // the seconds its parse needs: counted in CPU time, which load does not stretch (Linux).
      if (cpuBefore !== null) expect(server.cpuMs()! - cpuBefore).toBeLessThan(5_000);
      // The server's log reaches us through a pipe, after its answer.
      await expect.poll(() => server.logs.some((line) => line.includes(`more than ${CALENDAR_READ_LIMITS.cpuMs} ms of CPU`) || line.includes(`no answer in ${CALENDAR_READ_LIMITS.wallMs} ms`))).toBe(true);
    });

    it('a feed whose parse needs more memory than the worker’s heap is stopped there', async () => {
      await expectRefused('many-properties.ics', manyProperties(Date.now()), text.calendarTooComplex);
    });

    it('deep nesting, a 2 MB line, 20,000 events and impossible dates: only the calendar’s real bookings become stays', async () => {
      const now = Date.now();
      const cases: Array<[string, string, number]> = [
        ['deep-nesting.ics', deepNesting(now), 1],
        ['huge-line.ics', hugeLine(now), 1],
        ['many-events.ics', manyEvents(now), 1],
        ['bad-dates.ics', badDates(now), 2],
      ];
      for (const [name, body, count] of cases) {
        const { g, saved } = await importFeed(name, body);
        expect(saved.message, name).toBe(text.calendarSaved);
        expect((await stays(h, g)).stays, name).toHaveLength(count);
      }
    });

    it('17,500 bookings make 500 stays, and the host is told how many were left out', async () => {
      const { g, saved } = await importFeed('many-bookings.ics', manyBookings(Date.now(), 17_500));
      expect(saved.message).toBe(text.calendarSavedLeftOut(500, 17_000));
      expect(saved.calendar!.lastError).toBeNull();
      expect((await page(h, g, 'group=upcoming&limit=1')).counts).toEqual({ current: 0, upcoming: 500, past: 0 });
      await expect.poll(() => server.logs.some((line) => line.includes('calendar: synced, 17000 bookings left out'))).toBe(true);
    });

    it('and the server lives through all of them', async () => {
      expect(server.process.exitCode).toBeNull();
      expect((await server.request('/readyz')).status).toBe(200);
    });
  });

  describe('a feed of 600 bookings ahead', () => {
    let h: Host;
    let g: Instruction;
    const path = '/ical/six-hundred.ics';
    const now = Date.now();
    const body = manyBookings(now, 600);

    beforeAll(async () => {
      h = await host();
      g = await guidebook(h);
    });

    it('makes exactly the 500 earliest stays, and the list pages through them soonest first', async () => {
      feed.serve(path, { body });
      const saved = await answer(await put(h, g, feed.url(path)));
      expect(saved.message).toBe(text.calendarSavedLeftOut(500, 100));
      const seen: Stay[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const got: StaysPage = await page(h, g, `group=upcoming&limit=64${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
        expect(got.counts).toEqual({ current: 0, upcoming: 500, past: 0 });
        expect(got.calendar).toEqual(saved.calendar);
        seen.push(...got.stays);
        cursor = got.next;
        pages += 1;
      } while (cursor);
      expect(pages).toBe(8);
      expect(new Set(seen.map((stay) => stay._id)).size).toBe(500);
      const checkIns = seen.map((stay) => Date.parse(stay.checkInAt));
      expect(checkIns).toEqual([...checkIns].sort((a, b) => a - b));
      // manyBookings puts booking i on day 1 + (i × 7919 mod 540): the 500 earliest end on this day.
      const days = Array.from({ length: 600 }, (_, i) => 1 + ((i * 7919) % 540)).sort((a, b) => a - b);
      expect(seen.at(-1)!.checkIn.slice(0, 10)).toBe(dashed(ymd(days[499]!)));
    });

    it('a sync that pushes stays out of the 500 keeps them as they are; one with the feed’s own dates gone drops', async () => {
      const before = (await stays(h, g)).stays;
      const early = Array.from({ length: 10 }, (_, i) => ['BEGIN:VEVENT', `UID:early${i}@attack.test`, `DTSTART;VALUE=DATE:${ymd(1)}`, `DTEND;VALUE=DATE:${ymd(2)}`, 'END:VEVENT'].join('\r\n'));
      feed.serve(path, { body: body.replace('END:VCALENDAR', `${early.join('\r\n')}\r\nEND:VCALENDAR`) });
      const synced = await answer(await sync(h, g));
      expect(synced.message).toBe(text.calendarSyncedLeftOut(500, 110));
      const after = (await stays(h, g)).stays;
      expect(after).toHaveLength(510);
      // Every link sent before still works.
      const ids = new Set(after.map((stay) => stay._id));
      expect(before.every((stay) => ids.has(stay._id))).toBe(true);

      // A booking gone from the feed altogether still drops its stay.
      const [gone] = before;
      const uid = query<{ calendar_uid: string }>(server, 'SELECT calendar_uid FROM stays WHERE id = ?', gone!._id)[0]!.calendar_uid;
      const without = body.replace(new RegExp(`BEGIN:VEVENT\\r\\nUID:${uid.replaceAll('.', '\\.')}\\r\\n[^]*?END:VEVENT\\r\\n`), '');
      expect(without.length).toBeLessThan(body.length);
      feed.serve(path, { body: without });
      await answer(await sync(h, g));
      const left = (await stays(h, g)).stays;
      expect(left.some((stay) => stay._id === gone!._id)).toBe(false);
    });

    it('past stays page latest first; a query the list does not take answers 400', async () => {
      for (const days of [-30, -20, -10]) {
        const created = await h.call(`/api/instruction/${g._id}/stays`, { json: { checkIn: `${dashed(ymd(days))}T15:00`, checkOut: `${dashed(ymd(days + 2))}T11:00` } });
        expect(created.status).toBe(201);
      }
      const first = await page(h, g, 'group=past&limit=2');
      expect(first.counts.past).toBe(3);
      expect(first.stays.map((stay) => stay.checkIn.slice(0, 10))).toEqual([dashed(ymd(-10)), dashed(ymd(-20))]);
      const second = await page(h, g, `group=past&limit=2&cursor=${encodeURIComponent(first.next!)}`);
      expect(second.stays.map((stay) => stay.checkIn.slice(0, 10))).toEqual([dashed(ymd(-30))]);
      expect(second.next).toBeNull();
      // No query: the first 20 upcoming.
      const plain = await page(h, g, '');
      expect(plain.group).toBe('upcoming');
      expect(plain.stays).toHaveLength(20);
      for (const search of ['group=all', 'limit=0', 'limit=101', 'limit=ten', 'cursor=nope', 'cursor=1.%20', `cursor=${'9'.repeat(20)}.x`]) {
        const response = await h.call(`/api/instruction/${g._id}/stays?${search}`);
        expect(response.status, search).toBe(400);
        expect(await response.json(), search).toEqual({ message: text.staysQueryInvalid });
      }
    });
  });

  describe('in the background', () => {
    it('a server syncs the calendars that are due (every 30 minutes), at start and then each minute', async () => {
      const h = await host();
      const g = await guidebook(h);
      const path = '/ical/background.ics';
      feed.serve(path, { body: ics([{ uid: 'bg1', start: ymd(5), end: ymd(7), summary: 'Reserved' }]) });
      await answer(await put(h, g, feed.url(path)));
      const [row] = query<{ next_sync_at: number; last_success_at: number }>(server, 'SELECT next_sync_at, last_success_at FROM instruction_calendars WHERE instruction_id = ?', g._id);
      expect(row!.next_sync_at - row!.last_success_at).toBe(30 * 60_000);

      // Due now, with new dates in the feed; a restarted server's first turn runs at once.
      feed.serve(path, { body: ics([{ uid: 'bg1', start: ymd(6), end: ymd(9), summary: 'Reserved' }]) });
      run(server, 'UPDATE instruction_calendars SET next_sync_at = ? WHERE instruction_id = ?', 0, g._id);
      const dataDir = server.dataDir;
      await server.stop();
      server = await startServer({ ...feed.serverEnv, DATA_DIR: dataDir });
      await until(() => query<{ check_out: number }>(server, 'SELECT check_out FROM stays WHERE instruction_id = ?', g._id)[0], (stay) => stay !== undefined && stay.check_out > Date.now() + 8 * DAY, 'the stay moved by the sync at start', 100);
      const [after] = query<{ next_sync_at: number; last_error: string | null }>(server, 'SELECT next_sync_at, last_error FROM instruction_calendars WHERE instruction_id = ?', g._id);
      expect(after!.last_error).toBeNull();
      expect(after!.next_sync_at).toBeGreaterThan(Date.now() + 25 * 60_000);
      // Logged after the commit the waits above saw, so it may come a moment later.
      await expect.poll(() => server.logs.some((line) => line.includes('calendar: synced'))).toBe(true);
    });
  });
});
