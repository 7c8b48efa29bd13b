/**
 * Every answer's last check before a guest sees it (docs/decisions/031 §9): plain text of at most
 * 600 characters, no control characters, no secret. An embedded answer (passages.ts' text, already
 * tag-free and scrubbed at the index's build) is kept as text: the box renders it as a text node,
 * never as HTML, so a host's "<b>" or "https://…" shows as the characters the host typed, as on the
 * page, and links only to the sources' anchors. A model's answer (model-answer.ts) is held to more: markup,
 * an entity, a link, an e-mail address or a number of 3 or more digits its passages do not hold
 * makes it unusable (null), never repaired. Pure.
 */

/** An answer's most characters. */
export const ANSWER_MAX = 600;

/** What a source's anchor may be: the page's ids (passages.ts), nothing a browser would read as a URL. */
export const ANCHOR = /^[a-z]+(-[a-z0-9]+)*$/;

const MARKUP = /<[a-z/!?]|&(#\d+|#x[\da-f]+|[a-z]+);/i;
const LINK = /\b[a-z][a-z\d+.-]*:\/\/|\b(javascript|data|vbscript|mailto|tel|file):|\bwww\.|\[[^\]]*\]\([^)]*\)|[\w.+-]+@[\w-]+\.[\w.-]+|\b[a-z\d-]+\.(com|net|org|io|app|info|eu|de|hr|fr|es|it|nl|pl|cz|at|ch|uk|co|me|ly)\b/i;
const DIGIT_RUN = /\d{3,}/g;

/** Control characters but the line break, zero-width and direction marks: gone; spaces collapsed, lines trimmed. */
function plain(text: string): string {
  return (
    text
      .normalize('NFC')
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\x00-\x09\x0b-\x1f\x7f-\x9f]/g, ' ')
      .replace(/[\u200b-\u200f\u202a-\u202e\u2060-\u2069\ufeff]/g, '')
      .split('\n')
      .map((line) => line.replace(/\s+/g, ' ').trim())
      .filter(Boolean)
      .join('\n')
  );
}

/** `text` cut to ANSWER_MAX characters at most, "…" at the cut. */
function bounded(text: string): string {
  const chars = [...text];
  return chars.length <= ANSWER_MAX ? text : `${chars.slice(0, ANSWER_MAX - 1).join('').trimEnd()}…`;
}

/** True when `text` holds one of `secrets` (each at least 3 characters), spaced or dashed as scrub.ts finds them. */
export function holdsSecret(text: string, secrets: readonly string[]): boolean {
  const squeezed = text.toLowerCase().replace(/[\s\-–—._/]+/g, '');
  return secrets.some((secret) => {
    const value = secret.toLowerCase().replace(/[\s\-–—._/]+/g, '');
    return value.length >= 3 && squeezed.includes(value);
  });
}

/** An embedded answer as shown: plain, bounded; null if it would show a secret (never expected: the passages are scrubbed). */
export function sanitizeEmbedded(text: string, secrets: readonly string[] = []): string | null {
  const clean = bounded(plain(text));
  return clean === '' || holdsSecret(clean, secrets) ? null : clean;
}

/** A model's answer as shown, or null when it carries markup, a link, a secret or a number its passages lack. */
export function sanitizeModelAnswer(text: string, { secrets, passages }: { secrets: readonly string[]; passages: readonly string[] }): string | null {
  const clean = plain(text);
  if (clean === '' || [...clean].length > ANSWER_MAX) return null;
  if (MARKUP.test(clean) || LINK.test(clean) || holdsSecret(clean, secrets)) return null;
  const known = passages.join('\n');
  const numbers = clean.match(DIGIT_RUN) ?? [];
  return numbers.every((number) => known.includes(number)) ? clean : null;
}
