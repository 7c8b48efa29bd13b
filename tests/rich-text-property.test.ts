// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import fs from 'node:fs';
import fc from 'fast-check';
import { defaultTreeAdapter, html as parse5Html, parse, parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../src/lib/server/guidebook/sanitize-rich-text.ts';
import { RICH_TEXT_ATTRIBUTES, RICH_TEXT_TAGS } from '../src/lib/shared/rich-text.ts';
import { MARKER_NAMES } from '../src/lib/shared/schemas/instruction.ts';

/**
 * What the sanitiser stores is final and well-formed. Final: sanitising it
 * again gives the same string. Well-formed: an HTML5 parser (parse5, which follows the spec's tree
 * construction as browsers do) builds exactly the tree its tags spell out, both on its own and
 * inside a guest-page step, where it must not close the step or add one; and that tree holds only
 * the allowlist (src/lib/shared/rich-text.ts).
 */

type Tree = Array<string | { tag: string; attrs: string[]; children: Tree }>;

const ENTITY: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };
const decode = (text: string) => text.replace(/&[^;]*;?/g, (entity) => ENTITY[entity] ?? fail(`unexpected entity ${entity}`));
function fail(message: string): never {
  throw new Error(message);
}

const TOKEN = /<(\/?)([a-z]+)((?: [a-z-]+="[^"]*")*)( \/)?>|[^<]+/y;
const ATTRIBUTE = / ([a-z-]+)="([^"]*)"/g;
const LISTS = new Set(['ul', 'ol']);

/**
 * The tree the string spells out, read literally: every start tag opens an element (`<br />`
 * closes at once), every end tag must close the innermost open one, and nothing is left open.
 * A list item is only allowed as a list's child (an orphan is what broke out of its step).
 */
function literalTree(html: string): Tree {
  const root: Tree = [];
  const open: Array<{ tag: string; children: Tree }> = [{ tag: '#root', children: root }];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < html.length) {
    const at = TOKEN.lastIndex;
    const match = TOKEN.exec(html) ?? fail(`not a tag or text at ${at}: ${html.slice(at, at + 40)}`);
    const [text, closing, tag, attributes, selfClosing] = match;
    const parent = open.at(-1)!;
    if (tag === undefined) {
      parent.children.push(decode(text));
    } else if (closing) {
      if (parent.tag !== tag) fail(`</${tag}> closes <${parent.tag}>`);
      open.pop();
    } else {
      if (!(RICH_TEXT_TAGS as readonly string[]).includes(tag)) fail(`<${tag}> is not on the allowlist`);
      if (tag === 'li' && !LISTS.has(parent.tag)) fail(`<li> inside <${parent.tag}>`);
      if ((tag === 'br') !== Boolean(selfClosing)) fail(`<${tag}${selfClosing ?? ''}>`);
      const attrs = [...attributes!.matchAll(ATTRIBUTE)].map(([, name, value]) => `${name}=${decode(value!)}`);
      expectAllowed(tag, attrs);
      const element = { tag, attrs, children: [] };
      parent.children.push(element);
      if (tag !== 'br') open.push(element);
    }
  }
  if (open.length > 1) fail(`<${open.at(-1)!.tag}> left open`);
  return root;
}

/** Only the allowlist's attributes, and a span only as one of the markers. */
function expectAllowed(tag: string, attrs: string[]): void {
  const allowed: readonly string[] = RICH_TEXT_ATTRIBUTES[tag as keyof typeof RICH_TEXT_ATTRIBUTES] ?? [];
  for (const attr of attrs) if (!allowed.includes(attr.split('=')[0]!)) fail(`${attr} on <${tag}>`);
  if (tag === 'span' && !MARKER_NAMES.some((name) => attrs.includes(`data-marker=${name}`))) fail(`<span ${attrs.join(' ')}> is no marker`);
}

/** The same shape from a parse5 node's children (adjacent text merged, as the literal reading does). */
function parsedTree(node: DefaultTreeAdapterTypes.ParentNode): Tree {
  const tree: Tree = [];
  for (const child of node.childNodes) {
    if (defaultTreeAdapter.isTextNode(child)) {
      if (typeof tree.at(-1) === 'string') tree[tree.length - 1] += child.value;
      else tree.push(child.value);
    } else if (defaultTreeAdapter.isElementNode(child)) {
      tree.push({ tag: child.tagName, attrs: child.attrs.map(({ name, value }) => `${name}=${value}`), children: parsedTree(child) });
    } else {
      tree.push(`#${child.nodeName}`);
    }
  }
  return tree;
}

const DIV_CONTEXT = defaultTreeAdapter.createElement('div', parse5Html.NS.HTML, []);

