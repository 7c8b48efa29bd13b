import { nanoid } from 'nanoid';
import { guestWords, type GuestWords } from '@shared/guest-words/index.ts';
import { messages } from '@shared/messages.ts';
import type { GuestFeedback } from '@shared/schemas/guest-feedback.ts';
import { AppError } from '../http/app-error.ts';
import { guestTooMany } from '../http/guest-language.ts';
import { findOwnedInstruction } from '../instructions/find-owned-instruction.ts';
import { consumeRateLimits, rateRules } from '../rate-limit.ts';
import { getRuntime } from '../runtime.ts';
import { findGuestTarget } from '../stays/reveal-secrets.ts';

/** Answers listed in the insights: the newest a host reads on one screen. */
const MAX_LISTED = 100;

/**
 * A guest's "Was this guidebook helpful?" (docs/product.md "Insights"): yes or no and an optional
 * comment (already cleaned by guestFeedbackSchema), stored for the guidebook's host, with the stay
 * on a stay link, in the page's language. Nothing about the guest is kept (docs/security.md 36):
 * the address only counts against the limits, per address and per link.
 */
export async function submitGuestFeedback({ token, helpful, comment, ip, words = guestWords(), now = Date.now() }: { token: string; helpful: boolean; comment: string; ip: string; words?: GuestWords; now?: number }): Promise<void> {
  const { guidebook, stay } = await findGuestTarget(token, now, words);
  await consumeRateLimits([rateRules.guestFeedbackIp(ip), rateRules.guestFeedbackLink(stay ? stay.id : guidebook.id)], now, guestTooMany(words, 'api.tooManyFeedback'));
  const { db, log } = await getRuntime();
  const id = nanoid();
  await db
    .insertInto('guest_feedback')
    .values({ id, user_id: guidebook.user_id, instruction_id: guidebook.id, stay_id: stay?.id ?? null, helpful: helpful ? 1 : 0, comment, language: words['locale.lang'], created_at: now, digested_at: null })
    .execute();
  log.info({ instructionId: guidebook.id, stayId: stay?.id, feedbackId: id }, 'guest feedback stored');
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

/** DELETE /api/instruction/:id/feedback/:feedbackId: the owner's, else 404 (the guidebook's or the answer's). */
export async function deleteGuestFeedback({ userId, id, feedbackId }: { userId: string; id: string; feedbackId: string }): Promise<void> {
  const instruction = await findOwnedInstruction({ userId, id });
  const { db } = await getRuntime();
  const deleted = await db.deleteFrom('guest_feedback').where('id', '=', feedbackId).where('instruction_id', '=', instruction.id).where('user_id', '=', userId).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw new AppError('NOT_FOUND', messages.guestFeedback.notFound);
}
