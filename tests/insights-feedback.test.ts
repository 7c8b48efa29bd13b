import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Insights } from '../src/lib/shared/insights.ts';
import { messages } from '../src/lib/shared/messages.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { outboxSent, query, requestFrom, run, signedInHost, type SignedInHost } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { readableParts, startSmtpServer, type TestSmtpServer } from './helpers/smtp.ts';

// docs/product/insights.md: "Was this guidebook helpful?". A guest's yes or no and comment over
// real HTTP, stored for the host (with the stay on a stay link), listed in the insights, deleted by
// the host, and mailed once a day through the outbox to a real SMTP server. On SQLite or
// PostgreSQL (npm run test:pg).
let smtp: TestSmtpServer;
let server: TestServer;
let env: Record<string, string>;
let host: SignedInHost;
let guidebook: Instruction;

const HOUR = 3_600_000;

async function startApp(dataDir?: string): Promise<void> {
  server = await startServer({ ...env, ...(dataDir ? { DATA_DIR: dataDir } : {}) });
}

beforeAll(async () => {
  smtp = await startSmtpServer();
  env = { NODE_ENV: 'test', SMTP_URL: smtp.url };
  await startApp();
  host = await signedInHost(server, 'free');
  guidebook = await createGuidebook(host, 'Harbour Loft');
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

async function createGuidebook(owner: SignedInHost, name: string): Promise<Instruction> {
  const created = await owner.call('/api/instruction', { json: { nameInstruction: name } });
  expect(created.status).toBe(201);
  return ((await created.json()) as { instruction: Instruction }).instruction;
}

async function addStay(owner: SignedInHost, target: Instruction, guestName: string): Promise<Stay> {
  const today = Date.now();
  const day = (offset: number) => new Date(today + offset * 24 * HOUR).toISOString().slice(0, 10);
  // The fixtures share one guidebook and its dates: added as the host's "Add anyway".
  const response = await owner.call(`/api/instruction/${target._id}/stays`, { json: { guestName, checkIn: `${day(-1)}T15:00`, checkOut: `${day(2)}T11:00`, allowOverlap: true } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { stay: Stay }).stay;
}

/** A guest's answer from its own loopback address (each test its own, so the per-address limit is its own). */
async function answer(address: string, token: string, body: unknown, language?: string): Promise<{ status: number; body: { message: string }; retryAfter: string | undefined }> {
  const response = await requestFrom(server, address, `/api/guest/${token}/feedback`, body, language ? { 'accept-language': language } : {});
  return { status: response.status, body: JSON.parse(response.body) as { message: string }, retryAfter: response.headers['retry-after'] as string | undefined };
}

async function insights(owner: SignedInHost, id: string): Promise<Insights> {
  const response = await owner.call(`/api/instruction/${id}/insights`);
  expect(response.status).toBe(200);
  return (await response.json()) as Insights;
}

interface Row {
  id: string;
  user_id: string;
  instruction_id: string;
  stay_id: string | null;
  helpful: number;
  comment: string;
  language: string;
  digested_at: number | null;
}
const rowsOf = (instructionId: string) => query<Row>(server, 'SELECT id, user_id, instruction_id, stay_id, helpful, comment, language, digested_at FROM guest_feedback WHERE instruction_id = ? ORDER BY created_at', instructionId);

describe('a guest answers "Was this guidebook helpful?"', () => {
  it('refuses a bad body with 400 and words from the guest dictionary, and stores nothing', async () => {
    const token = guidebook.token;
    const cases: Array<[unknown, string]> = [
      [{}, messages.guestFeedback.helpfulRequired],
      [{ helpful: 'yes' }, messages.guestFeedback.helpfulRequired],
      [{ helpful: true, comment: 12 }, 'This request could not be read. Please reload the page and try again.'],
      [{ helpful: false, comment: 'x'.repeat(1001) }, messages.guestFeedback.commentTooLong(1000)],
      [[true], 'This request could not be read. Please reload the page and try again.'],
    ];
    for (const [body, message] of cases) {
      const refused = await answer('127.0.0.2', token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.message, JSON.stringify(body)).toBe(message);
    }
    const german = await answer('127.0.0.2', token, { helpful: true, comment: 'ü'.repeat(1001) }, 'de');
    expect(german).toMatchObject({ status: 400, body: { message: 'Ihr Kommentar darf höchstens 1000 Zeichen lang sein.' } });
    expect(rowsOf(guidebook._id)).toEqual([]);
  });

  it('answers 404 for a link that opens nothing and 410 for a stay link that has ended', async () => {
    expect((await answer('127.0.0.3', 'no-such-link-000000000', { helpful: true })).status).toBe(404);
    const ended = await addStay(host, guidebook, 'Old guest');
    run(server, 'UPDATE stays SET check_in = ?, check_out = ? WHERE id = ?', Date.now() - 30 * 24 * HOUR, Date.now() - 20 * 24 * HOUR, ended._id);
    const gone = await answer('127.0.0.3', ended.token, { helpful: true }, 'de');
    expect(gone.status).toBe(410);
    expect(rowsOf(guidebook._id)).toEqual([]);
  });

  it('stores a yes from the public link: 201 in German, the comment cleaned of control characters', async () => {
    const sent = await answer('127.0.0.4', guidebook.token, { helpful: true, comment: '  Great\u0001 tips\u0007\u009b for\tthe beach.\r\nThanks!  ' }, 'de-DE,de;q=0.9,en;q=0.5');
    expect(sent.status, sent.body.message).toBe(201);
    expect(sent.body).toEqual({ message: 'Vielen Dank für Ihre Rückmeldung. Ihr Gastgeber bekommt sie zu sehen.', id: expect.any(String), editToken: expect.any(String) });
    expect(rowsOf(guidebook._id)).toEqual([
      { id: expect.any(String), user_id: host.id, instruction_id: guidebook._id, stay_id: null, helpful: 1, comment: 'Great tips for the beach.\nThanks!', language: 'de', digested_at: null },
    ]);
  });

  it('stores a no from a stay link with its stay, in English without a language, exactly 1,000 characters allowed', async () => {
    const stay = await addStay(host, guidebook, 'Lou');
    const comment = `The heating${'!'.repeat(989)}`;
    expect(comment).toHaveLength(1000);
    const sent = await answer('127.0.0.5', stay.token, { helpful: false, comment });
    expect(sent).toMatchObject({ status: 201, body: { message: messages.guestFeedback.sent } });
    const row = rowsOf(guidebook._id).find((feedback) => feedback.stay_id === stay._id)!;
    expect(row).toMatchObject({ helpful: 0, comment, language: 'en', user_id: host.id });
  });

  it('limits answers per address (10 an hour) and per link (200 a day), with 429 in the page’s language', async () => {
    const other = await createGuidebook(host, 'Limits');
    for (let i = 0; i < 10; i += 1) expect((await answer('127.0.0.6', other.token, { helpful: true })).status).toBe(201);
    const tooMany = await answer('127.0.0.6', other.token, { helpful: true }, 'de');
    expect(tooMany.status).toBe(429);
    expect(tooMany.body.message).toMatch(/^Zu viele Antworten\. Bitte versuchen Sie es in (\d+ Minuten|1 Stunde) erneut\.$/);
    expect(Number(tooMany.retryAfter)).toBeGreaterThan(3000);
    // Another address still may, until the link's own budget is spent: 200 a day from anywhere.
    for (let address = 7; address < 26; address += 1) {
      await Promise.all(Array.from({ length: 10 }, () => answer(`127.0.0.${address}`, other.token, { helpful: address % 2 === 0 })));
    }
    expect(rowsOf(other._id)).toHaveLength(200);
    const linkFull = await answer('127.0.0.30', other.token, { helpful: true });
    expect(linkFull).toMatchObject({ status: 429, body: { message: messages.guestFeedback.tooMany(24 * 60) } });
    expect(rowsOf(other._id)).toHaveLength(200);
    // A stay link of the same guidebook has a budget of its own.
    const stay = await addStay(host, other, 'Kim');
    expect((await answer('127.0.0.31', stay.token, { helpful: true })).status).toBe(201);
  });
});

describe('the tap is the answer; the comment follows it (docs/product/insights.md)', () => {
  type Receipt = { message: string; id: string; editToken: string };
  const tap = async (address: string, token: string, helpful: boolean): Promise<Receipt> => {
    const sent = await answer(address, token, { helpful });
    expect(sent.status, sent.body.message).toBe(201);
    return sent.body as Receipt;
  };
  const follow = (token: string, body: unknown, language?: string) => server.request(`/api/guest/${token}/feedback`, { method: 'PATCH', json: body, headers: language ? { 'accept-language': language } : {} });
  let owner: SignedInHost;
  beforeAll(async () => {
    owner = await signedInHost(server, 'gold');
  });
  const rowOf = (id: string) => query<Row>(server, 'SELECT id, user_id, instruction_id, stay_id, helpful, comment, language, digested_at FROM guest_feedback WHERE id = ?', id)[0];

  it('a tap alone is stored (201 with its id and a token); the comment and a change of mind update that answer, not a new one', async () => {
    const book = await createGuidebook(owner, 'Tap only');
    const receipt = await tap('127.0.0.60', book.token, true);
    expect(receipt).toEqual({ message: messages.guestFeedback.sent, id: expect.any(String), editToken: expect.stringMatching(/^[\w-]{43}$/) });
    expect(rowsOf(book._id)).toEqual([expect.objectContaining({ id: receipt.id, helpful: 1, comment: '' })]);
    // The token is kept only as its hash.
    expect(JSON.stringify(query(server, 'SELECT * FROM guest_feedback WHERE id = ?', receipt.id))).not.toContain(receipt.editToken);

    const changed = await follow(book.token, { id: receipt.id, editToken: receipt.editToken, helpful: false });
    expect(changed.status).toBe(200);
    const commented = await follow(book.token, { id: receipt.id, editToken: receipt.editToken, helpful: false, comment: '  Towels\u0007 were missing.  ' }, 'de');
    expect(commented.status).toBe(200);
    expect(await commented.json()).toEqual({ message: 'Vielen Dank für Ihre Rückmeldung. Ihr Gastgeber bekommt sie zu sehen.' });
    expect(rowsOf(book._id)).toEqual([expect.objectContaining({ id: receipt.id, helpful: 0, comment: 'Towels were missing.', language: 'en' })]);
    expect((await insights(owner, book._id)).feedback).toEqual([expect.objectContaining({ _id: receipt.id, helpful: false, comment: 'Towels were missing.' })]);

    const tooLong = await follow(book.token, { id: receipt.id, editToken: receipt.editToken, comment: 'x'.repeat(1001) });
    expect(tooLong.status).toBe(400);
    expect(await tooLong.json()).toEqual({ message: messages.guestFeedback.commentTooLong(1000) });
    for (const body of [{ id: receipt.id, editToken: receipt.editToken }, { id: 7, editToken: receipt.editToken, comment: 'x' }, [receipt.id]]) {
      expect((await follow(book.token, body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(rowOf(receipt.id)?.comment).toBe('Towels were missing.');
  });

  it('the comment follows even when the address has no answers left this hour', async () => {
    const book = await createGuidebook(owner, 'Busy address');
    const first = await tap('127.0.0.61', book.token, true);
    for (let i = 0; i < 9; i += 1) await tap('127.0.0.61', book.token, false);
    expect((await answer('127.0.0.61', book.token, { helpful: true })).status).toBe(429);
    const commented = await follow(book.token, { id: first.id, editToken: first.editToken, comment: 'Lovely, thanks!' });
    expect(commented.status).toBe(200);
    expect(rowOf(first.id)).toMatchObject({ helpful: 1, comment: 'Lovely, thanks!' });
  });

  it('only its own guest changes an answer: another token, answer or link, an hour on, or once mailed → 404, nothing changed', async () => {
    const book = await createGuidebook(owner, 'Strangers');
    const stay = await addStay(owner, book, 'Mia');
    const mine = await tap('127.0.0.62', stay.token, true);
    const theirs = await tap('127.0.0.63', book.token, true);
    const closed = { message: messages.guestFeedback.closed };
    const refusals: Array<[string, unknown]> = [
      [stay.token, { id: mine.id, editToken: theirs.editToken, comment: 'forged' }],
      [stay.token, { id: theirs.id, editToken: mine.editToken, comment: 'forged' }],
      [book.token, { id: mine.id, editToken: mine.editToken, comment: 'forged' }],
      [(await createGuidebook(owner, 'Other')).token, { id: mine.id, editToken: mine.editToken, comment: 'forged' }],
      [stay.token, { id: mine.id, editToken: 'x'.repeat(43), comment: 'forged' }],
    ];
    for (const [token, body] of refusals) {
      const refused = await follow(token, body);
      expect(refused.status, JSON.stringify(body)).toBe(404);
      expect(await refused.json()).toEqual(closed);
    }
    const german = await follow(book.token, { id: mine.id, editToken: mine.editToken, comment: 'forged' }, 'de');
    expect(await german.json()).toEqual({ message: 'Diese Antwort kann nicht mehr geändert werden.' });

    // An hour after the tap, or once the daily mail listed it, the answer is final.
    run(server, 'UPDATE guest_feedback SET created_at = ? WHERE id = ?', Date.now() - 61 * 60_000, mine.id);
    expect((await follow(stay.token, { id: mine.id, editToken: mine.editToken, comment: 'late' })).status).toBe(404);
    run(server, 'UPDATE guest_feedback SET digested_at = ? WHERE id = ?', Date.now(), theirs.id);
    expect((await follow(book.token, { id: theirs.id, editToken: theirs.editToken, comment: 'late' })).status).toBe(404);
    expect([rowOf(mine.id)?.comment, rowOf(theirs.id)?.comment]).toEqual(['', '']);
    expect(rowOf(mine.id)?.stay_id).toBe(stay._id);
  });
});

describe('the host', () => {
  it('reads the answers in the insights, newest first with the stay, and only their own', async () => {
    const { feedback } = await insights(host, guidebook._id);
    expect(feedback).toEqual([
      { _id: expect.any(String), helpful: false, comment: expect.stringMatching(/^The heating!+$/), language: 'en', createdAt: expect.any(String), stay: { _id: expect.any(String), guestName: 'Lou' } },
      { _id: expect.any(String), helpful: true, comment: 'Great tips for the beach.\nThanks!', language: 'de', createdAt: expect.any(String), stay: null },
    ]);
    const stranger = await signedInHost(server, 'free');
    expect((await stranger.call(`/api/instruction/${guidebook._id}/insights`)).status).toBe(404);
    expect((await insights(stranger, (await createGuidebook(stranger, 'Mine'))._id)).feedback).toEqual([]);
  });

  it('keeps an answer when its stay is deleted, without the stay', async () => {
    const stay = await addStay(host, guidebook, 'Bo');
    expect((await answer('127.0.0.40', stay.token, { helpful: true, comment: 'Bo was here' })).status).toBe(201);
    expect((await host.call(`/api/instruction/${guidebook._id}/stays/${stay._id}`, { method: 'DELETE' })).status).toBe(200);
    const kept = (await insights(host, guidebook._id)).feedback.find((feedback) => feedback.comment === 'Bo was here');
    expect(kept).toMatchObject({ helpful: true, stay: null });
  });

  it('deletes an answer (404 for another host’s, and once gone), Origin-checked', async () => {
    expect((await answer('127.0.0.41', guidebook.token, { helpful: false, comment: 'Delete me' })).status).toBe(201);
    const target = (await insights(host, guidebook._id)).feedback.find((feedback) => feedback.comment === 'Delete me')!;
    const path = `/api/instruction/${guidebook._id}/feedback/${target._id}`;
    const stranger = await signedInHost(server, 'free');
    const theirs = await stranger.call(path, { method: 'DELETE' });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ message: messages.instruction.notFound });
    const otherBook = await createGuidebook(host, 'Elsewhere');
    expect((await host.call(`/api/instruction/${otherBook._id}/feedback/${target._id}`, { method: 'DELETE' })).status).toBe(404);
    const forged = await host.call(path, { method: 'DELETE', headers: { origin: 'https://evil.example' } });
    expect(forged.status).toBe(403);
    expect(query(server, 'SELECT id FROM guest_feedback WHERE id = ?', target._id)).toHaveLength(1);

    const deleted = await host.call(path, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect(await deleted.json()).toEqual({ message: messages.guestFeedback.deleted });
    expect((await insights(host, guidebook._id)).feedback.map((feedback) => feedback.comment)).not.toContain('Delete me');
    const again = await host.call(path, { method: 'DELETE' });
    expect(again.status).toBe(404);
    expect(await again.json()).toEqual({ message: messages.guestFeedback.notFound });
  });
});

describe('the daily mail', () => {
  it('goes once a host’s oldest new answer is a day old: counts and escaped comments per guidebook, a link, then never again for them', async () => {
    const mailer = await signedInHost(server, 'free');
    const loft = await createGuidebook(mailer, 'Sea <View> Loft');
    const cabin = await createGuidebook(mailer, 'Cabin');
    expect((await answer('127.0.0.50', loft.token, { helpful: true, comment: '<script>alert(1)</script> & more' })).status).toBe(201);
    expect((await answer('127.0.0.50', loft.token, { helpful: false })).status).toBe(201);
    expect((await answer('127.0.0.50', cabin.token, { helpful: false, comment: 'Too cold' })).status).toBe(201);
    // Another host whose answers are fresh: not mailed yet.
    const fresh = await signedInHost(server, 'free');
    const freshBook = await createGuidebook(fresh, 'Fresh');
    expect((await answer('127.0.0.51', freshBook.token, { helpful: true })).status).toBe(201);

    // The clock given: the mailer's oldest answer is 25 hours old, the cabin's 2 hours; the job's first turn runs at start.
    run(server, 'UPDATE guest_feedback SET created_at = ? WHERE instruction_id = ?', Date.now() - 25 * HOUR, loft._id);
    run(server, 'UPDATE guest_feedback SET created_at = ? WHERE instruction_id = ?', Date.now() - 2 * HOUR, cabin._id);
    // A tap of a moment ago, whose guest may still add a comment: it waits for the next mail.
    const pending = (await answer('127.0.0.50', cabin.token, { helpful: true })).body as unknown as { id: string; editToken: string };
    const before = smtp.mails.length;
    const dataDir = server.dataDir;
    await server.stop();
    await startApp(dataDir);

    const mail = await smtp.waitForMail((received) => received.envelopeTo.includes(mailer.email) && /Guest feedback/.test(received.subject));
    expect(mail.subject).toBe('Guest feedback: 3 new answers');
    const text = readableParts(mail);
    expect(text).toContain('Sea <View> Loft: 1 yes, 1 no');
    expect(text).toContain('Yes: <script>alert(1)</script> & more');
    expect(text).toContain('Cabin: 0 yes, 1 no');
    expect(text).toContain('No: Too cold');
    expect(text).toContain(`/dashboard/insights/${loft._id}`);
    // The HTML part escapes what guests typed.
    expect(text).toContain('&lt;script&gt;alert(1)&lt;/script&gt; &amp; more');
    expect(text).toContain('Sea &lt;View&gt; Loft');
    expect(text).not.toContain('<script>alert(1)</script> &amp;');
    expect(query<{ id: string; digested_at: number | null }>(server, 'SELECT id, digested_at FROM guest_feedback WHERE user_id = ?', mailer.id).every((row) => (row.digested_at === null) === (row.id === pending.id))).toBe(true);
    expect((await server.request(`/api/guest/${cabin.token}/feedback`, { method: 'PATCH', json: { ...pending, comment: 'Cosy after all' } })).status).toBe(200);
    expect(query<{ digested_at: number | null }>(server, 'SELECT digested_at FROM guest_feedback WHERE user_id = ?', fresh.id)).toEqual([{ digested_at: null }]);

    // Another turn (a restart runs one) sends nothing again for them. It has run once it mails the
    // other host, whose answer is a day old by then; whatever that turn queued has gone out then.
    run(server, 'UPDATE guest_feedback SET created_at = ? WHERE user_id = ?', Date.now() - 25 * HOUR, fresh.id);
    await server.stop();
    await startApp(dataDir);
    await smtp.waitForMail((received) => received.envelopeTo.includes(fresh.email) && /Guest feedback/.test(received.subject));
    await outboxSent(server);
    const mailed = (email: string) => smtp.mails.slice(before).filter((received) => received.envelopeTo.includes(email));
    expect(mailed(mailer.email)).toHaveLength(1);
    expect(mailed(fresh.email).map((received) => received.subject)).toEqual(['Guest feedback: 1 new answer']);
  });
});
