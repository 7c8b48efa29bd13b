import { assistantAnswersPerMonth } from '@shared/plans.ts';
import type { AskAnswer } from '@shared/schemas/guest-ask.ts';
import { getTeamPlan } from '../account/team-plan.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { getRuntime } from '../platform/runtime.ts';
import { askModel } from './model-answer.ts';
import { giveBackModelAnswer, takeModelAnswer } from './quota.ts';
import type { Found } from './retrieve.ts';

/**
 * Whether a model writes this answer, and the answer it wrote (docs/decisions/031 §7, §12): only
 * with a model configured, on a plan with model answers, with one of the team's answers of the
 * month left (taken before the call, atomically), for passages retrieval found good. The secrets
 * the sanitiser looks for are read here, once (the passages were scrubbed at the index's build and
 * the model never gets a secret). A model answer not shown gives its answer back and is logged with
 * its reason (never the question); the guest gets the passages, never an error.
 */

export interface ModelTurn {
  teamId: string;
  guidebookId: string;
  question: string;
  language: string;
  passages: readonly Found[];
  now: number;
}

/** The door code, the Wi-Fi password and the PIN of the guidebook as stored. */
async function secretsOf(guidebookId: string): Promise<string[]> {
  const { db } = await getRuntime();
  const row = await db.selectFrom('instructions').select('data').where('id', '=', guidebookId).executeTakeFirst();
  if (!row) return [];
  const content = parseStoredContent(row.data);
  return [content.code, content.wifiPassword, content.secretsPin].map((value) => value.trim()).filter((value) => value !== '');
}

/** The model's answer, or null: no model, no answers left, or an answer not shown (the passages answer). */
export async function modelTurn(turn: ModelTurn): Promise<AskAnswer | null> {
  const { config, db, log } = await getRuntime();
  if (!config.assistant || turn.passages.length === 0) return null;
  const limit = assistantAnswersPerMonth[await getTeamPlan(turn.teamId)];
  if (!(await takeModelAnswer(db, turn.teamId, limit, turn.now))) return null;
  let result: Awaited<ReturnType<typeof askModel>>;
  try {
    result = await askModel(config.assistant, turn.question, turn.language, turn.passages, await secretsOf(turn.guidebookId));
  } catch (error) {
    log.warn({ err: error, guidebookId: turn.guidebookId }, 'assistant: the model answer failed');
    result = { ok: false, reason: 'http' };
  }
  if (result.ok) return { answer: result.answer, sources: result.sources, handedOver: false, kind: 'model' };
  log.info({ reason: result.reason, guidebookId: turn.guidebookId, language: turn.language, questionLength: turn.question.length }, 'assistant: model answer not used, passages shown');
  await giveBackModelAnswer(db, turn.teamId, turn.now).catch((error: unknown) => log.warn({ err: error }, 'assistant: could not give a model answer back'));
  return null;
}
