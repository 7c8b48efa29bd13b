import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { demoInstruction } from '../src/lib/server/demo/demo-content.ts';
import type { Insights } from '../src/lib/shared/insights.ts';
import type { Instruction } from '../src/lib/shared/schemas/instruction.ts';
import { query, run, signedInHost, type SignedInHost } from './helpers/auth.ts';
import { askFrom } from './helpers/ask-fixtures.ts';
import { startAssistantStandIn, type AssistantStandIn, type Behaviour } from './helpers/assistant-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { until } from './helpers/until.ts';

/**
 * "Ask the guidebook" with a model (docs/decisions/031 §7, §11, §12) over real HTTP, SQLite or
 * PostgreSQL, against the OpenAI-compatible stand-in (tests/helpers/assistant-standin.ts) through
 * the real `openai` SDK: an answer used with its sources and labelled; every way an answer is not
 * used falling back to the passages (never an error); what is sent; the month's quota per plan,
 * exact under concurrent questions, given back by a failed call; the art. 50 line on the page.
 */
let server: TestServer;
let standIn: AssistantStandIn;
/** Where OPENAI_BASE_URL points: it must never be asked. */
let hostile: AssistantStandIn;
let gold: SignedInHost;
let guidebook: Instruction;

const MODEL = 'standin-model';
const TOWELS = 'Where are the towels?';
const EMBEDDED = 'From Check-in, step 3: Make yourself at home: Leave the key box closed behind you. Towels are in the hallway cupboard.';
const NAMED = 'The guidebook covers this under Check-in, step 3: Make yourself at home.';

beforeAll(async () => {
  standIn = await startAssistantStandIn();
  hostile = await startAssistantStandIn({ apiKey: 'sk-from-the-environment' });
  // The SDK's own environment variables, all ignored (docs/security.md 46).
  const openaiEnv = { OPENAI_BASE_URL: hostile.url, OPENAI_API_KEY: hostile.apiKey, OPENAI_ORG_ID: 'org-from-env', OPENAI_PROJECT_ID: 'proj-from-env', OPENAI_CUSTOM_HEADERS: 'X-From-Env: yes', OPENAI_LOG: 'debug' };
  server = await startServer({ NODE_ENV: 'test', ASSISTANT_URL: standIn.url, ASSISTANT_API_KEY: standIn.apiKey, ASSISTANT_MODEL: MODEL, ASSISTANT_TIMEOUT_MS: '5000', LOG_LEVEL: 'info', ...openaiEnv });
  gold = await signedInHost(server, 'gold');
  guidebook = await createGuidebook(gold, 'Seaside Cottage');
  // The first call loads the SDK and opens a connection: done once here, so no test's deadline pays for it.
  await ask(guidebook.token, TOWELS);
});

afterAll(async () => {
  await server?.stop();
  await standIn?.close();
  await hostile?.close();
});

beforeEach(() => {
  standIn.reset();
  run(server, 'DELETE FROM assistant_usage');
});

async function createGuidebook(host: SignedInHost, name: string, extra: Record<string, unknown> = {}): Promise<Instruction> {
  const { nameInstruction: _, ...demo } = demoInstruction;
  const created = await host.call('/api/instruction', { json: { ...demo, nameInstruction: name, ...extra } });
  expect(created.status).toBe(201);
  return ((await created.json()) as { instruction: Instruction }).instruction;
}

function ask(token: string, question: string, language = 'en') {
  return askFrom(server, token, question, language);
}

function usage(teamId: string): number {
  return query<{ answers: number }>(server, 'SELECT answers FROM assistant_usage WHERE team_id = ?', teamId)[0]?.answers ?? 0;
}

describe('an answer written by the model', () => {
  it('is used with the passages it cites, labelled as the model’s, and counted in the month', async () => {
    const asked = await ask(guidebook.token, TOWELS);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ answer: NAMED, sources: [{ section: 'check-in', anchor: 'ci-1735689600002', title: 'Check-in, step 3: Make yourself at home' }], handedOver: false, kind: 'model' });
    expect(usage(gold.teamId)).toBe(1);
    const insights = await gold.call(`/api/instruction/${guidebook._id}/insights?days=7`);
    expect(((await insights.json()) as Insights).questions.modelAnswers).toEqual({ used: 1, limit: 300 });
  });

  it('sends one Chat Completions request as configured: the question and passages as JSON data, nothing about the guest', async () => {
    await ask(guidebook.token, TOWELS);
    expect(standIn.requests).toHaveLength(1);
    const [sent] = standIn.requests;
    expect(sent!.path).toBe('/v1/chat/completions');
    expect(sent!.headers.authorization).toBe(`Bearer ${standIn.apiKey}`);
    expect(Object.keys(sent!.headers).filter((name) => name.startsWith('x-stainless') || name.startsWith('openai') || name === 'x-from-env')).toEqual([]);
    expect(hostile.requests).toEqual([]);
    const body = sent!.body;
    expect(body).toMatchObject({ model: MODEL, temperature: 0, n: 1, stream: false, max_completion_tokens: 300, response_format: { type: 'json_schema', json_schema: { strict: true } } });
    expect(body).not.toHaveProperty('user');
    expect(body.messages!.map((message) => message.role)).toEqual(['system', 'user']);
    expect(body.messages![0]!.content).toContain('Answer in English');
    const data = JSON.parse(body.messages![1]!.content) as { question: string; language: string; passages: { id: string; section: string; text: string }[] };
    expect(data.question).toBe(TOWELS);
    expect(data.language).toBe('English');
    expect(data.passages.length).toBeGreaterThan(0);
    expect(data.passages.length).toBeLessThanOrEqual(3);
    for (const passage of data.passages) expect(Object.keys(passage).sort()).toEqual(['id', 'section', 'text']);
    // Never the guidebook's name (the header's, no passage).
    expect(sent!.raw).not.toContain('Seaside Cottage');
  });

  it('unwraps an answer fenced as ```json', async () => {
    standIn.behaviour = 'fenced';
    expect((await ask(guidebook.token, TOWELS)).body).toMatchObject({ answer: NAMED, kind: 'model' });
  });

  it('is not asked for a question no passage answers, nor one about a secret', async () => {
    expect((await ask(guidebook.token, 'Is there a sauna?')).body.kind).toBe('none');
    expect((await ask(guidebook.token, "What's the door code?")).body.kind).not.toBe('model');
    expect(standIn.requests).toHaveLength(0);
    expect(usage(gold.teamId)).toBe(0);
  });
});

