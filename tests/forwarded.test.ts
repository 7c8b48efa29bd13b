import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../src/lib/server/platform/config.ts';
import { CLIENT_ADDRESS_HEADER, resolveClientAddress } from '../src/lib/server/http/forwarded.ts';
import { parseTrustedProxies } from '../src/lib/server/platform/trusted-proxies.ts';
import { query } from './helpers/auth.ts';
import { startServer, type TestServer } from './helpers/server.ts';

/**
 * Behind a reverse proxy every request comes from the proxy: rate limits must key on the client
 * the trusted proxies report (TRUST_PROXY), and never on what a client writes in a header itself.
 */
describe('resolveClientAddress', () => {
  const proxies = parseTrustedProxies('loopback, 10.0.0.0/8');

  it('without TRUST_PROXY the socket peer is the client, whatever X-Forwarded-For says', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', null)).toBe('203.0.113.9');
    expect(resolveClientAddress('127.0.0.1', '198.51.100.1', null)).toBe('127.0.0.1');
  });

  it('believes the header only when the peer is a trusted proxy', () => {
    expect(resolveClientAddress('203.0.113.9', '198.51.100.1', proxies)).toBe('203.0.113.9');
    expect(resolveClientAddress('127.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(resolveClientAddress('::ffff:127.0.0.1', '198.51.100.1', proxies)).toBe('198.51.100.1');
    expect(resolveClientAddress('127.0.0.1', undefined, proxies)).toBe('127.0.0.1');
  });

  it('walks back through trusted hops only: entries a client wrote before them count for nothing', () => {
    // client wrote "1.2.3.4", the edge proxy appended the real client, an inner proxy its own hop
    expect(resolveClientAddress('127.0.0.1', '1.2.3.4, 198.51.100.7, 10.1.2.3', proxies)).toBe('198.51.100.7');
    expect(resolveClientAddress('127.0.0.1', ['1.2.3.4', '198.51.100.7'], proxies)).toBe('198.51.100.7');
    // all trusted: the left-most hop
    expect(resolveClientAddress('127.0.0.1', '10.9.9.9, 10.1.2.3', proxies)).toBe('10.9.9.9');
    // a garbled chain is not believed at all
    expect(resolveClientAddress('127.0.0.1', '198.51.100.7, not-an-ip', proxies)).toBe('127.0.0.1');
  });

  it('TRUST_PROXY accepts addresses, CIDR ranges and "loopback"; anything else stops the start', () => {
    expect(parseConfig({ TRUST_PROXY: '192.0.2.10, 2001:db8::/32, loopback' }).trustedProxies).not.toBeNull();
    expect(parseConfig({}).trustedProxies).toBeNull();
    expect(() => parseConfig({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY/);
    expect(() => parseConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/TRUST_PROXY/);
  });
});

describe('rate limits behind a proxy (real server)', () => {
  let direct: TestServer;
  let proxied: TestServer;

  beforeAll(async () => {
    [direct, proxied] = await Promise.all([startServer(), startServer({ TRUST_PROXY: 'loopback' })]);
  });

  afterAll(async () => {
    await Promise.all([direct?.stop(), proxied?.stop()]);
  });

  const contact = { name: 'Grace Hopper', email: 'grace@example.com', message: 'Is the cottage free in May?' };
  const keys = (server: TestServer) => query<{ key: string }>(server, "SELECT key FROM rate_limits WHERE key LIKE 'contact:ip:%'").map((row) => row.key);

  it('keys on the forwarded client when the proxy is trusted', async () => {
    for (const client of ['198.51.100.1', '198.51.100.2']) {
      const response = await proxied.request('/api/messaging/contact', { json: contact, headers: { 'x-forwarded-for': client } });
      expect(response.status).toBe(200);
      await response.body?.cancel();
    }
    expect(keys(proxied).sort()).toEqual(['contact:ip:198.51.100.1', 'contact:ip:198.51.100.2']);
  });

  it('ignores X-Forwarded-For and a forged resolved-address header without TRUST_PROXY', async () => {
    const response = await direct.request('/api/messaging/contact', {
      json: contact,
      headers: { 'x-forwarded-for': '198.51.100.1', [CLIENT_ADDRESS_HEADER]: '198.51.100.3' },
    });
    expect(response.status).toBe(200);
    await response.body?.cancel();
    expect(keys(direct)).toHaveLength(1);
    expect(keys(direct)[0]).toMatch(/^contact:ip:(::ffff:)?127\.0\.0\.1$/);
  });
});
