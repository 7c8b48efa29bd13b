import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { InstructionsTable } from '@db/schema.ts';
import type { GuestSecrets, GuestSecretsRefusal } from '@shared/guest-access.ts';
import { guestWords, t, type GuestWords } from '@shared/guest-words/index.ts';
import { formatGuestDateTime } from '@shared/guest-dates.ts';
import { teamContact } from '../account/team-contact.ts';
import { wifiQrSvg } from '../guidebook/wifi-qr.ts';
import { guestTooMany } from '../http/guest-language.ts';
import { parseStoredContent } from '../guidebook/instruction-row.ts';
import { rateLimitedError, rateRules, takeRateSlots } from '../http/rate-limit.ts';
import { pinGuessingMail } from '../guidebook/pin-guessing.ts';
import { getRuntime } from '../platform/runtime.ts';
import { decideSecrets, effectiveStayTimes } from '../guidebook/stay-window.ts';
import { findGuestTarget } from '../guidebook/find-guest-target.ts';
import { guestDoorCode, type GuestDoorCode, type OfflineTimes } from '../locks/guest-code.ts';

export type RevealAnswer = { ok: true; secrets: GuestSecrets } | { ok: false; refusal: GuestSecretsRefusal };

/** Constant-time comparison of two short strings (a PIN must not leak through timing). */
function samePin(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /api/guest/:token/secrets (docs/decisions/013): the door code, the Wi-Fi password and its QR
 * code when the secrets policy lets this link see them now, else why not. A stay link never needs
 * the PIN: under `pin` it shows them in the stay's window, as under `stay`. On the public link a
 * PIN try takes its slots first (rate-limit.ts: per link and address, per address, link-wide) and
 * gives them back when the PIN is right, so only wrong tries count and simultaneous guesses can
 * never compare more than the limits allow. A reveal on a stay link is recorded on the stay.
 * Refusals are in the guest's `words`, the time in their language's format.
 */
export async function revealSecrets({ token, pin, ip, now = Date.now(), words = guestWords() }: { token: string; pin: string | null; ip: string; now?: number; words?: GuestWords }): Promise<RevealAnswer> {
  const { guidebook, stay } = await findGuestTarget(token, now, words);
  const content = parseStoredContent(guidebook.data);
  let pinAccepted = false;
  if (content.secretsPolicy === 'pin' && !stay) {
    if (!pin) return refuse(words['api.pinRequired'], null, true);
    pinAccepted = await checkPin({ guidebook, expected: content.secretsPin, given: pin.trim(), ip, now, words });
    if (!pinAccepted) return refuse(words['api.pinWrong'], null, true);
  }
  // A stay of a guidebook with a smart lock: its own code, in the stay's window under every policy (docs/decisions/030-smart-locks.md §8).
  const door: GuestDoorCode = stay ? await guestDoorCode(stay, now) : { kind: 'none' };
  const decision = decideSecrets({
    policy: door.kind === 'none' ? content.secretsPolicy : 'stay',
    revealHoursBefore: content.revealHoursBefore,
    stay: stay && effectiveStayTimes(stay),
    pinAccepted,
    now,
  });
  if (!decision.allowed) {
    if (decision.reason === 'too-early') {
      const when = formatGuestDateTime(decision.availableFrom!, content.timeZone, words['locale.lang']);
      return refuse(t(words, 'api.tooEarly', { when }), decision.availableFrom, false);
    }
    if (decision.reason === 'stay-over') return refuse(words['secret.over'], null, false);
    if (decision.reason === 'booking-only') return refuse(words['access.bookingOnlyText'], null, false);
    return refuse(words['api.pinRequired'], null, true);
  }
  const code = door.kind === 'none' ? content.code : door.kind === 'code' ? door.code : '';
  if (stay && (door.kind === 'none' || door.kind === 'code')) await recordReveal(stay.id, now);
  const wifiQr = content.wifiName ? await wifiQrSvg({ ssid: content.wifiName, password: content.wifiPassword, security: content.wifiSecurity }) : '';
  const secrets: GuestSecrets = { code, wifiPassword: content.wifiSecurity === 'nopass' ? '' : content.wifiPassword, wifiQr, until: decision.until };
  if (door.kind === 'waiting' || door.kind === 'failed') secrets.doorCode = doorWords(door, content.timeZone, words);
  if (door.kind === 'code' && door.offline) secrets.codeNote = offlineWords(door.offline, content.timeZone, words);
  return { ok: true, secrets };
}

/**
 * One PIN try on a guidebook's public link: true when right. Throws 429 when a limit is full: the
 * link-wide one says the host has been told. The try that fills the link-wide cap mails the host
 * (exactly one does: each try's count is its own), so they can change the PIN, which starts it again.
 */
async function checkPin({ guidebook, expected, given, ip, now, words }: { guidebook: InstructionsTable; expected: string; given: string; ip: string; now: number; words: GuestWords }): Promise<boolean> {
  const linkWide = rateRules.pinLink(guidebook.id);
  const take = await takeRateSlots([rateRules.pinLinkAddress(guidebook.id, ip), rateRules.pinIp(ip), linkWide], now);
  if (!take.ok) {
    const message = guestTooMany(words, take.full.includes(linkWide) ? 'api.pinGuessingStopped' : 'api.tooManyPins');
    throw rateLimitedError(take.retryAfterMs, message);
  }
  if (expected !== '' && samePin(given, expected)) {
    await take.slots.giveBack();
    return true;
  }
  if (take.slots.count(linkWide) === linkWide.limit) await tellHost(guidebook);
  return false;
}

/** Mails the team's owner that PIN guessing on their guidebook was stopped for the day. */
async function tellHost(guidebook: InstructionsTable): Promise<void> {
  const { db, outbox, config, log } = await getRuntime();
  const host = await teamContact(db, guidebook.team_id);
  log.warn({ instructionId: guidebook.id }, 'secrets: link-wide wrong-PIN cap reached, the host is told');
  if (!host) return;
  const { nameInstruction } = parseStoredContent(guidebook.data);
  await outbox.enqueue(pinGuessingMail(config, { to: host.email, name: host.name, guidebookId: guidebook.id, guidebookName: nameInstruction }), db);
  outbox.kick();
}

/** The guest's words for a stay's code not shown yet (§8). */
function doorWords(door: Extract<GuestDoorCode, { kind: 'waiting' | 'failed' }>, zone: string, words: GuestWords): NonNullable<GuestSecrets['doorCode']> {
  if (door.kind === 'failed') return { state: 'failed', message: words['lock.failed'], lookAgainAt: null };
  const when = formatGuestDateTime(door.lookAgainAt, zone, words['locale.lang']);
  return { state: 'waiting', message: t(words, door.justInTime ? 'lock.settingJustInTime' : 'lock.setting', { when }), lookAgainAt: new Date(door.lookAgainAt).toISOString() };
}

/** An offline code's window and first-use rule in the guest's words (§8, §9). */
function offlineWords({ from, until, firstUse }: OfflineTimes, zone: string, words: GuestWords): string {
  const at = (ms: number) => formatGuestDateTime(ms, zone, words['locale.lang']);
  const works = t(words, 'lock.offlineWorks', { from: at(from), until: at(until) });
  return firstUse === null ? works : `${works} ${t(words, 'lock.offlineFirstUse', { when: at(firstUse) })}`;
}

function refuse(message: string, availableFrom: number | null, pinRequired: boolean): RevealAnswer {
  return { ok: false, refusal: { message, availableFrom: availableFrom === null ? null : new Date(availableFrom).toISOString(), pinRequired } };
}

/** One statement, so concurrent reveals cannot lose a count. */
async function recordReveal(stayId: string, now: number): Promise<void> {
  const { db } = await getRuntime();
  await db
    .updateTable('stays')
    .set({
      reveal_count: sql<number>`reveal_count + 1`,
      first_revealed_at: sql<number>`COALESCE(first_revealed_at, ${now})`,
      last_revealed_at: now,
    })
    .where('id', '=', stayId)
    .execute();
}
