import type { InstructionContent } from '@shared/schemas/instruction.ts';
import type { AskWords } from '@shared/guest-words/ask-words.ts';

/**
 * The secrets a guidebook holds, and their removal from a passage's text (docs/decisions/031 §3,
 * "Secrets are excluded twice"). Fields of kind `secret` are never passages; this is the second
 * exclusion: a host who typed the door code into a step ("the code is 4711") does not make it
 * searchable. Pure.
 */

/** Values shorter than this are not searched for: "12" would scrub every date and price. */
const MIN_SECRET_LENGTH = 3;

/** What may stand between a secret's characters when a host spaces it out ("4 7 1 1", "47-11"). */
const BETWEEN = '[\\s\\-–—._/]*';

interface SecretValue {
  value: string;
  words: string;
}

/** The door code, the Wi-Fi password and the PIN of the guidebook as stored (before anything is hidden). */
export function secretValuesOf(stored: Pick<InstructionContent, 'code' | 'wifiPassword' | 'secretsPin'>, words: AskWords): SecretValue[] {
  return [
    { value: stored.code, words: words.doorCode },
    { value: stored.wifiPassword, words: words.wifiPassword },
    { value: stored.secretsPin, words: words.pin },
  ]
    .map(({ value, words }) => ({ value: value.trim(), words }))
    .filter(({ value }) => [...value].length >= MIN_SECRET_LENGTH);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A pattern for `value`, case-insensitive, its characters allowed apart by spaces or dashes. */
function patternOf(value: string): string {
  return [...value.replace(/[\s\-–—._/]+/g, '')].map(escapeRegExp).join(BETWEEN);
}

/**
 * A function that replaces every occurrence of every secret in a text by the words that say where
 * the page shows it. Longest value first, so a PIN inside a longer code does not leave the rest.
 */
export function scrubber(secrets: readonly SecretValue[]): (text: string) => string {
  const sorted = [...secrets].filter(({ value }) => patternOf(value) !== '').sort((a, b) => b.value.length - a.value.length);
  if (sorted.length === 0) return (text) => text;
  const patterns = sorted.map(({ value, words }) => ({ pattern: new RegExp(patternOf(value), 'giu'), words }));
  return (text) => patterns.reduce((scrubbed, { pattern, words }) => scrubbed.replace(pattern, words), text.normalize('NFC'));
}
