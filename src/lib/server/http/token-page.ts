/**
 * The headers of a page whose address carries a mailed token (e-mail verification, password
 * reset): no other site sees the token in a Referer, and no cache keeps the page
 * (docs/security.md 11). Set from the page's own frontmatter: a component's may run after the
 * headers have gone out.
 */
export function setTokenPageHeaders(headers: Headers): void {
  headers.set('Referrer-Policy', 'no-referrer');
  headers.set('Cache-Control', 'no-store');
}
