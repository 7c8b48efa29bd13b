import { messages } from '@shared/messages.ts';
import { AppError } from '../http/app-error.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { consumeRateLimits, rateLimitedError, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { enqueueGuestMail } from '../http/mail-budget.ts';
import { stayMail } from './stay-mail.ts';
import { stayUrl } from './stay-link.ts';
import { type Owned, ownedStay } from './owned-stay.ts';

/**
 * POST /api/instruction/:id/stays/:stayId/send: the stay's link by e-mail through the outbox, to
 * `email` or the stay's guest (stay-mail.ts: the link and the dates, never a secret). Same limits
 * as sharing a guidebook link.
 */
export async function sendStayLink(scope: Owned & { stayId: string; userName: string; email: string | undefined; ip: string }): Promise<{ to: string }> {
  const guidebook = await findTeamGuidebook(scope);
  const stay = await ownedStay(scope);
  const to = scope.email || stay.guest_email;
  if (!to) throw new AppError('BAD_REQUEST', messages.stays.noEmail);
  await consumeRateLimits([rateRules.shareUser(scope.access.teamId), rateRules.shareIp(scope.ip)], Date.now(), messages.sharing.tooManyMails);
  const { db, outbox, config, log } = await getRuntime();
  const stored = parseStoredContent(guidebook.data);
  const mail = stayMail({ to, stored, stay, userName: scope.userName, url: stayUrl(config, stay.token), kind: 'link' });
  // One budget for every mail a host can cause to an address, whichever route (docs/security.md 37).
  const sent = await enqueueGuestMail(outbox, db, mail, scope.access.teamId);
  if (!sent.queued) throw rateLimitedError(sent.retryAfterMs, messages.stays.tooManyMails);
  const outboxId = sent.id;
  outbox.kick();
  log.info({ teamId: scope.access.teamId, stayId: stay.id, outboxId }, 'stays: stay link mail queued');
  return { to };
}
