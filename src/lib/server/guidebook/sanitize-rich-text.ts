import { defaultTreeAdapter, html, parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import sanitizeHtml from 'sanitize-html';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '@shared/rich-text.ts';
import { isAllowedUrl, LINK_SCHEMES, MARKER_NAMES } from '@shared/schemas/instruction.ts';

type Node = DefaultTreeAdapterTypes.ChildNode;
type Element = DefaultTreeAdapterTypes.Element;

/**
 * How deep elements may nest; deeper ones lose their tags and keep their text. The editor's
 * deepest texts (lists in lists, every mark on a link) stay far below it, while a 10,000-character
 * text of nothing but open tags would otherwise cost the parsers time quadratic in its depth and
 * the writer below a stack frame per level. sanitize-html drops the tags past it from the input
 * (`nestingLimit`), the writer from the tree parse5 builds (which may reopen a few formatting
 * tags deeper); a stored text is within it and so kept whole when sanitised again.
 */
const MAX_DEPTH = 40;

/**
 * docs/security.md 16: the allowlist of the editor's rich text (src/lib/shared/rich-text.ts). Everything else is dropped: other tags
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
  nestingLimit: MAX_DEPTH,
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

/**
 * sanitize-html reads tags as written (htmlparser2), not as a browser builds them: it stores
 * `<a>A<a>B</a></a>`, which a browser turns into two sibling links, and a bare `<li>`, which a
 * browser attaches to the nearest open list item, in the guest page the step's own
 * `<li class="card step">`. So its output is parsed again by parse5,
 * which applies the HTML5 tree-construction rules exactly as browsers do, inside a `<div>` as the
 * guest page and the editor hold it, and that tree is written out (`writeNodes`).
 */
const CONTEXT = defaultTreeAdapter.createElement('div', html.NS.HTML, []);

const LISTS = new Set(['ul', 'ol']);

const MARKERS: ReadonlySet<string> = new Set(MARKER_NAMES);

/**
 * A span that is not a marker gives way to its content. sanitize-html leaves a bare `data-marker`
 * (no value) where the value was not a marker's name.
 */
function isPlainSpan(node: Node): node is Element {
  return defaultTreeAdapter.isElementNode(node) && node.tagName === 'span' && !node.attrs.some(({ name, value }) => name === 'data-marker' && MARKERS.has(value));
}

function withoutPlainSpans(nodes: readonly Node[]): readonly Node[] {
  // Most texts have none: keep their node list rather than copy it.
  if (!nodes.some(isPlainSpan)) return nodes;
  return nodes.flatMap((node) => (isPlainSpan(node) ? withoutPlainSpans(node.childNodes) : [node]));
}

/** The escaping sanitize-html applies (`"` in attributes only), so what it stored before reads back unchanged. */
const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const escapeText = (text: string) => text.replace(/[&<>]/g, (char) => ESCAPES[char]!);
const escapeAttribute = (value: string) => value.replace(/[&<>"]/g, (char) => ESCAPES[char]!);

/** Every text below `node`, in order; a loop rather than recursion, however deep the tree. */
function textOf(node: Element): string {
  let text = '';
  const pending: Node[] = [node];
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (defaultTreeAdapter.isTextNode(next)) text += next.value;
    else if (defaultTreeAdapter.isElementNode(next)) pending.push(...next.childNodes.toReversed());
  }
  return text;
}

/**
 * Writes parsed nodes back as HTML in which every element is closed where it ends, so parsing
 * the string again builds this same tree (tests/rich-text-property.test.ts checks it): nothing a
 * browser would close early is nested (parse5 never builds that), and every list item sits in a
 * list. A run of list items outside one gets a `<ul>` of its own rather than being dropped: their
 * text stays, each item stays apart, and nothing above the text (the step, the page) can be
 * reached by them any more. Comments cannot occur: sanitize-html escapes every `<` of text.
 * `depth` is that of the nodes as written (a wrapping `<ul>` counts); past MAX_DEPTH only text.
 */
function writeNodes(nodes: readonly Node[], inList: boolean, depth: number): string {
  let out = '';
  let orphanList = false;
  for (const node of withoutPlainSpans(nodes)) {
    const orphan = !inList && depth <= MAX_DEPTH && defaultTreeAdapter.isElementNode(node) && node.tagName === 'li';
    if (orphan !== orphanList) out += orphan ? '<ul>' : '</ul>';
    orphanList = orphan;
    out += writeNode(node, orphan ? depth + 1 : depth);
  }
  return orphanList ? `${out}</ul>` : out;
}

function writeNode(node: Node, depth: number): string {
  if (defaultTreeAdapter.isTextNode(node)) return escapeText(node.value);
  if (!defaultTreeAdapter.isElementNode(node)) return '';
  if (depth > MAX_DEPTH) return escapeText(textOf(node));
  const attributes = node.attrs.map(({ name, value }) => ` ${name}="${escapeAttribute(value)}"`).join('');
  // `<br />` as sanitize-html writes it: the one void element of the allowlist.
  if (node.tagName === 'br') return `<br${attributes} />`;
  return `<${node.tagName}${attributes}>${writeNodes(node.childNodes, LISTS.has(node.tagName), depth + 1)}</${node.tagName}>`;
}

/**
 * Sanitises one rich-text field on write. The result is what is stored and served, and it is its
 * own sanitised form by construction: sanitize-html keeps all of it (allowlisted tags and
 * attributes only, nested no deeper than MAX_DEPTH, escaped as it escapes), parse5 builds from it
 * the tree it spells out, and that tree has no plain span, no list item outside a list and no
 * element past MAX_DEPTH, so it is written out unchanged. A guidebook saved twice does not drift
 * (tests/rich-text-property.test.ts).
 */
export function sanitizeRichText(input: string): string {
  if (input === '') return '';
  const fragment = parseFragment(CONTEXT, sanitizeHtml(input, OPTIONS), {});
  return writeNodes(fragment.childNodes, false, 1).trim();
}
