import { messages } from '@shared/messages.ts';
import { translatedContent } from '@shared/translations.ts';
import type { TeamAccess } from '../account/team-access.ts';
import { findTeamGuidebook } from '../guidebook/find-team-guidebook.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { consumeRateLimits, rateLimitedError, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { guestLinkMail } from '../guidebook/guest-link-mail.ts';
import { shareLanguage } from './share-language.ts';
import { guestUrl } from './guest-url.ts';
import { enqueueGuestMail } from '../http/mail-budget.ts';

export interface ShareInstructionByEmailOptions {
  /** The signed-in member; only their team's guidebooks can be sent (404 otherwise). */
  access: TeamAccess;
  /** Their account name: the sender's name when the guidebook names no host. */
  userName: string;
  id: string;
  /** The guest's address, validated and lower-cased by the shared schema. */
  email: string;
  ip: string;
  /** `?lang=`: the guidebook's language the link opens in (and its name and sentences are written in); null for the link that follows the guest's browser. */
  language?: string | null;
}

/**
 * POST /api/instruction/:id/share: mails the guest link to a guest through the durable outbox.
 * Ownership is checked before any counter moves (probing ids costs nothing and learns nothing);
 * then the limits per host, per address and per recipient (429 past them, nothing queued). Like
 * the QR code, a guidebook locked by the owner's plan can still be shared: its link works.
 */
export async function shareInstructionByEmail({ access, userName, id, email, ip, language = null }: ShareInstructionByEmailOptions): Promise<{ outboxId: number }> {
  const row = await findTeamGuidebook({ access, id });
  const stored = parseStoredContent(row.data);
  const chosen = shareLanguage(stored, language);
  await consumeRateLimits([rateRules.shareUser(access.teamId), rateRules.shareIp(ip)], Date.now(), messages.sharing.tooManyMails);

  const { db, outbox, config, log } = await getRuntime();
  const content = translatedContent(stored, chosen ?? stored.language).content;
  const mail = guestLinkMail({
    to: email,
    guidebookName: content.nameInstruction,
    hostName: content.hostName || userName,
    url: guestUrl(config, row.token, chosen),
    // The plain link's page follows the guest's browser, so its mail cannot guess their language: English.
    language: chosen ?? undefined,
  });
  // The queued row is the whole record of a share (nothing else to store with it in a transaction);
  // the outbox delivers it and retries through an SMTP outage. It spends the recipient's and the
  // host's daily mail budget, shared with every other mail a host can cause (docs/security.md 37).
  const sent = await enqueueGuestMail(outbox, db, mail, access.teamId);
  if (!sent.queued) throw rateLimitedError(sent.retryAfterMs, messages.sharing.tooManyMails);
  const outboxId = sent.id;
  outbox.kick();
  log.info({ teamId: access.teamId, instructionId: id, outboxId }, 'sharing: guest link mail queued');
  return { outboxId };
}
