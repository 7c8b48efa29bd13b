import { CLIENT_ADDRESS_HEADER, isClientAddressResolved } from './forwarded.ts';

/**
 * The client's address (rate limits, abuse records): the one scripts/serve.mjs resolved, through
 * trusted proxies only (TRUST_PROXY, http/forwarded.ts); else the peer Astro saw. Astro throws
 * when the adapter cannot tell; rate limits then share one "unknown" bucket rather than none.
 */
export function clientAddress(context: { clientAddress: string; request: Request }): string {
  const resolved = isClientAddressResolved() ? context.request.headers.get(CLIENT_ADDRESS_HEADER) : null;
  if (resolved) return resolved;
  try {
    return context.clientAddress || 'unknown';
  } catch {
    return 'unknown';
  }
}
