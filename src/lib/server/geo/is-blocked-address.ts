import net from 'node:net';

/**
 * Addresses a server-side fetch must never connect to (docs/security.md 19): the ranges it lists, plus
 * the other special-use blocks of RFC 6890 that no public map service lives in (documentation,
 * benchmarking, reserved, broadcast, multicast). Anything that is not a valid IP is blocked too.
 */
const IPV4_BLOCKS: Array<[string, number]> = [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
];

const IPV6_BLOCKS: Array<[string, number]> = [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
];

const ipv4List = new net.BlockList();
for (const [address, prefix] of IPV4_BLOCKS) ipv4List.addSubnet(address, prefix, 'ipv4');
const ipv6List = new net.BlockList();
for (const [address, prefix] of IPV6_BLOCKS) ipv6List.addSubnet(address, prefix, 'ipv6');

/** `[::1]` (a URL's hostname) and `fe80::1%eth0` (a zone id) become plain addresses. */
function bareAddress(address: string): string {
  return address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
}

/** The eight 16-bit groups of an IPv6 address, with a trailing dotted quad folded in. */
function ipv6Groups(address: string): number[] | null {
  let text = address.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail].map((group) => parseInt(group, 16));
  return groups.length === 8 && groups.every((group) => Number.isInteger(group) && group >= 0 && group <= 0xffff) ? groups : null;
}

function ipv4FromGroups(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * The IPv4 address an IPv6 one carries, when it is one of the forms that reach IPv4 hosts:
 * IPv4-mapped (::ffff:a.b.c.d), IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96) and 6to4 (2002::/16).
 */
function embeddedIpv4(groups: number[]): string | null {
  const [g0, g1, g2, g3, g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroPrefix && (g5 === 0xffff || g5 === 0)) return ipv4FromGroups(g6, g7);
  if (g0 === 0x64 && g1 === 0xff9b && g2 === 0 && g3 === 0 && g4 === 0 && g5 === 0) return ipv4FromGroups(g6, g7);
  if (g0 === 0x2002) return ipv4FromGroups(g1, g2);
  return null;
}

/** True when `address` (an IP literal, as DNS answers it or a URL spells it) must not be reached. */
export function isBlockedAddress(address: string): boolean {
  const bare = bareAddress(address);
  const family = net.isIP(bare);
  if (family === 4) return ipv4List.check(bare, 'ipv4');
  if (family !== 6) return true;
  if (ipv6List.check(bare, 'ipv6')) return true;
  const groups = ipv6Groups(bare);
  if (!groups) return true;
  const ipv4 = embeddedIpv4(groups);
  return ipv4 !== null && ipv4List.check(ipv4, 'ipv4');
}
