/**
 * Where the cookie policy's boxes (its `cookieTypes`) go in its text: Markdown cannot hold a
 * component, so the page splits the rendered HTML at this comment (an invisible line to editors).
 */
export const COOKIE_TYPES_MARKER = '<!-- cookie-types -->';

// `## Heading {#anchor}` as the Markdown line; Astro's processor leaves the braces in the text.
const HEADING_WITH_ANCHOR = /<h([2-6])(?: id="[^"]*")?>([\s\S]*?)\s*\{#([a-z0-9-]+)\}\s*<\/h\1>/g;

/**
 * Gives each heading written `## Title {#anchor}` the id `anchor`, so links such as /terms#as-is
 * keep working when the wording of the heading changes. Headings without braces keep the id
 * Astro derives from their text.
 */
export function withHeadingAnchors(html: string): string {
  return html.replace(HEADING_WITH_ANCHOR, (_heading, level: string, title: string, anchor: string) => {
    return `<h${level} id="${anchor}">${title}</h${level}>`;
  });
}
