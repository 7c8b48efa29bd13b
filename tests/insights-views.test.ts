import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insights } from '../src/lib/shared/insights.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { sourceHash } from '../src/lib/shared/translations.ts';
import { requestFrom, signedInHost, type SignedInHost } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';

// docs/product/insights.md: guest page opens counted in memory on the fast path (no query, no
// cookie), written in batches, and read by the guidebook's owner. Over real HTTP, on SQLite or
// PostgreSQL (npm run test:pg). NODE_ENV=test makes guest answers say how many statements they ran.
let server: TestServer;
let host: SignedInHost;
let guidebook: Instruction;

/** A phone's browser: counted. */
const PHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test' });
  host = await signedInHost(server, 'free');
  guidebook = await createGuidebook(host);
});

afterAll(async () => {
  await server?.stop();
});

async function createGuidebook(owner: SignedInHost): Promise<Instruction> {
  const created = await owner.call('/api/instruction', { json: { nameInstruction: 'Harbour Loft' } });
  expect(created.status).toBe(201);
  const { instruction } = (await created.json()) as { instruction: Instruction };
  const translations = { de: { nameInstruction: { text: 'Hafen-Loft', source: sourceHash('Harbour Loft') } } };
  const saved = await owner.call(`/api/instruction/${instruction._id}`, { method: 'PUT', json: { ...instruction, translations } });
  expect(saved.status).toBe(200);
  return ((await saved.json()) as { instruction: Instruction }).instruction;
}

const open = (target: TestServer, path: string, headers: Record<string, string> = {}, method = 'GET') => target.request(path, { method, headers: { 'user-agent': PHONE, ...headers } });

async function insights(owner: SignedInHost, id: string, query = ''): Promise<Insights> {
  const response = await owner.call(`/api/instruction/${id}/insights${query}`);
  expect(response.status).toBe(200);
  expect(response.headers.get('cache-control')).toBe('private, no-store');
  return (await response.json()) as Insights;
}

const today = () => new Date().toISOString().slice(0, 10);

