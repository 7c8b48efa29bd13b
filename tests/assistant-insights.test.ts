import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '@db/schema.ts';
import { countAnswered, questionCounts, recordUnanswered, startQuestionCounting } from '../src/lib/server/assistant/questions.ts';
import { questionRetention } from '../src/lib/server/assistant/retention.ts';
import { createLogger } from '../src/lib/server/platform/logger.ts';
import type { Insights } from '../src/lib/shared/insights.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { demoInstruction } from '../src/lib/server/demo/demo-content.ts';
import { query, requestFrom, signedInHost, type SignedInHost } from './helpers/auth.ts';
import { serverKysely, serverKyselyForTests } from './helpers/kysely.ts';
import { signedInMember } from './helpers/members.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { onPostgres } from './helpers/test-database.ts';
import { until } from './helpers/until.ts';

/**
 * "Questions guests asked" (docs/decisions/031-guest-assistant.md §13, docs/product/insights.md):
 * answered questions counted in each server's memory and added to the database every 5 s, so two
 * servers' counts add up; unanswered questions stored masked, with nothing of who asked, 90 days;
 * read and deleted by the guidebook's team over real HTTP. Guests ask through the real route
 * (`POST /api/guest/:token/ask`); for two servers' memories, the retention's clock and masking, the
 * test also calls countAnswered and recordUnanswered against the server's database
 * (tests/helpers/kysely.ts). On SQLite or PostgreSQL (TEST_DATABASE_URL).
 */
const DAY = 86_400_000;
let server: TestServer;
let db: Kysely<Database>;
let host: SignedInHost;
let guidebook: Instruction;

beforeAll(async () => {
  server = await startServer({ NODE_ENV: 'test' });
  host = await signedInHost(server, 'gold');
  guidebook = await createGuidebook(host, 'Harbour Loft');
});
afterAll(async () => {
  await server?.stop();
});
serverKyselyForTests(
  () => server,
  (handle) => (db = handle),
);

async function createGuidebook(owner: SignedInHost, nameInstruction: string): Promise<Instruction> {
  const created = await owner.call('/api/instruction', { json: { nameInstruction } });
  expect(created.status).toBe(201);
  return ((await created.json()) as { instruction: Instruction }).instruction;
}