function elements(node: DefaultTreeAdapterTypes.ParentNode): DefaultTreeAdapterTypes.Element[] {
  return node.childNodes.filter(defaultTreeAdapter.isElementNode);
}

/** Parsed as the guest page holds it: a step's rich text between two other steps (StepsSection.astro). */
function asGuestStep(html: string): { steps: number; rich: Tree } {
  const document = parse(`<!doctype html><body><ol class="steps"><li class="card step"><div class="rich">${html}</div></li><li class="card step">next</li></ol>`);
  const body = elements(elements(document)[0]!)[1]!;
  const [list, ...after] = elements(body);
  const steps = elements(list!);
  const rich = elements(steps[0]!)[0];
  return { steps: after.length === 0 && list!.tagName === 'ol' ? steps.length : -1, rich: rich ? parsedTree(rich) : [] };
}

/** The sanitiser's output is final and means the same to a browser as it says. */
function expectWellFormed(input: string): void {
  const once = sanitizeRichText(input);
  expect(sanitizeRichText(once), `sanitised twice: ${input}`).toBe(once);
  const literal = literalTree(once);
  expect(parsedTree(parseFragment(DIV_CONTEXT, once, {})), `parsed: ${once}`).toEqual(literal);
  expect(asGuestStep(once), `in a guest step: ${once}`).toEqual({ steps: 2, rich: literal });
}

const ALLOWED = [...RICH_TEXT_TAGS];
const DISALLOWED = ['b', 'i', 'div', 'h1', 'table', 'tr', 'td', 'button', 'select', 'option', 'template', 'svg', 'math', 'img', 'script', 'style', 'textarea', 'title', 'noscript', 'pre', 'form', 'iframe', 'dd'];

const attribute = fc.oneof(
  fc.constantFrom('https://a.example/', 'https://b.example/?x=1&y=2', 'mailto:h@example.com', 'tel:+1', 'javascript:alert(1)', '/relative', ' https://c.example/ ', 'http://d.example/"x').map((url) => ` href="${url}"`),
  fc.constantFrom('lockbox', 'address', 'bogus').map((name) => ` data-marker="${name}"`),
  fc.constantFrom(' class="x"', ' style="color:red"', ' onclick="alert(1)"', ' rel="opener"', ' target="_self"', ' href=https://e.example/', " href='https://f.example/'", ' data-marker'),
);
const tagName = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ALLOWED) }, { weight: 1, arbitrary: fc.constantFrom(...DISALLOWED) });
const startTag = fc.tuple(tagName, fc.array(attribute, { maxLength: 3 }), fc.constantFrom('>', '/>', ' >')).map(([tag, attrs, end]) => `<${tag}${attrs.join('')}${end}`);
const endTag = tagName.map((tag) => `</${tag}>`);
const text = fc.string({ unit: fc.constantFrom(...'ab <>&"\'=;#\n\r\t\u00a0\u0000'), maxLength: 8 });
const entity = fc.constantFrom('&amp;', '&lt;', '&gt;', '&quot;', '&nbsp;', '&#60;', '&#x3c;', '&#0;', '&bogus;', '&amp', '&lt', '&#x110000;');
const oddity = fc.constantFrom('<!-- c -->', '<!doctype html>', '<', '</', '<!', '<?x?>', '</ p>', '<p<', '<a href="https://x.example/">', '<li>');
/** Known troublemakers, so each run meets them often rather than by luck. */
const pattern = fc.constantFrom(
  '<a href="https://a.example/"><b>A<a href="https://b.example/">B</a>',
  '<li>Fake</li>',
  '<p>a<p>b</p></p>',
  '</li></ol></div>',
  '<strong><li>x</li></strong>',
  '<a href="https://a.example/"><p>x<a href="https://b.example/">y</a></p></a>',
  '<span><li>x</li></span>',
  '<ul><span data-marker="lockbox"><li>x</li></span></ul>',
  '<em><p>a</em>b</p>',
  '<ul><li><s>'.repeat(15),
  '<strong><em><u>'.repeat(15),
);
const soup = fc.array(fc.oneof(startTag, startTag, endTag, endTag, text, entity, oddity, pattern), { maxLength: 24 }).map((tokens) => tokens.join(''));

describe('sanitizeRichText on generated tag soup', () => {
  it('is idempotent, and what it stores parses back to the tree it spells out, inside its step', () => {
    fc.assert(
      fc.property(soup, (input) => {
        expectWellFormed(input);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('sanitizeRichText on the XSS corpus', () => {
  const corpus = JSON.parse(fs.readFileSync(new URL('./fixtures/xss/dompurify-fixtures.json', import.meta.url), 'utf8')) as Array<{ payload: string }>;

  it('stores well-formed HTML for every payload', () => {
    for (const { payload } of corpus) expectWellFormed(payload);
  });
});
