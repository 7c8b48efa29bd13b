import { timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { InstructionsTable, StaysTable } from '@db/schema.ts';
import type { GuestSecrets, GuestSecretsRefusal } from '@shared/guest-access.ts';
import { GUEST_TOKEN } from '@shared/guest-token.ts';
import { messages } from '@shared/messages.ts';
import { formatStayTime } from '@shared/time-zone.ts';
import { wifiQrSvg } from '../guest/wifi-qr.ts';
import { AppError } from '../http/app-error.ts';
import { instructionNotFound } from '../instructions/instruction-errors.ts';
import { parseStoredContent } from '../instructions/instruction-row.ts';
import { checkRateLimits, consumeRateLimits, rateRules } from '../rate-limit.ts';
import { getRuntime } from '../runtime.ts';
import { decideSecrets, stayLinkEndsAt } from './stay-window.ts';


export type RevealAnswer = { ok: true; secrets: GuestSecrets } | { ok: false; refusal: GuestSecretsRefusal };

/** The guidebook (and stay, on a stay link) a guest token opens; 404 for neither, 410 for an ended stay. */
export async function findGuestTarget(token: string, now: number): Promise<{ guidebook: InstructionsTable; stay: StaysTable | null }> {
  if (!GUEST_TOKEN.test(token)) throw instructionNotFound();
  const { db, config } = await getRuntime();
  const guidebook = await db.selectFrom('instructions').selectAll().where('token', '=', token).executeTakeFirst();
  if (guidebook) return { guidebook, stay: null };
  const stay = await db.selectFrom('stays').selectAll().where('token', '=', token).executeTakeFirst();
  if (!stay) throw instructionNotFound();
  if (now >= stayLinkEndsAt({ checkIn: stay.check_in, checkOut: stay.check_out }, config.stayLinkDays)) throw new AppError('GONE', messages.stays.ended);
  const owner = await db.selectFrom('instructions').selectAll().where('id', '=', stay.instruction_id).executeTakeFirst();
  if (!owner) throw instructionNotFound();
  return { guidebook: owner, stay };
}

/** Constant-time comparison of two short strings (a PIN must not leak through timing). */
function samePin(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * GET /api/guest/:token/secrets (docs/decisions/013): the door code, the Wi-Fi password and its QR
 * code when the secrets policy lets this link see them now, else why not. Wrong PINs count per
 * token and per address; past the limit every try answers 429 before the PIN is even compared.
 * A reveal on a stay link is recorded on the stay (first time, last time, count) for the host.
 */
export async function revealSecrets({ token, pin, ip, now = Date.now() }: { token: string; pin: string | null; ip: string; now?: number }): Promise<RevealAnswer> {
  const { guidebook, stay } = await findGuestTarget(token, now);
  const content = parseStoredContent(guidebook.data);
  let pinAccepted = false;
  if (content.secretsPolicy === 'pin') {
    if (!pin) return refuse(messages.stays.pinRequired, null, true);
    const limits = [rateRules.pinToken(token), rateRules.pinIp(ip)];
    await checkRateLimits(limits, now, messages.stays.tooManyPins);
    pinAccepted = content.secretsPin !== '' && samePin(pin.trim(), content.secretsPin);
    if (!pinAccepted) {
      await consumeRateLimits(limits, now, messages.stays.tooManyPins);
      return refuse(messages.stays.pinWrong, null, true);
    }
  }
  const decision = decideSecrets({
    policy: content.secretsPolicy,
    revealHoursBefore: content.revealHoursBefore,
    stay: stay && { checkIn: stay.check_in, checkOut: stay.check_out },
    pinAccepted,
    now,
  });
  if (!decision.allowed) {
    if (decision.reason === 'too-early') return refuse(messages.stays.tooEarly(formatStayTime(decision.availableFrom!, content.timeZone)), decision.availableFrom, false);
    if (decision.reason === 'stay-over') return refuse(messages.stays.stayOver, null, false);
    if (decision.reason === 'booking-only') return refuse(messages.stays.sharedWithBookingText, null, false);
    return refuse(messages.stays.pinRequired, null, true);
  }
  if (stay) await recordReveal(stay.id, now);
  const wifiQr = content.wifiName ? await wifiQrSvg({ ssid: content.wifiName, password: content.wifiPassword, security: content.wifiSecurity }) : '';
  return { ok: true, secrets: { code: content.code, wifiPassword: content.wifiSecurity === 'nopass' ? '' : content.wifiPassword, wifiQr, until: decision.until } };
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
