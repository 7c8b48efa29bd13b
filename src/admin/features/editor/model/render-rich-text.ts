import { RICH_TEXT_TAGS } from '@shared/rich-text.ts';
import { isAllowedUrl } from '@shared/schemas/instruction.ts';

/** What the markers stand for on the guest page. */
export interface MarkerValues {
  code: string;
  address: string;
  addressUrl: string;
}

/**
 * The tags the server's sanitiser keeps (shared/rich-text.ts); the preview shows no more. Spans
 * are the markers, replaced below; any other span keeps only its text, as on the server.
 */
const KEEP = new Set(RICH_TEXT_TAGS.filter((tag) => tag !== 'span').map((tag) => tag.toUpperCase()));
const DROP = new Set(['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'OBJECT']);

function markerContent(doc: Document, marker: string, values: MarkerValues): Node {
  if (marker === 'lockbox') {
    const code = doc.createElement('strong');
    code.className = 'pv-code';
    code.textContent = values.code || '(no code yet)';
    return code;
  }
  const label = values.address || 'Open the map';
  if (!values.addressUrl || !isAllowedUrl(values.addressUrl, ['http:', 'https:'])) return doc.createTextNode(values.address || '(no address yet)');
  const link = doc.createElement('a');
  link.href = values.addressUrl;
  link.target = '_blank';
  link.rel = 'noopener noreferrer';
  link.textContent = label;
  return link;
}

function clean(parent: Element, doc: Document, values: MarkerValues): void {
  for (const child of Array.from(parent.children)) {
    const marker = child.tagName === 'SPAN' ? child.getAttribute('data-marker') : null;
    if (marker) {
      child.replaceWith(markerContent(doc, marker, values));
      continue;
    }
    if (DROP.has(child.tagName)) {
      child.remove();
      continue;
    }
    clean(child, doc, values);
    if (!KEEP.has(child.tagName)) {
      child.replaceWith(...Array.from(child.childNodes));
      continue;
    }
    const href = child.tagName === 'A' ? child.getAttribute('href') : null;
    for (const attribute of Array.from(child.attributes)) child.removeAttribute(attribute.name);
    if (href && isAllowedUrl(href)) {
      child.setAttribute('href', href);
      child.setAttribute('target', '_blank');
      child.setAttribute('rel', 'noopener noreferrer');
    }
  }
}

/**
 * A step text as the guest page will show it: markers replaced by the code and the address link,
 * and only the sanitiser's tags kept (the text comes from this browser's editor or from the
 * server, which sanitised it; the allowlist makes the preview safe either way). The document made
 * by DOMParser is inert: nothing in it runs or loads.
 */
export function renderRichText(html: string, values: MarkerValues): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(`<!doctype html><body>${html}</body>`, 'text/html');
  clean(doc.body, doc, values);
  return doc.body.innerHTML;
}
