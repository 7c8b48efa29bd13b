const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/**
 * Text made safe to put in HTML, as element content or a quoted attribute value. The guest page,
 * the mails, the admin's generated HTML (feedback, welcome message) and the Stripe stand-in all
 * escape through this one function. Node runs this file as it is (the Stripe stand-in's CLI): it
 * imports nothing.
 */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);
}
