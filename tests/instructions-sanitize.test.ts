import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../src/lib/server/instructions/sanitize-rich-text.ts';
import { ADDRESS_MARKER, LOCKBOX_MARKER } from '../src/lib/shared/schemas/instruction.ts';

/**
 * The sanitiser's output is stored and served as is, and a save keeps stored paragraphs without
 * sanitising them again (clean-instruction-content.ts). Both rest on this: sanitising its own
 * output changes nothing. The HTTP tests (instructions-xss) check that the output is inert.
 */
const corpus = JSON.parse(fs.readFileSync(new URL('./fixtures/xss/dompurify-fixtures.json', import.meta.url), 'utf8')) as Array<{ title?: string; payload: string }>;

describe('sanitizeRichText', () => {
  it('is idempotent on every corpus payload', () => {
    for (const { title, payload } of corpus) {
      const once = sanitizeRichText(payload);
      expect(sanitizeRichText(once), title ?? payload).toBe(once);
    }
  });

  it('is idempotent on nested spans, markers and links', () => {
    const inputs = [
      `<p><span>a<span data-marker="lockbox">b</span>c</span><a href="https://x.example">d</a></p>`,
      `<span data-marker="address"><span data-marker="bogus">x</span></span>${LOCKBOX_MARKER}`,
      `<p>${ADDRESS_MARKER}<span><a href="tel:+1">t</a></span></p>`,
      '<p>&lt;script&gt; &amp; "quotes" \'single\'</p>',
      '\u0000<p>\u2028x</p>',
    ];
    for (const input of inputs) {
      const once = sanitizeRichText(input);
      expect(sanitizeRichText(once), input).toBe(once);
    }
    expect(sanitizeRichText(inputs[0]!)).toBe(
      '<p>a<span data-marker="lockbox">b</span>c<a href="https://x.example" rel="noopener noreferrer nofollow" target="_blank">d</a></p>',
    );
  });

  it('keeps an empty text empty', () => {
    expect(sanitizeRichText('')).toBe('');
    expect(sanitizeRichText('<script>x</script>')).toBe('');
  });
});
