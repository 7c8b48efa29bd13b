import type { RuleAudience } from '@shared/channels.ts';
import { askAnswerWords, fillAnswer, type AskAnswerWords } from '@shared/guest-words/ask-answer-words.ts';
import type { AskSection } from '@shared/guest-words/ask-words.ts';
import { waitWords, type GuestWords } from '@shared/guest-words/index.ts';
import type { AskAnswer, AskKind } from '@shared/schemas/guest-ask.ts';
import { findGuestTarget } from '../guidebook/find-guest-target.ts';
import { rateLimitedError, rateRules, takeRateSlots } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import type { PageIndex } from './build-index.ts';
import { embeddedAnswer } from './embedded-answer.ts';
import { modelTurn } from './model-turn.ts';
import { countAnswered, recordUnanswered } from './questions.ts';
import { retrieve } from './retrieve.ts';
import { sanitizeEmbedded } from './sanitize-answer.ts';
import { secretAnswer } from './secret-answer.ts';
import { secretTopicOf } from './secret-questions.ts';

/**
 * POST /api/guest/:token/ask's work (docs/decisions/031 §10), in its order: the link → the limits'
 * slots (before the search, so a flood costs a row update) → the page variant's index (memory,
 * store, or built) → a question about a secret? → retrieve → the model's answer where the plan
 * and the month allow (model-turn.ts), else the embedded one → sanitise → count → answer. On a
 * guidebook's public link whose index is loaded no guidebook table is read (the index's header
 * names the team and the guidebook) unless the model answers (the plan, the month, the secrets).
 */

/** A page variant's index, found by the guest pages (guest-pages/serve/page-index.ts; assistant/ imports no guest-pages/). */
export interface PageIndexes {
  /** The loaded index of the variant, or null: no read. */
  loaded(token: string, language: string): PageIndex | null;
  /** The variant's index, from memory, the store or the database; null for no guidebook or one too large. */
  index(token: string, language: string): Promise<PageIndex | null>;
}

export interface AskRequest {
  token: string;
  question: string;
  /** The page's language, as the box sends it (`Accept-Language`). */
  language: string;
  ip: string;
  words: GuestWords;
  pages: PageIndexes;
  now?: number;
}

/** What the insights count of one answer (slice 4): the answering section, or the one that nearly answered. */
export interface AskOutcome {
  teamId: string;
  guidebookId: string;
  language: string;
  kind: AskKind;
  /** The section that answered (`access` or `wifi` for a secret); null when handed over. */
  section: AskSection | 'access' | null;
  /** When handed over: the best passage's section, if its score reached half the threshold (§13). */
  suggestedSection: AskSection | null;
}

interface Target {
  token: string;
  teamId: string;
  guidebookId: string;
  /** What the rate limits count per link: the guidebook's id for its public link, the stay's for a stay link. */
  link: string;
  audience: RuleAudience;
  held: PageIndex | null;
}

/** The guidebook (or stay) `token` opens; 404/410 in the guest's words. No read when the public link's index is loaded. */
async function targetOf({ token, language, words, pages, now }: AskRequest & { now: number }): Promise<Target> {
  const held = pages.loaded(token, language);
  if (held) return { token, teamId: held.header.teamId, guidebookId: held.header.guidebookId, link: held.header.guidebookId, audience: 'link', held };
  const { guidebook, stay } = await findGuestTarget(token, now, words);
  return { token: guidebook.token, teamId: guidebook.team_id, guidebookId: guidebook.id, link: stay ? stay.id : guidebook.id, audience: stay ? (stay.channel as RuleAudience) : 'link', held: null };
}

async function takeSlots(target: Target, ip: string, words: AskAnswerWords, guest: GuestWords, now: number): Promise<void> {
  const { config } = await getRuntime();
  const take = await takeRateSlots([rateRules.askLinkAddress(target.link, ip), rateRules.askIp(ip), rateRules.askLink(target.link, config.assistantQuestionsPerLinkDay)], now);
  if (!take.ok) throw rateLimitedError(take.retryAfterMs, (minutes) => fillAnswer(words.tooMany, { wait: waitWords(guest, minutes) }));
}

/** The handed-over answer: "Your host hasn't written about this yet." */
function handOver(words: AskAnswerWords): AskAnswer {
  return { answer: words.notWritten, sources: [], handedOver: true, kind: 'none' };
}

/** The answer to a guest's question, and what the insights count of it. */
export async function askGuidebook(request: AskRequest): Promise<{ answer: AskAnswer; outcome: AskOutcome }> {
  const now = request.now ?? Date.now();
  const words = askAnswerWords(request.language);
  const target = await targetOf({ ...request, now });
  await takeSlots(target, request.ip, words, request.words, now);
  const index = target.held ?? (await request.pages.index(target.token, request.language));
  const language = index?.header.language ?? request.language;
  const base = { teamId: target.teamId, guidebookId: target.guidebookId, language };
  let answer: AskAnswer;
  let outcome: AskOutcome;
  const topic = index ? secretTopicOf(request.question) : null;
  if (!index) {
    answer = handOver(words);
    outcome = { ...base, kind: 'none', section: null, suggestedSection: null };
  } else if (topic) {
    answer = secretAnswer(topic, index, words, request.words, target.audience) ?? handOver(words);
    outcome = { ...base, kind: answer.kind, section: answer.sources[0]?.section ?? null, suggestedSection: null };
  } else {
    const found = retrieve(index.search, request.question, language, target.audience);
    const written = found.good ? await modelTurn({ ...base, question: request.question, passages: found.passages, now }) : null;
    const embedded = found.good && !written ? embeddedAnswer(found.passages, words) : null;
    const text = embedded && sanitizeEmbedded(embedded.answer);
    answer = written ?? (embedded && text ? { answer: text, sources: embedded.sources, handedOver: false, kind: 'passages' } : handOver(words));
    const best = found.passages[0];
    const near = !answer.handedOver ? null : best && found.perTerm >= found.threshold / 2 ? best.section : null;
    const section = written ? (written.sources[0]?.section ?? null) : (best?.section ?? null);
    outcome = { ...base, kind: answer.kind, section: answer.handedOver ? null : section, suggestedSection: near };
  }
  await countOutcome(outcome, answer.handedOver, request.question, now);
  return { answer, outcome };
}

/**
 * The insights' "Questions guests asked" (docs/decisions/031 §13): an answer is a count in memory;
 * a handed-over question one row, masked. `teamId` and `guidebookId` name the guidebook, never the
 * stay or the guest. A row that cannot be written is logged, and the guest still gets the answer.
 */
async function countOutcome(outcome: AskOutcome, handedOver: boolean, question: string, now: number): Promise<void> {
  const { teamId, guidebookId, language, kind, section, suggestedSection } = outcome;
  if (!handedOver && section && kind !== 'none') {
    countAnswered({ teamId, guidebookId, language, section, kind }, now);
    return;
  }
  if (!handedOver) return;
  const { db, log } = await getRuntime();
  await recordUnanswered(db, { teamId, guidebookId, language, question, suggestedSection }, now).catch((error: unknown) => log.warn({ err: error, guidebookId }, 'questions: could not keep an unanswered question'));
}
