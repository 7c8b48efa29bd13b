import type { GuestWords } from '@shared/guest-words/index.ts';
import type { Extra } from '@shared/schemas/instruction.ts';
import type { OrderRequest } from '@shared/schemas/order.ts';
import { AppError } from '../../http/app-error.ts';
import { rateRules, type RateRule } from '../../http/rate-limit.ts';

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
 * The limits a public-link order takes when asked for: per address as on a stay link, and per
 * guest e-mail (nor a stranger's inbox with confirmation mails; the mail budget holds too). The
 * per-guidebook limit, which keeps the host's mailbox, is taken only when the guest confirms
 * (`publicLinkConfirmRules`): strangers who never confirm cannot use up real guests' requests.
 */
export function publicLinkRules({ ip, email }: { ip: string; email: string }): RateRule[] {
  return [rateRules.extraRequestIp(ip), rateRules.extraRequestEmail(email.toLowerCase())];
}

/** The limit a confirmed public-link order takes: per guidebook, as it now reaches the host. */
export function publicLinkConfirmRules(guidebookId: string): RateRule[] {
  return [rateRules.extraRequestGuidebook(guidebookId)];
}
