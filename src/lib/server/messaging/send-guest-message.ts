import { guestWords, type GuestWords } from '@shared/guest-words/index.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import { teamContact } from '../account/team-contact.ts';
import { verifyTurnstile } from '../http/verify-turnstile.ts';
import { AppError } from '../http/app-error.ts';
import { guestTooMany } from '../http/guest-language.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { consumeRateLimits, rateRules } from '../http/rate-limit.ts';
import { getRuntime } from '../platform/runtime.ts';
import { findGuestTarget } from '../guidebook/find-guest-target.ts';

export interface SendGuestMessageOptions {
  /** The guidebook's or the stay's token: the page the guest writes from. */
  token: string;
  name: string;
  email: string;
  message: string;
  turnstileToken?: string | undefined;
  ip: string;
  /** The guest's language: every refusal is said in it. */
  words?: GuestWords;
}

/**
 * The guest page's "Message your host": a plain-text mail to the host's account address
 * through the outbox, the guest's address (if given) in Reply-To, never From. Limited per address
 * and per guidebook; on a public link a configured captcha must pass too, while a stay link (one
 * booking's, unguessable) needs none. The host's address is never shown to the guest.
 */
export async function sendGuestMessage({ token, name, email, message, turnstileToken, ip, words = guestWords() }: SendGuestMessageOptions): Promise<void> {
  const now = Date.now();
  const { guidebook, stay } = await findGuestTarget(token, now, words);
  const tooMany = guestTooMany(words, 'api.tooManyMessages');
  const { db, outbox, config, log } = await getRuntime();
  // The address is counted before the captcha is asked, so a flood cannot make us call Cloudflare
  // for each try; the link's own budget only once it passed, so bots that fail it cannot spend
  // what real guests need, and each stay link has a budget of its own (rate-limit.ts).
  await consumeRateLimits([rateRules.guestMessageIp(ip)], now, tooMany);
  if (!stay && !(await verifyTurnstile({ config, log, token: turnstileToken ?? '', ip }))) throw new AppError('BAD_REQUEST', words['contact.captchaRequired']);
  await consumeRateLimits([stay ? rateRules.guestMessageStay(stay.id) : rateRules.guestMessageGuidebook(guidebook.id)], now, tooMany);
  const host = await teamContact(db, guidebook.team_id);
  if (!host) throw new AppError('NOT_FOUND', words['api.notFound']);
  const content = parseStoredContent(guidebook.data);
  const title = oneLine(content.nameInstruction) || 'your guidebook';
  const from = oneLine(name);
  const outboxId = await outbox.enqueue(
    {
      to: host.email,
      ...(email ? { replyTo: email } : {}),
      subject: `Message from a guest of ${title}: ${from}`.slice(0, 150),
      // Plain text only: nothing a guest typed is ever turned into HTML.
      text: [
        `${from} wrote to you from the guidebook "${title}".`,
        ...(stay
          ? [`Stay: ${oneLine(stay.guest_name) || 'no name given'}, ${formatStayTime(stay.check_in, content.timeZone)} – ${formatStayTime(stay.check_out, content.timeZone)}`]
          : ['Sent from the guidebook’s public link.']),
        email ? `Reply to: ${email} (answering this mail reaches them)` : 'They left no e-mail address: answer them through your booking platform.',
        '',
        message,
        '',
        '— Porchlight',
        '',
      ].join('\n'),
    },
    db,
  );
  outbox.kick();
  log.info({ instructionId: guidebook.id, stayId: stay?.id, outboxId }, 'guest message: mail to the host queued');
}

function oneLine(value: string): string {
  return value.replace(/[\s\p{Cc}]+/gu, ' ').trim();
}
