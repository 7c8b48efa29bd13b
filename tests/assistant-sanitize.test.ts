// @no-database: the sanitiser and the secret-question classifier are pure (assistant/sanitize-answer.ts, secret-questions.ts).
import { describe, expect, it } from 'vitest';
import { ANCHOR, sanitizeEmbedded, sanitizeModelAnswer } from '../src/lib/server/assistant/sanitize-answer.ts';
import { secretTopicOf } from '../src/lib/server/assistant/secret-questions.ts';
import { cutText } from '../src/lib/server/assistant/embedded-answer.ts';

/**
 * The answer's last check (docs/decisions/031 §9): plain text, bounded, no invisible characters, no
 * secret; a model's answer (slice 5) also without markup, links or numbers its passages lack.
 */
const secrets = ['7391', 'Harbour-Lights-88', '258046'];

describe('an embedded answer', () => {
  it('loses control, zero-width and direction characters, keeps its lines and is bounded to 600 characters', () => {
    expect(sanitizeEmbedded('From Wi-Fi:\u0007 the\u200b network\u202e is   Loft\nFrom Good to Know: bins\u2066 outside')).toBe('From Wi-Fi: the network is Loft\nFrom Good to Know: bins outside');
    const long = sanitizeEmbedded('word '.repeat(200))!;
    expect([...long]).toHaveLength(600);
    expect(long.endsWith('…')).toBe(true);
  });

  it('is refused when it would show a secret, spaced or dashed', () => {
    expect(sanitizeEmbedded('The code is 7 3 9 1.', secrets)).toBeNull();
    expect(sanitizeEmbedded('Password harbour lights 88', secrets)).toBeNull();
    expect(sanitizeEmbedded('The code is shown in Door code & Wi-Fi.', secrets)).toBe('The code is shown in Door code & Wi-Fi.');
  });

  it('cuts a passage at a word near 280 characters', () => {
    const cut = cutText(`${'sea '.repeat(100)}end`);
    expect([...cut].length).toBeLessThanOrEqual(280);
    expect(cut).toMatch(/sea…$/);
    expect(cutText('Line one\nLine two')).toBe('Line one. Line two');
  });
});

describe("a model's answer (slice 5)", () => {
  const passages = ['The key box hangs to the right of the door. Check-out by 10:00, bus 115.'];
  it.each([
    ['<b>bold</b>', 'markup'],
    ['See &lt;here&gt;', 'an entity'],
    ['Book at https://example.com', 'a URL'],
    ['Go to www.example.org', 'www.'],
    ['Visit evil.com today', 'a bare domain'],
    ['[click](/x)', 'a Markdown link'],
    ['javascript:alert(1)', 'a javascript: URL'],
    ['Write to host@example.com', 'an e-mail address'],
    ['The code is 7391', 'a secret'],
    ['Call 555 0101 for help', 'a number the passages lack'],
    ['x'.repeat(601), 'over 600 characters'],
  ])('is unusable with %s (%s)', (answer) => {
    expect(sanitizeModelAnswer(answer, { secrets, passages })).toBeNull();
  });

  it('is kept when plain, grounded and without links', () => {
    expect(sanitizeModelAnswer('The key box is right of the door; take bus 115.', { secrets, passages })).toBe('The key box is right of the door; take bus 115.');
  });
});

describe('anchors and secret questions', () => {
  it('takes only page ids as anchors', () => {
    for (const good of ['wifi', 'ci-1735689600001', 'good-to-know', 'co-0']) expect(ANCHOR.test(good), good).toBe(true);
    for (const bad of ['javascript:alert(1)', '#wifi', 'Wifi', 'a b', '//evil.example', 'ci-']) expect(ANCHOR.test(bad), bad).toBe(false);
  });

  it.each([
    ['What is the wifi code?', 'wifi'],
    ['pin code?', 'pin'],
    ['Is there a dress code?', 'code'],
    ['Where is the lock box?', null],
    ['How do I get to the beach?', null],
  ])('%s → %s', (question, topic) => {
    expect(secretTopicOf(question)).toBe(topic);
  });
});