describe('guest page opens', () => {
  it('counts 1,000 guests opening the page at once, each exactly once, with no query and no cookie', async () => {
    // A link preview renders and stores the page first: not a guest.
    expect((await open(server, `/instruction/${guidebook.token}`, { 'user-agent': 'WhatsApp/2.24.1 A' })).status).toBe(200);
    const before = (await insights(host, guidebook._id)).total;
    const answers = await Promise.all(Array.from({ length: 1000 }, () => open(server, `/instruction/${guidebook.token}`)));
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(answer.headers.get('x-sqlite-queries')).toBe('0');
      expect(answer.headers.get('set-cookie')).toBeNull();
      await answer.arrayBuffer();
    }
    const after = await insights(host, guidebook._id);
    expect(after.total - before).toBe(1000);
    expect(after.days.at(-1)).toEqual({ date: today(), views: after.total });
    expect(after.days).toHaveLength(30);
  });

  it('does not count robots, link previews, prefetches, HEAD or a page that is not there', async () => {
    const before = (await insights(host, guidebook._id)).total;
    const path = `/instruction/${guidebook.token}`;
    for (const agent of ['Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', 'facebookexternalhit/1.1', 'Slackbot-LinkExpanding 1.0', 'TelegramBot (like TwitterBot)', 'curl/8.5.0', '']) {
      expect((await open(server, path, { 'user-agent': agent })).status).toBe(200);
    }
    expect((await open(server, path, { 'sec-purpose': 'prefetch' })).status).toBe(200);
    // What the page's service worker sends when it saves the page for offline use.
    expect((await open(server, path, { purpose: 'prefetch' })).status).toBe(200);
    expect((await open(server, path, {}, 'HEAD')).status).toBe(200);
    expect((await open(server, '/instruction/nothing-here-at-all-00000')).status).toBe(404);
    expect((await insights(host, guidebook._id)).total).toBe(before);
  });

  it('counts each page in its language: the path’s, the browser’s, or the main one', async () => {
    const before = await insights(host, guidebook._id);
    const views = (data: Insights, language: string) => data.languages.find((row) => row.language === language)?.views ?? 0;
    await open(server, `/instruction/${guidebook.token}/de`);
    await open(server, `/instruction/${guidebook.token}`, { 'accept-language': 'de-AT' });
    // Japanese has neither a translation nor page words: the main page.
    await open(server, `/instruction/${guidebook.token}/ja`);
    // Spanish has page words around the main texts.
    await open(server, `/instruction/${guidebook.token}/es`);
    const after = await insights(host, guidebook._id);
    expect(views(after, 'de') - views(before, 'de')).toBe(2);
    expect(views(after, 'en') - views(before, 'en')).toBe(1);
    expect(views(after, 'es') - views(before, 'es')).toBe(1);
  });

  it('tells the host when a stay’s guest opened the link, and counts it for the guidebook', async () => {
    const made = await host.call(`/api/instruction/${guidebook._id}/stays`, { json: { guestName: 'Dana', checkIn: '2030-07-04T16:00', checkOut: '2030-07-08T09:30' } });
    expect(made.status).toBe(201);
    const { stay } = (await made.json()) as { stay: Stay };
    const listed = () => insights(host, guidebook._id).then((data) => ({ total: data.total, stay: data.stays.find((row) => row._id === stay._id) }));
    const before = await listed();
    expect(before.stay).toMatchObject({ guestName: 'Dana', firstOpenedAt: null, lastOpenedAt: null, views: 0 });

    const token = new URL(stay.url).pathname.split('/').at(-1)!;
    const start = Date.now();
    expect((await open(server, `/stay/${token}`)).status).toBe(200);
    expect((await open(server, `/stay/${token}`, { 'user-agent': 'Googlebot/2.1' })).status).toBe(200);
    expect((await open(server, `/stay/${token}`)).status).toBe(200);
    const after = await listed();
    expect(after.total - before.total).toBe(2);
    expect(after.stay!.views).toBe(2);
    expect(Date.parse(after.stay!.firstOpenedAt!)).toBeGreaterThanOrEqual(start - 1000);
    expect(Date.parse(after.stay!.lastOpenedAt!)).toBeGreaterThanOrEqual(Date.parse(after.stay!.firstOpenedAt!));
  });

  it('does not count the host’s preview in the editor', async () => {
    const before = (await insights(host, guidebook._id)).total;
    const preview = await host.call(`/dashboard/preview/${guidebook._id}`, { method: 'POST', headers: { 'user-agent': PHONE, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ draft: JSON.stringify(guidebook) }) });
    expect(preview.status).toBe(200);
    expect(await preview.text()).toContain('Harbour Loft');
    expect((await insights(host, guidebook._id)).total).toBe(before);
  });
});

