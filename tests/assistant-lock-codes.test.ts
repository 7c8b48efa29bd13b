import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import secretQuestions from './fixtures/assistant/secret-questions.json' with { type: 'json' };
import type { GuestSecrets } from '../src/lib/shared/guest-access.ts';
import type { LocksView } from '../src/lib/shared/schemas/locks.ts';
import type { Stay } from '../src/lib/shared/schemas/stay.ts';
import { instantToLocal } from '../src/lib/shared/time-zone.ts';
import { ok } from './helpers/answer.ts';
import { askFrom, createGuidebookOf, secretIn } from './helpers/ask-fixtures.ts';
import { startAssistantStandIn, type AssistantStandIn } from './helpers/assistant-standin.ts';
import { signedInHost, type SignedInHost } from './helpers/auth.ts';
import { startSeamStandIn, type SeamStandIn } from './helpers/seam-standin.ts';
import { startServer, type TestServer } from './helpers/server.ts';
import { until } from './helpers/until.ts';

/**
 * Where "Ask the guidebook" meets smart locks (docs/decisions/031 §8, docs/decisions/030 §8), over
 * real HTTP with the Seam stand-in and the model stand-in, on SQLite or PostgreSQL: on the stay
 * link of a locked guidebook, while the stay's own code is released by the secrets API, no question
 * (the secrets corpus, and questions the model answers) ever sends that code to the model or gets
 * it in an answer, on the stay link or the public link; a question about the code points to the
 * access section.
 */
const HOUR = 3_600_000;
let seam: SeamStandIn;
let model: AssistantStandIn;
let server: TestServer;
let host: SignedInHost;

beforeAll(async () => {
  seam = await startSeamStandIn();
  seam.autoAuthorize = true;
  model = await startAssistantStandIn();
  server = await startServer({
    NODE_ENV: 'test',
    SECRETS_KEY: 'ab'.repeat(32),
    SEAM_API_KEY: seam.apiKey,
    SEAM_API_URL: seam.url,
    ASSISTANT_URL: model.url,
    ASSISTANT_API_KEY: model.apiKey,
    ASSISTANT_MODEL: 'standin-model',
    ASSISTANT_QUESTIONS_PER_LINK_DAY: '100000',
  });
  host = await signedInHost(server, 'premium', { freshTeam: true });
});

afterAll(async () => {
  await server?.stop();
  await model?.close();
  await seam?.close();
});

function ask(token: string, question: string) {
  return askFrom(server, token, question);
}

describe('a stay’s lock code and the assistant', () => {
  it('never sends the stay’s lock code to the model nor answers with it; a question about it points to the access section', async () => {
    const guidebook = await createGuidebookOf(host, {
      nameInstruction: 'Lock Loft',
      secretsPolicy: 'stay',
      timeZone: 'UTC',
      boxes: [{ id: 21, title: 'At the door', paragraph: '<p>Wake the keypad with your palm, type your code, then press the tick.</p>', imageUrl: '' }],
    });
    const { attemptId } = await ok<{ attemptId: string }>(host.call('/api/team/locks/connect', { method: 'POST' }), 201);
    await ok(host.call(`/api/team/locks/connect/${attemptId}/complete`, { method: 'POST' }));
    const frontDoor = (await ok<LocksView>(host.call('/api/team/locks'))).accounts[0]!.devices.find((device) => device.name === 'Front door')!.id;
    await ok(host.call(`/api/team/locks/devices/${frontDoor}/assignment`, { method: 'PUT', json: { instructionId: guidebook._id } }));
    const checkIn = Date.now() + 2 * HOUR;
    const stay = (
      await ok<{ stay: Stay }>(host.call(`/api/instruction/${guidebook._id}/stays`, { json: { guestName: 'Dana Scully', checkIn: instantToLocal(checkIn, 'UTC'), checkOut: instantToLocal(checkIn + 2 * 24 * HOUR, 'UTC'), allowOverlap: true } }), 201)
    ).stay;
    // The lock confirmed the stay's code, and the guest's secrets API releases it: the code is live.
    const released = await until(
      () => fetch(`${server.url}/api/guest/${stay.token}/secrets`).then((response) => response.json() as Promise<GuestSecrets>),
      (answer) => answer.code !== '',
      'the stay’s code released',
    );
    const lockCode = released.code;
    expect(lockCode).toMatch(/^\d{4,8}$/);

    model.requests.length = 0;
    const behaviours = ['answer', 'echo'] as const;
    const questions = ['How do I wake the keypad?', 'What do I press after typing?', ...secretQuestions.questions.map((entry) => entry.question)];
    let modelAnswers = 0;
    for (const [index, question] of questions.entries()) {
      model.behaviour = behaviours[index % behaviours.length]!;
      for (const token of [stay.token, guidebook.token]) {
        const asked = await ask(token, question);
        expect(asked.status, question).toBe(200);
        expect(secretIn(asked.raw, [lockCode]), `${question}: ${asked.raw}`).toBeUndefined();
        if (asked.body.kind === 'model') modelAnswers += 1;
      }
    }
    expect(modelAnswers).toBeGreaterThan(0);
    expect(model.requests.length).toBeGreaterThan(0);
    for (const request of model.requests) expect(secretIn(request.raw, [lockCode]), request.raw).toBeUndefined();

    const doorCode = await ask(stay.token, 'What is the door code?');
    expect(doorCode.body.sources.map((source) => source.section)).toContain('access');
    expect(doorCode.body.answer).not.toContain(lockCode);
  });
});
