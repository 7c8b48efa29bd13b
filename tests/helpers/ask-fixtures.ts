import { expect } from 'vitest';
import type { AskAnswer } from '../../src/lib/shared/schemas/guest-ask.ts';
import type { Instruction } from '../../src/lib/shared/schemas/instruction.ts';
import type { Stay } from '../../src/lib/shared/schemas/stay.ts';
import { requestFrom, type SignedInHost } from './auth.ts';
import type { TestServer } from './server.ts';

/**
 * What the "Ask the guidebook" tests set up through the API (tests/assistant-ask.test.ts,
 * tests/assistant-model-corpora.test.ts): a host's guidebook, a stay on it, and the secrets check.
 */
const HOUR = 3_600_000;

/** A guidebook `host` creates ("Harbour Loft" unless `content` names it). */
export async function createGuidebookOf(host: SignedInHost, content: Record<string, unknown>): Promise<Instruction> {
  const created = await host.call('/api/instruction', { json: { nameInstruction: 'Harbour Loft', ...content } });
  expect(created.status).toBe(201);
  return ((await created.json()) as { instruction: Instruction }).instruction;
}

/** A stay from `fromDay` to `toDay` days from now (UTC), overlapping allowed. */
export async function addStayOf(host: SignedInHost, guidebook: Instruction, fromDay: number, toDay: number): Promise<Stay> {
  const day = (offset: number) => new Date(Date.now() + offset * 24 * HOUR).toISOString().slice(0, 10);
  const response = await host.call(`/api/instruction/${guidebook._id}/stays`, { json: { guestName: 'Lou', checkIn: `${day(fromDay)}T15:00`, checkOut: `${day(toDay)}T11:00`, allowOverlap: true } });
  expect(response.status).toBe(201);
  return ((await response.json()) as { stay: Stay }).stay;
}

/** The one of `secrets` that `text` holds, spaced or dashed as scrub.ts finds them, any case. */
export function secretIn(text: string, secrets: readonly string[]): string | undefined {
  const squeeze = (value: string) => value.toLowerCase().replace(/[\s\-–—._/]+/g, '');
  const squeezed = squeeze(text);
  return secrets.find((secret) => squeezed.includes(squeeze(secret)));
}

let address = 0;

/** POST /api/guest/:token/ask from a loopback address of its own each time (the per-address limits are then the test's). */
export async function askFrom(server: TestServer, token: string, question: string, language = 'en'): Promise<{ status: number; body: AskAnswer; raw: string }> {
  address += 1;
  const response = await requestFrom(server, `127.8.${Math.floor(address / 250)}.${(address % 250) + 1}`, `/api/guest/${token}/ask`, { question }, { 'accept-language': language });
  return { status: response.status, body: JSON.parse(response.body) as AskAnswer, raw: response.body };
}