describe('POST /api/guest/:token/events, the beacon of what guests read', () => {
  const reads = (data: Insights) => Object.fromEntries(data.sections.map((row) => [row.section, row.reads]));
  /** A beacon as the guest page sends it (a JSON blob), from its own loopback address. */
  const beacon = (address: string, token: string, body: unknown) => requestFrom(server, address, `/api/guest/${token}/events`, body);

  it('counts the sections a guest read, on a guidebook’s link and on a stay’s, and always answers 204', async () => {
    const made = await host.call(`/api/instruction/${guidebook._id}/stays`, { json: { guestName: 'Ivo', checkIn: '2030-08-01T16:00', checkOut: '2030-08-03T10:00' } });
    const { stay } = (await made.json()) as { stay: Stay };
    const stayToken = new URL(stay.url).pathname.split('/').at(-1)!;
    const before = reads(await insights(host, guidebook._id));

    for (const [token, body] of [
      [guidebook.token, { sections: ['checkin', 'rules'] }],
      [guidebook.token, { sections: ['wifi', 'wifi', 'nonsense'] }],
      [stayToken, { sections: ['checkin', 'access'] }],
      // Not counted, still 204: no known section, not JSON, too long, a link that does not exist.
      [guidebook.token, { sections: ['secrets', 42, null] }],
      [guidebook.token, 'checkin'],
      [guidebook.token, { sections: ['checkin'], padding: 'x'.repeat(2_000) }],
      ['no-such-link-at-all', { sections: ['checkin'] }],
    ] as const) {
      const answer = await beacon('127.0.0.20', token, body);
      expect(answer.status, JSON.stringify(body).slice(0, 60)).toBe(204);
      expect(answer.body).toBe('');
    }
    // Only JSON, as every API write (docs/security.md 7): the page's beacon sends a JSON blob.
    const plain = await requestFrom(server, '127.0.0.20', `/api/guest/${guidebook.token}/events`, null, { 'content-type': 'text/plain' });
    expect(plain.status).toBe(415);

    const after = await insights(host, guidebook._id);
    const counted = reads(after);
    const grew = Object.fromEntries(Object.keys(counted).map((section) => [section, counted[section]! - (before[section] ?? 0)]));
    // The sections guests read are listed (and "Need Help?", which every page has), most read
    // first, so the host sees what guests skip; the page has no places or extras to list.
    expect(grew).toEqual({ checkin: 2, rules: 1, wifi: 1, access: 1, contact: 0 });
    expect(after.sections.map((row) => row.reads)).toEqual([...after.sections.map((row) => row.reads)].sort((a, b) => b - a));
    expect(after.stays.find((row) => row._id === stay._id)!.read).toEqual({ checkin: true, access: true, wifi: false, rules: false, places: false, extras: false, contact: false });
  });

  it('stops counting an address past 100 beacons in 10 minutes, still answering 204', async () => {
    const before = reads(await insights(host, guidebook._id)).places ?? 0;
    const answers = await Promise.all(Array.from({ length: 110 }, () => beacon('127.0.0.21', guidebook.token, { sections: ['places'] })));
    expect(answers.every((answer) => answer.status === 204)).toBe(true);
    expect((reads(await insights(host, guidebook._id)).places ?? 0) - before).toBe(100);
  });

  it('refuses another site’s page (Origin), like every write', async () => {
    const answer = await requestFrom(server, '127.0.0.22', `/api/guest/${guidebook.token}/events`, { sections: ['checkin'] }, { origin: 'https://elsewhere.example' });
    expect(answer.status).toBe(403);
  });
});

describe('the sections listed are the ones the guidebook’s page has', () => {
  let owner: SignedInHost;
  beforeAll(async () => {
    owner = await signedInHost(server, 'gold');
  });

  /** A guidebook saved with `content` over an empty one (no house rules, no steps). */
  async function saved(content: Record<string, unknown>): Promise<Instruction> {
    const created = await owner.call('/api/instruction', { json: { nameInstruction: 'Sections' } });
    const { instruction } = (await created.json()) as { instruction: Instruction };
    const response = await owner.call(`/api/instruction/${instruction._id}`, { method: 'PUT', json: { ...instruction, selectedHouseRules: [], ...content } });
    expect(response.status, JSON.stringify(await response.clone().json())).toBe(200);
    return ((await response.json()) as { instruction: Instruction }).instruction;
  }
  const listed = async (book: Instruction) => (await insights(owner, book._id)).sections.map((row) => row.section);

  it('a door code in a step is listed, as the page shows it; a code on no page, or none, is not', async () => {
    const step = { id: 1, title: 'Lock box', paragraph: '<p>The code is <span data-marker="lockbox"></span>.</p>', imageUrl: '' };
    expect(await listed(await saved({ code: '4711', boxes: [step] }))).toEqual(['checkin', 'access', 'contact']);
    // The code field alone is on no guest page (only a text's marker shows it).
    expect(await listed(await saved({ code: '4711', boxes: [{ ...step, paragraph: '<p>Open the box.</p>' }], wifiName: 'Loft' }))).toEqual(['checkin', 'wifi', 'contact']);
    // A marker without a code shows nothing.
    expect(await listed(await saved({ boxes: [step] }))).toEqual(['checkin', 'contact']);
    // Behind the secrets policy the access section holds the Wi-Fi password, with or without a code.
    expect(await listed(await saved({ wifiName: 'Loft', wifiPassword: 'sea-breeze-42', secretsPolicy: 'stay' }))).toEqual(['access', 'wifi', 'contact']);
  });

  it('an empty guidebook lists only "Need Help?", and a section guests read before it was removed stays listed', async () => {
    const empty = await saved({});
    expect(await insights(owner, empty._id)).toMatchObject({ sections: [{ section: 'contact', reads: 0 }] });
    expect((await requestFrom(server, '127.0.0.23', `/api/guest/${empty.token}/events`, { sections: ['rules'] })).status).toBe(204);
    expect((await insights(owner, empty._id)).sections).toEqual([
      { section: 'rules', reads: 1 },
      { section: 'contact', reads: 0 },
    ]);
    const places = await saved({ places: [{ id: 1, name: 'Harbour café', category: 'eat', note: '', address: '', phone: '', website: '', mapUrl: '', imageUrl: '', lat: null, lng: null, pick: false }], selectedHouseRules: [1] });
    expect(await listed(places)).toEqual(['rules', 'places', 'contact']);
  });
});

