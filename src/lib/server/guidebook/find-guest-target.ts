import type { InstructionsTable, StaysTable } from '@db/schema.ts';
import { GUEST_TOKEN } from '@shared/guest-token.ts';
import { guestWords, type GuestWords } from '@shared/guest-words/index.ts';
import { AppError } from '../http/app-error.ts';
import { getRuntime } from '../platform/runtime.ts';
import { effectiveStayTimes, stayLinkEndsAt } from './stay-window.ts';

/**
 * The guidebook (and stay, on a stay link) a guest token opens; 404 for neither, 410 for an ended
 * stay, said in the guest's `words` (English: what messages.ts says).
 */
export async function findGuestTarget(token: string, now: number, words: GuestWords = guestWords()): Promise<{ guidebook: InstructionsTable; stay: StaysTable | null }> {
  const notFound = () => new AppError('NOT_FOUND', words['api.notFound']);
  if (!GUEST_TOKEN.test(token)) throw notFound();
  const { db, config } = await getRuntime();
  const guidebook = await db.selectFrom('instructions').selectAll().where('token', '=', token).where('deleted_at', 'is', null).executeTakeFirst();
  if (guidebook) return { guidebook, stay: null };
  const stay = await db.selectFrom('stays').selectAll().where('token', '=', token).executeTakeFirst();
  if (!stay) throw notFound();
  if (now >= stayLinkEndsAt(effectiveStayTimes(stay), config.stayLinkDays)) throw new AppError('GONE', words['stayEnded.title']);
  const owner = await db.selectFrom('instructions').selectAll().where('id', '=', stay.instruction_id).where('deleted_at', 'is', null).executeTakeFirst();
  if (!owner) throw notFound();
  return { guidebook: owner, stay };
}
