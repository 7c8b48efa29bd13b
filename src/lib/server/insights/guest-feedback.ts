import { nanoid } from 'nanoid';
import { guestWords, type GuestWords } from '@shared/guest-words/index.ts';
import { messages } from '@shared/messages.ts';
import { GUEST_FEEDBACK_EDIT_MS, type GuestFeedback } from '@shared/schemas/guest-feedback.ts';
import { teamContact } from '../account/team-contact.ts';
import { generateToken, hashToken } from '../http/session-token.ts';
import { AppError } from '../http/app-error.ts';
import { guestTooMany } from '../http/guest-language.ts';
import type { TeamScope } from '../account/team-access.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { findGuestTarget } from '../guidebook/find-guest-target.ts';
import { rulesFor } from '../guidebook/channel-rules.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';

/** Answers listed in the insights: the newest a host reads on one screen. */
const MAX_LISTED = 100;

/**
 * The guidebook and stay of a guest token whose guests are asked "Was this guidebook helpful?": 404
 * in the guest's words when the rule of the stay's channel (or of the public link) does not ask
 * it (docs/decisions/028 §10), as the page does not.
 */
async function askingTarget(token: string, now: number, words: GuestWords) {
  const target = await findGuestTarget(token, now, words);
  const content = parseStoredContent(target.guidebook.data);
  if (!rulesFor(content, target.stay ? target.stay.channel : 'link').feedback) throw new AppError('NOT_FOUND', words['api.feedbackNotAsked']);
  return target;
}

/**
 * A guest's "Was this guidebook helpful?" (docs/product/insights.md): yes or no and an optional
 * comment (already cleaned by guestFeedbackSchema), stored for the guidebook's host, with the stay
 * on a stay link, in the page's language. Nothing about the guest is kept (docs/security.md 36):
 * the address only counts against the limits, per address and per link.
 *
 * The guest page sends the tap alone, so an answer is kept even when no comment follows; the
 * answer's `editToken` (only its hash is stored) lets that guest add the comment, or change the
 * answer, for GUEST_FEEDBACK_EDIT_MS (editGuestFeedback), outside the limits the tap counted against.
 */
export async function submitGuestFeedback({ token, helpful, comment, ip, words = guestWords(), now = Date.now() }: { token: string; helpful: boolean; comment: string; ip: string; words?: GuestWords; now?: number }): Promise<{ id: string; editToken: string }> {
  const { guidebook, stay } = await askingTarget(token, now, words);
  await consumeRateLimits([rateRules.guestFeedbackIp(ip), rateRules.guestFeedbackLink(stay ? stay.id : guidebook.id)], now, guestTooMany(words, 'api.tooManyFeedback'));
  const { db, log } = await getRuntime();
  const id = nanoid();
  const editToken = generateToken();
  // The row records the team's owner as its host (docs/decisions/028-teams.md §3); the team decides.
  const owner = await teamContact(db, guidebook.team_id);
  await db
    .insertInto('guest_feedback')
    .values({ id, user_id: owner?.userId ?? guidebook.user_id, team_id: guidebook.team_id, instruction_id: guidebook.id, stay_id: stay?.id ?? null, helpful: helpful ? 1 : 0, comment, language: words['locale.lang'], created_at: now, digested_at: null, edit_token_hash: hashToken(editToken) })
    .execute();
  log.info({ instructionId: guidebook.id, stayId: stay?.id, feedbackId: id }, 'guest feedback stored');
  return { id, editToken };
}

/**
 * PATCH /api/guest/:token/feedback: the comment that follows the tap, or Yes changed to No, on the
 * answer the tap recorded. Only with that answer's token, from the link it was sent from, within
 * GUEST_FEEDBACK_EDIT_MS and before the daily mail listed it; anything else answers 404
 * `api.feedbackClosed`, whichever it was, so a stranger learns nothing of other answers.
 */
export async function editGuestFeedback({ token, id, editToken, helpful, comment, words = guestWords(), now = Date.now() }: { token: string; id: string; editToken: string; helpful?: boolean; comment?: string; words?: GuestWords; now?: number }): Promise<void> {
  const { guidebook, stay } = await askingTarget(token, now, words);
  const { db } = await getRuntime();
  // The schema lets no edit through with nothing to change.
  const changes = { ...(helpful === undefined ? {} : { helpful: helpful ? 1 : 0 }), ...(comment === undefined ? {} : { comment }) };
  let query = db
    .updateTable('guest_feedback')
    .set(changes)
    .where('id', '=', id)
    .where('instruction_id', '=', guidebook.id)
    .where('edit_token_hash', '=', hashToken(editToken))
    .where('digested_at', 'is', null)
    .where('created_at', '>', now - GUEST_FEEDBACK_EDIT_MS);
  query = stay ? query.where('stay_id', '=', stay.id) : query.where('stay_id', 'is', null);
  const updated = await query.executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0) throw new AppError('NOT_FOUND', words['api.feedbackClosed']);
}

/** The guidebook's answers since `from` (epoch ms), newest first, at most MAX_LISTED. */
export async function listGuestFeedback(instructionId: string, from: number): Promise<GuestFeedback[]> {
  const { db } = await getRuntime();
  const rows = await db
    .selectFrom('guest_feedback')
    .leftJoin('stays', 'stays.id', 'guest_feedback.stay_id')
    .select(['guest_feedback.id', 'guest_feedback.helpful', 'guest_feedback.comment', 'guest_feedback.language', 'guest_feedback.created_at', 'guest_feedback.stay_id', 'stays.guest_name'])
    .where('guest_feedback.instruction_id', '=', instructionId)
    .where('guest_feedback.created_at', '>=', from)
    .orderBy('guest_feedback.created_at', 'desc')
    .orderBy('guest_feedback.id', 'desc')
    .limit(MAX_LISTED)
    .execute();
  return rows.map((row) => ({
    _id: row.id,
    helpful: row.helpful === 1,
    comment: row.comment,
    language: row.language,
    createdAt: new Date(row.created_at).toISOString(),
    stay: row.stay_id ? { _id: row.stay_id, guestName: row.guest_name ?? '' } : null,
  }));
}

/** DELETE /api/instruction/:id/feedback/:feedbackId: the team's, else 404 (the guidebook's or the answer's). */
export async function deleteGuestFeedback({ access, id, feedbackId }: { access: TeamScope; id: string; feedbackId: string }): Promise<void> {
  const instruction = await findTeamGuidebook({ access, id });
  const { db } = await getRuntime();
  const deleted = await db.deleteFrom('guest_feedback').where('id', '=', feedbackId).where('instruction_id', '=', instruction.id).where('team_id', '=', access.teamId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new AppError('NOT_FOUND', messages.guestFeedback.notFound);
}
