import { escapeHtml } from '@shared/escape-html.ts';

/**
 * The welcome message is stored as HTML (the editor writes it with Tiptap; SPEC §3 textGreating).
 * This screen edits it as plain text: paragraphs are separated by a blank line, a single line
 * break stays a line break.
 */
export function greetingToText(html: string): string {
  if (!html.trim()) return '';
  const doc = new DOMParser().parseFromString(html, 'text/html');
  for (const br of doc.querySelectorAll('br')) br.replaceWith('\n');
  for (const item of doc.querySelectorAll('li')) item.prepend('• ');
  const blocks = [...doc.body.querySelectorAll('p, li, h1, h2, h3')];
  const texts = blocks.length ? blocks.map((block) => block.textContent ?? '') : [doc.body.textContent ?? ''];
  return texts
    .map((text) => text.trim())
    .filter(Boolean)
    .join('\n\n');
}

export function textToGreeting(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, '<br>')}</p>`)
    .join('');
}

/** True when the stored HTML carries formatting this plain editor would drop (bold, lists, links). */
export function hasFormatting(html: string): boolean {
  return /<(strong|em|u|s|a|ul|ol|b|i)\b/i.test(html);
}
