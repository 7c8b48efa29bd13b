/**
 * The peer address as the server saw it (rate limits, abuse records). Astro throws when the
 * adapter cannot tell; rate limits then share one "unknown" bucket rather than none at all.
 */
export function clientAddress(context: { clientAddress: string }): string {
  try {
    return context.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}