describe('an answer not used: the passages, never an error, and the answer given back', () => {
  const failures: Behaviour[] = ['unknown-source', 'empty', 'not-json', 'length', 'html', 'link', 'leak', 'timeout', 'fail', 'rate-limited', 'redirect', 'huge'];

  it.each(failures)('%s → the embedded answer', async (behaviour) => {
    standIn.behaviour = behaviour;
    standIn.leak = demoInstruction.code;
    const asked = await ask(guidebook.token, TOWELS);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ answer: EMBEDDED, sources: [{ section: 'check-in', anchor: 'ci-1735689600002', title: 'Check-in, step 3: Make yourself at home' }], handedOver: false, kind: 'passages' });
    expect(standIn.requests).toHaveLength(1);
    expect(usage(gold.teamId)).toBe(0);
    await until(() => server.logs.filter((line) => line.includes('model answer not used')).length, (count) => count > 0, 'the reason logged');
  });

  it('logs the reason, never the key or the question', async () => {
    standIn.behaviour = 'unknown-source';
    expect((await ask(guidebook.token, TOWELS)).body.kind).toBe('passages');
    await until(() => server.logs.some((line) => line.includes('"reason":"sources"')), Boolean, 'the reason logged');
    const logs = server.logs.join('\n');
    expect(logs).not.toContain(standIn.apiKey);
    expect(logs).not.toContain(TOWELS);
    expect(logs).toContain(`answers written by ${MODEL} at http://127.0.0.1`);
  });
});

describe('the month’s model answers per plan', () => {
  it('never calls the model for a Free team', async () => {
    const free = await signedInHost(server, 'free');
    const book = await createGuidebook(free, 'Free Cottage');
    expect((await ask(book.token, TOWELS)).body.kind).toBe('passages');
    expect(standIn.requests).toHaveLength(0);
    const insights = await free.call(`/api/instruction/${book._id}/insights?days=7`);
    expect(((await insights.json()) as Insights).questions.modelAnswers).toBeNull();
  });

  it('stops a Gold team at 300 in the month, even under concurrent questions, and a new month starts again', async () => {
    const month = new Date().toISOString().slice(0, 7);
    run(server, 'INSERT INTO assistant_usage (team_id, month, answers) VALUES (?, ?, 295)', gold.teamId, month);
    const answers = await Promise.all(Array.from({ length: 12 }, () => ask(guidebook.token, TOWELS)));
    expect(answers.map((asked) => asked.status)).toEqual(Array(12).fill(200));
    expect(answers.filter((asked) => asked.body.kind === 'model')).toHaveLength(5);
    expect(answers.filter((asked) => asked.body.kind === 'passages')).toHaveLength(7);
    expect(standIn.requests).toHaveLength(5);
    expect(usage(gold.teamId)).toBe(300);
    // Last month's row is not this month's.
    run(server, 'UPDATE assistant_usage SET month = ? WHERE team_id = ?', '2000-01', gold.teamId);
    expect((await ask(guidebook.token, TOWELS)).body.kind).toBe('model');
  });

  it('gives back a failed call’s answer, so a failing provider does not use the month', async () => {
    const month = new Date().toISOString().slice(0, 7);
    run(server, 'INSERT INTO assistant_usage (team_id, month, answers) VALUES (?, ?, 299)', gold.teamId, month);
    standIn.behaviour = 'fail';
    expect((await ask(guidebook.token, TOWELS)).body.kind).toBe('passages');
    expect(usage(gold.teamId)).toBe(299);
    standIn.behaviour = 'answer';
    expect((await ask(guidebook.token, TOWELS)).body.kind).toBe('model');
    expect((await ask(guidebook.token, TOWELS)).body.kind).toBe('passages');
    expect(usage(gold.teamId)).toBe(300);
  });
});

describe('what the guest is told (art. 50)', () => {
  it('says under the field that a machine writes the answers, in the page’s language, only where the plan has model answers', async () => {
    const page = await (await server.request(`/instruction/${guidebook.token}`)).text();
    expect(page).toContain('Answers are written by a machine (AI) from this guidebook only. Check important details with your host.');
    expect(page).toContain('aria-describedby="ask-machine"');
    const german = await createGuidebook(gold, 'Haus am Meer', { language: 'de' });
    expect(await (await server.request(`/instruction/${german.token}`)).text()).toContain('Antworten schreibt eine Maschine (KI), nur aus dieser Gästemappe.');
    const free = await signedInHost(server, 'free');
    const book = await createGuidebook(free, 'Free Cottage');
    const freePage = await (await server.request(`/instruction/${book.token}`)).text();
    expect(freePage).toContain('id="ask-question"');
    expect(freePage).not.toContain('ask-machine');
  });
});
