import { en } from './guest-words/en.ts';
import type { GuestWords } from './guest-words/schema.ts';
import { t } from './guest-words/t.ts';

/**
 * The 16 house rules of docs/product.md §3 (id, key, icon); their names and texts are the guest
 * dictionary's (`houseRule.<key>.name`, `.text`: src/lib/shared/guest-words). Instructions store
 * only the ids, in the host's order (`selectedHouseRules`); the guest page and the editor look
 * the rest up here. `name` and `text` are the English ones, which the editor shows; a guest page
 * in another language asks `houseRuleName` and `houseRuleText` with its words.
 *
 * `icon` is the inner markup of a 24×24 stroke icon (no <svg> wrapper), from Lucide
 * (lucide.dev, ISC licence, © Lucide Icons and Contributors). It is a constant of ours, never
 * user input, so it may be inlined as HTML: `houseRuleSvg` wraps it for the guest page (which
 * works without JavaScript), React can use `dangerouslySetInnerHTML` on an <svg>.
 */
export type HouseRuleKey = 'noEvents' | 'turnOffAc' | 'checkTimes' | 'noOpenFlames' | 'keepKeys' | 'noPets' | 'registeredGuests' | 'noSmoking' | 'noShoes' | 'keepQuiet' | 'trash' | 'lightsOff' | 'kitchen' | 'lockDoors' | 'water' | 'damages';

export interface HouseRule {
  id: number;
  /** Its words' keys in the guest dictionary: `houseRule.<key>.name` and `.text`. */
  key: HouseRuleKey;
  /** In English. */
  name: string;
  text: string;
  icon: string;
}

function rule(id: number, key: HouseRuleKey, icon: string): HouseRule {
  return { id, key, name: en[`houseRule.${key}.name`], text: en[`houseRule.${key}.text`], icon };
}

export const HOUSE_RULES: readonly HouseRule[] = [
  rule(1, 'noEvents', '<path d="M5.8 11.3 2 22l10.7-3.79"/><path d="M4 3h.01"/><path d="M22 8h.01"/><path d="M15 2h.01"/><path d="M22 20h.01"/><path d="m22 2-2.24.75a2.9 2.9 0 0 0-1.96 3.12c.1.86-.57 1.63-1.45 1.63h-.38c-.86 0-1.6.6-1.76 1.44L14 10"/><path d="m22 13-.82-.33c-.86-.34-1.82.2-1.98 1.11c-.11.7-.72 1.22-1.43 1.22H17"/><path d="m11 2 .33.82c.34.86-.2 1.82-1.11 1.98C9.52 4.9 9 5.52 9 6.23V7"/><path d="M11 13c1.93 1.93 2.83 4.17 2 5-.83.83-3.07-.07-5-2-1.93-1.93-2.83-4.17-2-5 .83-.83 3.07.07 5 2Z"/>'),
  rule(2, 'turnOffAc', '<path d="M18 17.5a2.5 2.5 0 1 1-4 2.03V12"/><path d="M6 12H4a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h16a2 2 0 0 1 2 2v5a2 2 0 0 1-2 2h-2"/><path d="M6 8h12"/><path d="M6.6 15.572A2 2 0 1 0 10 17v-5"/>'),
  rule(3, 'checkTimes', '<circle cx="12" cy="12" r="10"/><path d="M12 6v6l4 2"/>'),
  rule(4, 'noOpenFlames', '<path d="M12 3q1 4 4 6.5t3 5.5a1 1 0 0 1-14 0 5 5 0 0 1 1-3 1 1 0 0 0 5 0c0-2-1.5-3-1.5-5q0-2 2.5-4"/>'),
  rule(5, 'keepKeys', '<path d="M2.586 17.414A2 2 0 0 0 2 18.828V21a1 1 0 0 0 1 1h3a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h1a1 1 0 0 0 1-1v-1a1 1 0 0 1 1-1h.172a2 2 0 0 0 1.414-.586l.814-.814a6.5 6.5 0 1 0-4-4z"/><circle cx="16.5" cy="7.5" r=".5" fill="currentColor"/>'),
  rule(6, 'noPets', '<circle cx="11" cy="4" r="2"/><circle cx="18" cy="8" r="2"/><circle cx="20" cy="16" r="2"/><path d="M9 10a5 5 0 0 1 5 5v3.5a3.5 3.5 0 0 1-6.84 1.045Q6.52 17.48 4.46 16.84A3.5 3.5 0 0 1 5.5 10Z"/>'),
  rule(7, 'registeredGuests', '<path d="M16 21v-2a4 4 0 0 0-4-4H6a4 4 0 0 0-4 4v2"/><path d="M16 3.128a4 4 0 0 1 0 7.744"/><path d="M22 21v-2a4 4 0 0 0-3-3.87"/><circle cx="9" cy="7" r="4"/>'),
  rule(8, 'noSmoking', '<path d="M12 12H3a1 1 0 0 0-1 1v2a1 1 0 0 0 1 1h13"/><path d="M18 8c0-2.5-2-2.5-2-5"/><path d="m2 2 20 20"/><path d="M21 12a1 1 0 0 1 1 1v2a1 1 0 0 1-.5.866"/><path d="M22 8c0-2.5-2-2.5-2-5"/><path d="M7 12v4"/>'),
  rule(9, 'noShoes', '<path d="M4 16v-2.38C4 11.5 2.97 10.5 3 8c.03-2.72 1.49-6 4.5-6C9.37 2 10 3.8 10 5.5c0 3.11-2 5.66-2 8.68V16a2 2 0 1 1-4 0Z"/><path d="M20 20v-2.38c0-2.12 1.03-3.12 1-5.62-.03-2.72-1.49-6-4.5-6C14.63 6 14 7.8 14 9.5c0 3.11 2 5.66 2 8.68V20a2 2 0 1 0 4 0Z"/><path d="M16 17h4"/><path d="M4 13h4"/>'),
  rule(10, 'keepQuiet', '<path d="M11 4.702a.7.7 0 0 0-1.203-.498L6.413 7.587A1.4 1.4 0 0 1 5.416 8H3a1 1 0 0 0-1 1v6a1 1 0 0 0 1 1h2.416a1.4 1.4 0 0 1 .997.413l3.383 3.384A.7.7 0 0 0 11 19.298z"/><path d="m16.5 14.5 5-5"/><path d="m16.5 9.5 5 5"/>'),
  rule(11, 'trash', '<path d="M10 11v6"/><path d="M14 11v6"/><path d="M19 6v14a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V6"/><path d="M3 6h18"/><path d="M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2"/>'),
  rule(12, 'lightsOff', '<path d="M16.8 11.2c.8-.9 1.2-2 1.2-3.2a6 6 0 0 0-9.3-5"/><path d="m2 2 20 20"/><path d="M6.3 6.3a4.67 4.67 0 0 0 1.2 5.2c.7.7 1.3 1.5 1.5 2.5"/><path d="M9 18h6"/><path d="M10 22h4"/>'),
  rule(13, 'kitchen', '<path d="M2 12h20"/><path d="M20 12v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2v-8"/><path d="m4 8 16-4"/><path d="m8.86 6.78-.45-1.81a2 2 0 0 1 1.45-2.43l1.94-.48a2 2 0 0 1 2.43 1.46l.45 1.8"/>'),
  rule(14, 'lockDoors', '<path d="M19 8V5a2 2 0 00-2-2H7a2 2 0 00-2 2v16"/><path d="M2 21h8"/><path d="M20 16v-2a2 2 0 00-4 0v2"/><path d="M9 12h.01"/><rect x="14" y="16" width="8" height="5" rx="1"/>'),
  rule(15, 'water', '<path d="M7 16.3c2.2 0 4-1.83 4-4.05 0-1.16-.57-2.26-1.71-3.19S7.29 6.75 7 5.3c-.29 1.45-1.14 2.84-2.29 3.76S3 11.1 3 12.25c0 2.22 1.8 4.05 4 4.05z"/><path d="M12.56 6.6A10.97 10.97 0 0 0 14 3.02c.5 2.5 2 4.9 4 6.5s3 3.5 3 5.5a6.98 6.98 0 0 1-11.91 4.97"/>'),
  rule(16, 'damages', '<path d="m21.73 18-8-14a2 2 0 0 0-3.48 0l-8 14A2 2 0 0 0 4 21h16a2 2 0 0 0 1.73-3"/><path d="M12 9v4"/><path d="M12 17h.01"/>'),
];

