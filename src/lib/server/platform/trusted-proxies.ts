import { BlockList, isIP } from 'node:net';

const LOOPBACK = ['127.0.0.0/8', '::1/128'];

/**
 * TRUST_PROXY: a comma-separated list of addresses and CIDR ranges (`10.0.0.0/8`, `::1`), or
 * `loopback`. Throws on an entry that is neither (the configuration check reports it). Parsed by
 * config.ts; http/forwarded.ts believes `X-Forwarded-For` only as far as these hops.
 */
export function parseTrustedProxies(value: string): BlockList {
  const list = new BlockList();
  for (const raw of value.split(',').map((part) => part.trim()).filter(Boolean)) {
    for (const entry of raw === 'loopback' ? LOOPBACK : [raw]) {
      const [address = '', bits] = entry.split('/');
      const family = isIP(address);
      if (family === 0) throw new Error(`"${raw}" is not an address, a CIDR range or "loopback"`);
      const type = family === 6 ? 'ipv6' : 'ipv4';
      if (bits === undefined) list.addAddress(address, type);
      else {
        const prefix = Number(bits);
        if (!Number.isInteger(prefix) || prefix < 0 || prefix > (family === 6 ? 128 : 32)) throw new Error(`"${raw}" has a bad prefix length`);
        list.addSubnet(address, prefix, type);
      }
    }
  }
  return list;
}
