import { isIP, type BlockList } from 'node:net';
import { processSingleton } from '../platform/process-singleton.ts';

/**
 * Who a request comes from when the app runs behind a reverse proxy (rate limits, abuse records).
 * `X-Forwarded-For` is believed only as far as the hops that appended to it are trusted proxies
 * (TRUST_PROXY); without that setting the socket's peer is the client, whatever the header says.
 */

/** Set by scripts/serve.mjs on every request (an incoming copy is replaced); read by clientAddress(). */
export const CLIENT_ADDRESS_HEADER = 'x-porchlight-client-address';

/**
 * Called once by scripts/serve.mjs (through the boot bundle), which sets the header on every
 * request it hands to Astro; clientAddress() reads it in Astro's bundle (one flag for both bundles, process-singleton.ts).
 */
export function markClientAddressResolved(): void {
  resolution.resolved = true;
}

/** False under `astro dev`, where nothing replaces a header the client sent. */
export function isClientAddressResolved(): boolean {
  return resolution.resolved;
}

const resolution = processSingleton('client-address', () => ({ resolved: false }));

function isTrusted(address: string, trusted: BlockList): boolean {
  const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
  const family = isIP(plain);
  return family !== 0 && trusted.check(plain, family === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The client's address: walking back from the socket's peer through `X-Forwarded-For`, the first
 * hop that is not a trusted proxy (the left-most entry when all are). Entries left of it were
 * written by the client and count for nothing.
 */
export function resolveClientAddress(peer: string | undefined, forwardedFor: string | string[] | undefined, trusted: BlockList | null): string {
  const socket = peer || 'unknown';
  if (!trusted || !forwardedFor || !isTrusted(socket, trusted)) return socket;
  const hops = (Array.isArray(forwardedFor) ? forwardedFor.join(',') : forwardedFor)
    .split(',')
    .map((hop) => hop.trim())
    .filter(Boolean);
  for (let index = hops.length - 1; index >= 0; index -= 1) {
    const hop = hops[index]!;
    if (isIP(hop) === 0) return socket; // a garbled chain: trust none of it
    if (!isTrusted(hop, trusted) || index === 0) return hop;
  }
  return socket;
}