async function questionsOf(caller: SignedInHost, id: string, days = 30): Promise<Insights['questions']> {
  const response = await caller.call(`/api/instruction/${id}/insights?days=${days}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as Insights).questions;
}

const entry = (section: 'check-in' | 'wifi' | 'places', kind: 'passages' | 'secret' = 'passages') => ({ teamId: host.teamId, guidebookId: guidebook._id, language: 'en', section, kind });

describe('the ask route', () => {
  it('counts an answered question by section and keeps a handed-over one, masked, with nothing of the guest', async () => {
    const { nameInstruction: _, ...demo } = demoInstruction;
    const created = await host.call('/api/instruction', { json: { ...demo, nameInstruction: 'Asked Loft' } });
    expect(created.status).toBe(201);
    const asked = ((await created.json()) as { instruction: Instruction }).instruction;
    const ask = async (question: string) => {
      const answer = await requestFrom(server, '127.5.0.1', `/api/guest/${asked.token}/ask`, { question }, { 'accept-language': 'en' });
      expect(answer.status, answer.body).toBe(200);
      return JSON.parse(answer.body) as { handedOver: boolean };
    };
    expect((await ask('Where are the towels?')).handedOver).toBe(false);
    expect((await ask('Is there a sauna? Text me on 0170 1234567')).handedOver).toBe(true);
    const questions = await until(
      () => questionsOf(host, asked._id),
      (read) => read.sections.length > 0 && read.unanswered.length > 0,
      'the answer counted and the question kept',
    );
    expect(questions.sections).toEqual([{ section: 'check-in', answered: 1 }]);
    expect(questions.unanswered.map(({ question, language }) => ({ question, language }))).toEqual([{ question: 'Is there a sauna? Text me on …', language: 'en' }]);
    expect(JSON.stringify(query(server, 'SELECT * FROM guest_questions WHERE guidebook_id = ?', asked._id))).not.toMatch(/127\.5\.0\.1|1234567/);
  });
});

describe('answered questions', () => {
  it('are written within the flush and add up over two servers, per section, most first', async () => {
    const log = createLogger({ logLevel: 'silent' });
    // Several servers share PostgreSQL (docs/decisions/012): the second its own pool. SQLite has one
    // server per file, so there the two memories share its one connection.
    const second = onPostgres ? serverKysely(server) : db;
    const [a, b] = [questionCounts(), questionCounts()];
    const counting = [startQuestionCounting({ db, log }, a), startQuestionCounting({ db: second, log }, b)];
    try {
      for (let i = 0; i < 200; i += 1) {
        countAnswered(entry('check-in'), Date.now(), i % 2 === 0 ? a : b);
        if (i % 4 === 0) countAnswered(entry('wifi'), Date.now(), i % 8 === 0 ? a : b);
      }
      countAnswered(entry('wifi', 'secret'), Date.now(), b);
      // Not a section of the page: never counted.
      countAnswered({ ...entry('places'), section: 'cellar' as 'places' }, Date.now(), a);
      // The timers write them: no flush is asked for; the host's read flushes only its own server's memory.
      const questions = await until(
        () => questionsOf(host, guidebook._id),
        (read) => read.sections.reduce((sum, row) => sum + row.answered, 0) === 251,
        'both servers’ counts written',
      );
      expect(questions.sections).toEqual([
        { section: 'check-in', answered: 200 },
        { section: 'wifi', answered: 51 },
      ]);
      expect(questions.modelAnswers).toBeNull();
      // Counted after the last timer's turn: written when the server stops.
      countAnswered(entry('places'), Date.now(), a);
      await Promise.all(counting.map((each) => each.stop()));
      expect((await questionsOf(host, guidebook._id)).sections.find((row) => row.section === 'places')).toEqual({ section: 'places', answered: 1 });
      const rows = query<{ team_id: string; language: string; kind: string }>(server, 'SELECT team_id, language, kind FROM guest_question_counts WHERE guidebook_id = ? ORDER BY kind', guidebook._id);
      expect(new Set(rows.map((row) => `${row.team_id} ${row.language} ${row.kind}`))).toEqual(new Set([`${host.teamId} en passages`, `${host.teamId} en secret`]));
    } finally {
      await Promise.all(counting.map((each) => each.stop()));
      if (second !== db) await second.destroy();
    }
  });
});

describe('unanswered questions', () => {
  it('are kept as asked, e-mail addresses and long digit runs masked, with the language and the day and nothing of who asked', async () => {
    const now = Date.now();
    await recordUnanswered(db, { teamId: host.teamId, guidebookId: guidebook._id, language: 'de', question: 'Gibt es einen Föhn?', suggestedSection: 'good-to-know' }, now - 1000);
    await recordUnanswered(db, { teamId: host.teamId, guidebookId: guidebook._id, language: 'en', question: 'Can you call me on +49 170 1234567 or mail ana.guest@example.com? Room 12', suggestedSection: null }, now);
    const { unanswered } = await questionsOf(host, guidebook._id);
    expect(unanswered.map(({ _id, ...rest }) => rest)).toEqual([
      { question: 'Can you call me on … or mail …? Room 12', language: 'en', day: new Date(now).toISOString().slice(0, 10), suggestedSection: null },
      { question: 'Gibt es einen Föhn?', language: 'de', day: new Date(now - 1000).toISOString().slice(0, 10), suggestedSection: 'good-to-know' },
    ]);
    const stored = query<Record<string, unknown>>(server, 'SELECT * FROM guest_questions WHERE guidebook_id = ?', guidebook._id);
    expect(Object.keys(stored[0]!).sort()).toEqual(['created_at', 'day', 'guidebook_id', 'id', 'language', 'question', 'suggested_section', 'team_id']);
    expect(JSON.stringify(stored)).not.toMatch(/1234567|example\.com|127\.0\.0\.1/);
  });

  it('are deleted after 90 days; answered counts older than 13 months are summed into their month', async () => {
    const other = await createGuidebook(host, 'Old Mill');
    const now = Date.now();
    const old = { teamId: host.teamId, guidebookId: other._id, language: 'en', suggestedSection: null };
    await recordUnanswered(db, { ...old, question: 'Ninety-one days ago' }, now - 91 * DAY);
    await recordUnanswered(db, { ...old, question: 'Eighty-nine days ago' }, now - 89 * DAY);
    const longAgo = new Date(now - 430 * DAY).toISOString().slice(0, 10);
    const dayBefore = new Date(now - 431 * DAY).toISOString().slice(0, 10);
    await db
      .insertInto('guest_question_counts')
      .values([dayBefore, longAgo].map((day) => ({ team_id: host.teamId, guidebook_id: other._id, day, language: 'en', section: 'wifi', kind: 'passages' as const, count: 2 })))
      .execute();
    await questionRetention(db, now);
    expect(query<{ question: string }>(server, 'SELECT question FROM guest_questions WHERE guidebook_id = ?', other._id).map((row) => row.question)).toEqual(['Eighty-nine days ago']);
    const counts = query<{ day: string; count: number }>(server, 'SELECT day, count FROM guest_question_counts WHERE guidebook_id = ? ORDER BY day', other._id);
    const months = [...new Set([dayBefore, longAgo].map((day) => day.slice(0, 7)))];
    expect(counts.map((row) => row.day)).toEqual(months);
    expect(counts.reduce((sum, row) => sum + Number(row.count), 0)).toBe(4);
  });
});

describe('deleting an unanswered question', () => {
  const ask = async (question: string) => {
    await recordUnanswered(db, { teamId: host.teamId, guidebookId: guidebook._id, language: 'en', question, suggestedSection: null });
    return query<{ id: string }>(server, 'SELECT id FROM guest_questions WHERE question = ?', question)[0]!.id;
  };
  const remove = (caller: SignedInHost, questionId: string, id = guidebook._id) => caller.call(`/api/instruction/${id}/questions/${questionId}`, { method: 'DELETE' });

  it('is for the Owner, an Admin and an Editor granted the guidebook; 404 for another team, 403 for a Cleaner', async () => {
    const admin = await signedInMember(server, host.teamId, 'admin');
    const editor = await signedInMember(server, host.teamId, 'editor', { guidebooks: [guidebook._id] });
    const cleaner = await signedInMember(server, host.teamId, 'cleaner', { guidebooks: [guidebook._id] });
    const stranger = await signedInHost(server, 'gold');
    for (const caller of [host, admin, editor]) {
      const id = await ask(`Where is the iron? (${caller.name})`);
      const answer = await remove(caller, id);
      expect(answer.status).toBe(200);
      expect(await answer.json()).toEqual({ message: 'Question deleted.' });
      expect((await questionsOf(host, guidebook._id)).unanswered.some((row) => row._id === id)).toBe(false);
    }
    const kept = await ask('Is there a kettle?');
    expect((await remove(stranger, kept)).status).toBe(404);
    const cleanerAnswer = await remove(cleaner, kept);
    expect(cleanerAnswer.status).toBe(403);
    expect(((await cleanerAnswer.json()) as { message: string }).message).toMatch(/delete guests' questions/);
    // Another guidebook of the team: not this one's question.
    const elsewhere = await createGuidebook(host, 'Sea Cottage');
    expect((await remove(host, kept, elsewhere._id)).status).toBe(404);
    expect((await remove(host, 'no-such-question')).status).toBe(404);
    expect((await questionsOf(host, guidebook._id)).unanswered.some((row) => row._id === kept)).toBe(true);
  });
});