export const HOUSE_RULE_COUNT = HOUSE_RULES.length;

/** docs/product.md §9: new instructions start with these rules, in this order. */
export const DEFAULT_HOUSE_RULES: readonly number[] = [2, 1, 3, 4, 5];

/** "Respect check-in/out": its text names the guidebook's times when the host set them. */
export const CHECK_TIMES_RULE_ID = 3;

/** A rule's name in `words` (English by default). */
export function houseRuleName(rule: HouseRule, words: GuestWords = en): string {
  return words[`houseRule.${rule.key}.name`];
}

/**
 * A rule's text as guests read it, in `words` (English by default): the check-in/out rule says
 * the times ("…: check-in is from 15:00 and check-out is by 10:00.") when the guidebook has them;
 * every other rule reads as written.
 */
export function houseRuleText(rule: HouseRule, { checkInTime, checkOutTime }: { checkInTime: string; checkOutTime: string }, words: GuestWords = en): string {
  if (rule.id !== CHECK_TIMES_RULE_ID || (!checkInTime && !checkOutTime)) return words[`houseRule.${rule.key}.text`];
  if (!checkOutTime) return t(words, 'houseRule.checkTimes.withCheckIn', { checkIn: checkInTime });
  if (!checkInTime) return t(words, 'houseRule.checkTimes.withCheckOut', { checkOut: checkOutTime });
  return t(words, 'houseRule.checkTimes.withBoth', { checkIn: checkInTime, checkOut: checkOutTime });
}

export function findHouseRule(id: number): HouseRule | undefined {
  return HOUSE_RULES[id - 1]?.id === id ? HOUSE_RULES[id - 1] : HOUSE_RULES.find((rule) => rule.id === id);
}

/**
 * The icon as a complete inline <svg>, decorative (the rule's name is beside it). Colour follows
 * the surrounding text (`currentColor`).
 */
export function houseRuleSvg(rule: HouseRule, size = 24): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true" focusable="false">${rule.icon}</svg>`;
}
