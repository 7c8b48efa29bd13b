import type { GuestWords } from '@shared/guest-words/index.ts';
import type { Extra } from '@shared/schemas/instruction.ts';
import type { OrderRequest } from '@shared/schemas/order.ts';
import { AppError } from '../http/app-error.ts';
import { rateRules, type RateRule } from '../rate-limit.ts';

/**
 * Orders from a guidebook's public link (docs/decisions/020, public-link orders), when its host
 * offers extras there (`extrasOnPublicLink`): items only, since a late check-out or early check-in
 * moves a stay's times and the public link has no stay; the guest gives a name and an e-mail,
 * which the stay would otherwise have given.
 */

/** Who orders on the public link, or a 400 naming the field missing in the guest's `words` (the schema checked their shape). */
export function publicLinkGuest(extra: Extra, input: OrderRequest, words: GuestWords): { name: string; email: string } {
  if (extra.kind !== 'item') throw new AppError('BAD_REQUEST', words['api.needsStay']);
  if (input.guestName === undefined) throw new AppError('BAD_REQUEST', words['contact.nameRequired']);
  if (input.guestEmail === undefined) throw new AppError('BAD_REQUEST', words['api.emailRequired']);
  return { name: input.guestName, email: input.guestEmail };
}

/**
 * The limits a public-link order takes: per address as on a stay link, per guidebook (a stranger
 * cannot flood a host's mailbox from many addresses), and per guest address (nor a stranger's
 * inbox with "your request reached your host").
 */
export function publicLinkRules({ ip, guidebookId, email }: { ip: string; guidebookId: string; email: string }): RateRule[] {
  return [rateRules.extraRequestIp(ip), rateRules.extraRequestGuidebook(guidebookId), rateRules.extraRequestEmail(email.toLowerCase())];
}