describe('GET /api/instruction/:id/insights', () => {
  it('is the owner’s only, and says what range it takes', async () => {
    const other = await signedInHost(server, 'free');
    expect((await other.call(`/api/instruction/${guidebook._id}/insights`)).status).toBe(404);
    expect((await server.request(`/api/instruction/${guidebook._id}/insights`)).status).toBe(401);
    for (const days of ['0', '367', 'abc', '1.5', '-3']) {
      const refused = await host.call(`/api/instruction/${guidebook._id}/insights?days=${days}`);
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ message: 'Days must be a whole number from 1 to 366.' });
    }
    const week = await insights(host, guidebook._id, '?days=7');
    expect(week.days).toHaveLength(7);
    expect(week.days.at(-1)!.date).toBe(today());
  });
});

describe('counts across servers and restarts', () => {
  it('sums the days older than 13 months into months when a server starts (then every 6 hours)', async () => {
    const owner = await signedInHost(server, 'free');
    const book = await createGuidebook(owner);
    const db = server.openDb();
    const view = db.prepare('INSERT INTO guest_views (instruction_id, language, day, views) VALUES (?, ?, ?, ?)');
    // Two old days and the month row a roll-up made before, a day of another month, and today.
    for (const [language, day, views] of [['en', '2024-03-05', 5], ['en', '2024-03-20', 7], ['en', '2024-03', 1], ['de', '2024-04-01', 2], ['en', today(), 3]] as const) view.run(book._id, language, day, views);
    db.prepare('INSERT INTO guest_reads (instruction_id, section, day, reads) VALUES (?, ?, ?, ?)').run(book._id, 'checkin', '2024-03-09', 4);
    const rows = () =>
      (db.prepare('SELECT day, language, views FROM guest_views WHERE instruction_id = ? ORDER BY day, language').all(book._id) as { day: string; language: string; views: number | string }[]).map((row) => ({ ...row, views: Number(row.views) }));
    const second = await startServer({ NODE_ENV: 'test', DATA_DIR: server.dataDir, ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) });
    try {
      await expect
        .poll(rows)
        .toEqual([
          { day: '2024-03', language: 'en', views: 13 },
          { day: '2024-04', language: 'de', views: 2 },
          { day: today(), language: 'en', views: 3 },
        ]);
      const reads = db.prepare('SELECT day, reads FROM guest_reads WHERE instruction_id = ?').all(book._id) as { day: string; reads: number | string }[];
      expect(reads.map((row) => ({ day: row.day, reads: Number(row.reads) }))).toEqual([{ day: '2024-03', reads: 4 }]);
      // A year back reads days only: today's opens, not the months.
      expect((await insights(owner, book._id, '?days=366')).total).toBe(3);
    } finally {
      await second.stop();
    }
  });

  it('writes what a server counted when it stops, and two servers’ counts add up', async () => {
    const owner = await signedInHost(server, 'free');
    const book = await createGuidebook(owner);
    const second = await startServer({ NODE_ENV: 'test', DATA_DIR: server.dataDir, ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) });
    try {
      await Promise.all([...Array.from({ length: 7 }, () => open(server, `/instruction/${book.token}`)), ...Array.from({ length: 5 }, () => open(second, `/instruction/${book.token}/de`))]);
      // The second server stops at once, long before its next flush: its counts are written as it goes.
      expect(await second.stop('SIGTERM')).toBe(0);
      const data = await insights(owner, book._id);
      expect(data.total).toBe(12);
      expect(data.languages).toEqual([
        { language: 'en', views: 7 },
        { language: 'de', views: 5 },
      ]);
    } finally {
      await second.stop();
    }
  });
});
