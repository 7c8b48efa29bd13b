/**
 * Getting in: the Wi-Fi's security, who sees the door code and the Wi-Fi password (the secrets
 * policy and its PIN), and the property's time zone and usual check-in and check-out times.
 */
import { z } from 'zod';

export const WIFI_SECURITY = ['WPA', 'WEP', 'nopass'] as const;
export type WifiSecurity = (typeof WIFI_SECURITY)[number];

/** "15:00", "09:30": a time of day on the 24-hour clock, as `<input type="time">` gives it. */
export const CLOCK_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** '' or "HH:MM" on the 24-hour clock, where the property is. */
export function clockTime(label: string) {
  const message = `${label} must be a time like 15:00 (24-hour clock), or empty.`;
  return z
    .string({ error: message })
    .trim()
    .refine((value) => value === '' || CLOCK_TIME.test(value), message);
}

/**
 * Who sees the door code and the Wi-Fi password (docs/decisions/013-stays-and-secrets.md): everyone with the
 * link (`always`, the default), guests on a stay link during their stay (`stay`), or whoever knows
 * the host's PIN (`pin`). A gated guidebook's page and snapshot never hold either secret.
 */
export const SECRETS_POLICIES = ['always', 'stay', 'pin'] as const;
export type SecretsPolicy = (typeof SECRETS_POLICIES)[number];
export const DEFAULT_REVEAL_HOURS = 24;
/** A week: a guest rarely needs the code earlier, and the window should stay short. */
export const MAX_REVEAL_HOURS = 168;

/** The reminder before arrival (docs/product/insights.md): how long before check-in, in hours, at least and at most. */
export const MIN_REMINDER_HOURS = 2;
export const MAX_REMINDER_HOURS = 168;
export const DEFAULT_REMINDER_HOURS = 24;

/** Any PIN guests can type: older guidebooks keep their 4- and 5-digit PINs working. */
export const PIN_PATTERN = /^\d{4,8}$/;
/**
 * A PIN chosen now has at least 6 digits (docs/security.md 31): a million values against
 * 100 wrong tries a day on a link takes decades to guess.
 */
export const NEW_PIN_DIGITS = 6;

/** Why `pin` cannot be saved over `savedPin` (the guidebook's PIN as stored, '' for none), or null. */
export function newPinProblem(pin: string, savedPin: string): string | null {
  if (pin === '' || pin === savedPin) return null;
  return pin.length < NEW_PIN_DIGITS || !PIN_PATTERN.test(pin) ? `A new PIN must be ${NEW_PIN_DIGITS} to 8 digits.` : null;
}

/** True when `zone` is an IANA time zone this runtime knows ('Europe/Zagreb', 'UTC'). */
export function isTimeZone(zone: string): boolean {
  if (zone === '' || zone.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
