import { foldTerm } from './search-options.ts';

/**
 * Is a question about a secret: the door code, the Wi-Fi password or the PIN (docs/decisions/031
 * §8)? Such a question is answered with the place that shows the secret, never with it, and never
 * searched. Any question naming the code or the password counts ("code?", "I can't find the wifi
 * password"): a false positive ("is there a dress code?") costs a pointer to the code's place, a
 * false negative costs nothing either, as no passage holds a secret (passages.ts, scrub.ts). So
 * the lists err towards more words. Matched on the question folded as the index folds its terms
 * (lower case, no diacritics), every language's words at once: a German guest on an English page
 * writes "Passwort". Pure.
 */
export type SecretTopic = 'code' | 'wifi' | 'pin';

/**
 * Word parts that name a secret in a word of the question ("türcode", "zugangscode", "wlan-passwort"
 * are single words): a word containing one names the topic. Folded (no diacritics; `ł` has none
 * to drop, so Polish is spelled both ways).
 */
const PARTS: Readonly<Record<SecretTopic, readonly string[]>> = {
  code: ['code', 'kod', 'codigo', 'codice', 'combination', 'kombination', 'combinacion', 'combinazione', 'combinaison', 'zahlenschloss', 'digits'],
  wifi: ['password', 'passw', 'pasw', 'passphrase', 'wachtwoord', 'motdepasse', 'contrasena', 'senha', 'lozink', 'haslo', 'hasło', 'hesl', 'netzwerkschlussel', 'wifikey', 'wlanschlussel'],
  pin: [],
};

/** Whole words that name a secret (too short to be a part of a word safely). */
const WORDS: Readonly<Record<SecretTopic, readonly string[]>> = {
  code: ['codes'],
  wifi: ['mdp'],
  pin: ['pin', 'pins', 'pincode', 'pinu', 'pinem'],
};

/** Phrases of several words, on the folded question with single spaces. */
const PHRASES: Readonly<Record<SecretTopic, readonly string[]>> = {
  code: ['numbers to open', 'number to open', 'numbers for the door', 'numbers for the lock'],
  wifi: ['mot de passe', 'palavra passe', 'wifi key', 'wlan key', 'wlan schlussel', 'wifi schlussel', 'network key'],
  pin: [],
};

/** The Wi-Fi named beside a code or a key ("wifi code", "WLAN-Schlüssel"): the password. */
const WIFI_NAMES = /(^| )(wifi|wlan|internet|wireless)( |$)/;
const KEY_WORDS = /(^| )(code|codes|key|schlussel|kod|codigo|codice|cle|clave|chiave|sleutel|klucz|kljuc|klic)( |$)/;

/** The secret `question` asks about, or null. */
export function secretTopicOf(question: string): SecretTopic | null {
  const folded = foldTerm(question, 'en').replace(/[^\p{L}\p{N}]+/gu, ' ').replace(/\bwi fi\b/g, 'wifi').trim();
  const words = folded.split(' ');
  const joined = ` ${folded} `;
  const names = (topic: SecretTopic) => words.some((word) => WORDS[topic].includes(word) || PARTS[topic].some((part) => word.includes(part))) || PHRASES[topic].some((phrase) => joined.includes(` ${phrase} `));
  if (names('pin')) return 'pin';
  if (names('wifi') || (WIFI_NAMES.test(folded) && KEY_WORDS.test(folded))) return 'wifi';
  return names('code') ? 'code' : null;
}
