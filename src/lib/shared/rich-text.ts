/**
 * docs/security.md 16: the markup a rich-text field (every field the schema declares with
 * `field.richText`: check-in and additional-info steps, the welcome message) may hold, declared
 * once. The server's sanitiser keeps exactly these on write (sanitize-rich-text.ts in
 * src/lib/server/instructions); the editor's Tiptap setup produces no more,
 * and its preview is the guest page itself (src/pages/dashboard/preview/[id].astro).
 * Stored text is also well-formed: each element closes where a browser closes it, and `li`, the
 * one tag here that implies a parent, sits only in a `ul` or `ol`.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'em', 'u', 's', 'ul', 'ol', 'li', 'a', 'span'] as const;

/**
 * The attributes kept, by tag: a link's `href` (plus the `rel` and `target` the sanitiser sets
 * itself), and a span's `data-marker`: a span is kept only as one of the two markers
 * (`MARKER_NAMES` in schemas/instruction.ts), any other loses its tags and keeps its text.
 */
export const RICH_TEXT_ATTRIBUTES = {
  a: ['href', 'rel', 'target'],
  span: ['data-marker'],
} as const satisfies Partial<Record<(typeof RICH_TEXT_TAGS)[number], readonly string[]>>;
