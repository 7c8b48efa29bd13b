import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '@shared/rich-text.ts';
import { isAllowedUrl, LINK_SCHEMES, MARKER_NAMES } from '@shared/schemas/instruction.ts';

/**
 * SECURITY.md 16: the allowlist of the editor's rich text (src/lib/shared/rich-text.ts). Everything else is dropped: other tags
 * lose their markup (their text stays), script/style contents go entirely, every attribute but
 * `href` on links and `data-marker` on the two marker spans goes, and links keep only absolute
 * http(s)/mailto/tel URLs. Links open in a new tab without handing over the guest page.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...RICH_TEXT_TAGS],
  allowedAttributes: {
    a: [...RICH_TEXT_ATTRIBUTES.a],
    // A marker span carries one of the marker names, nothing else.
    span: RICH_TEXT_ATTRIBUTES.span.map((name) => ({ name, multiple: false, values: [...MARKER_NAMES] })),
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: {},
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  allowedClasses: {},
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  parseStyleAttributes: false,
  enforceHtmlBoundary: false,
  // Only same-name transforms: sanitize-html 2.18 leaves a stale rename behind when a tag is
  // renamed to a disallowed one, which then renames an unrelated closing tag.
  transformTags: {
    a: (tagName, attribs) => {
      // attribs are entity-decoded here; a relative, odd-whitespace or other-scheme href goes.
      const href = attribs.href?.trim();
      return {
        tagName,
        attribs: {
          ...(href && isAllowedUrl(href, LINK_SCHEMES) ? { href } : {}),
          rel: 'noopener noreferrer nofollow',
          target: '_blank',
        },
      };
    },
  },
};

/** `<span>` (no marker left after sanitising) or `<span data-marker="…">`, and `</span>`. */
const SPAN_TAG = /<span(\s[^>]*)?>|<\/span>/g;

/**
 * Any span that is not a marker loses its tags and keeps its text. Safe as a string pass: the
 * input is sanitize-html's output, where every `<` in text or attribute values is escaped, so
 * each match is a real tag and opening and closing tags are balanced.
 */
function unwrapPlainSpans(html: string): string {
  if (!html.includes('<span')) return html;
  const keep: boolean[] = [];
  return html.replace(SPAN_TAG, (tag, attributes: string | undefined) => {
    if (tag === '</span>') return keep.pop() ? tag : '';
    const isMarker = attributes !== undefined && attributes.includes('data-marker=');
    keep.push(isMarker);
    return isMarker ? tag : '';
  });
}

/**
 * Sanitises one rich-text field on write. The result is what is stored and served, never
 * altered afterwards; sanitising it again gives the same string (tests check this), so a
 * guidebook saved twice does not drift.
 */
export function sanitizeRichText(html: string): string {
  if (html === '') return '';
  return unwrapPlainSpans(sanitizeHtml(html, OPTIONS)).trim();
}
