import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlockedAddress } from '../src/lib/server/geo/is-blocked-address.ts';
import { createPmsHttp, type PmsGuard } from '../src/lib/server/pms/pms-http.ts';
import { pmsHttpFor } from '../src/lib/server/pms/pms-systems.ts';
import type { Config } from '../src/lib/server/platform/config.ts';

/**
 * The connected-address check of the booking systems' client (docs/decisions/029-pms-connectors.md
 * §11, docs/security.md 19 and 32): for a system's production host, the name's every address and
 * the peer actually connected are checked by the safe fetch's one mechanism (`guardedFetch`), so a
 * vendor's DNS answering a private, loopback or metadata address sends nothing there; an
 * operator's override (the stand-ins) is not checked.
 */
let server: http.Server;
let port: number;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (req.url === '/moved') res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
    else res.writeHead(200, { 'content-type': 'application/json', 'x-five-min-limit-remaining': '93' }).end(JSON.stringify({ ok: true }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

let key = 0;
/** A client for a made-up production name that `dns` answers; each its own pace key, so none waits its second. */
const client = (base: string, guard: PmsGuard | null) => createPmsHttp('hostaway', base, `address-test-${key++}`, guard);
const answering = (...addresses: string[]): PmsGuard['resolveHost'] => () => Promise.resolve(addresses.map((address) => ({ address, family: net.isIPv6(address) ? 6 : 4 })));

describe('the connected address of a production host', () => {
  it('a name resolving to loopback, a private range, link-local metadata or IPv6 loopback: refused before a byte is sent', async () => {
    for (const address of ['127.0.0.1', '10.1.2.3', '192.168.0.10', '169.254.169.254', '::1', '::ffff:127.0.0.1']) {
      const http = client(`http://api.hostaway.test:${port}`, { resolveHost: answering(address) });
      await expect(http.request({ method: 'GET', path: '/v1/listings' }), address).rejects.toMatchObject({ name: 'PmsError', failure: 'unreachable' });
    }
    expect(hits).toEqual([]);
  });

  it('a name answering one public and one private address (how DNS rebinding starts): refused', async () => {
    const http = client(`http://api.hostaway.test:${port}`, { resolveHost: answering('93.184.216.34', '127.0.0.1') });
    await expect(http.request({ method: 'GET', path: '/v1/listings' })).rejects.toMatchObject({ failure: 'unreachable' });
    expect(hits).toEqual([]);
  });

  it('an address written in the URL, which skips DNS, is refused at the peer actually connected', async () => {
    await expect(client(`http://127.0.0.1:${port}`, {}).request({ method: 'POST', path: '/v1/accessTokens', body: '{}' })).rejects.toMatchObject({ failure: 'unreachable' });
    expect(hits).toEqual([]);
  });

  it('an allowed address: the request is sent, the JSON read, the headers seen; a redirect is not followed', async () => {
    // The check exempts this server's address for this test alone, as the safe fetch's tests do.
    const guard: PmsGuard = { resolveHost: answering('127.0.0.1'), isBlocked: (address) => address !== '127.0.0.1' && isBlockedAddress(address) };
    let remaining: string | null = null;
    const answer = await client(`http://api.hostaway.test:${port}`, guard).request({ method: 'GET', path: '/v1/listings', query: [['limit', '1']], onAnswer: (headers) => (remaining = headers.get('x-five-min-limit-remaining')) });
    expect([answer, remaining]).toEqual([{ ok: true }, '93']);
    await expect(client(`http://api.hostaway.test:${port}`, guard).request({ method: 'GET', path: '/moved' })).rejects.toMatchObject({ failure: 'bad-answer', where: { status: 302 } });
    expect(hits).toEqual(['GET /v1/listings?limit=1', 'GET /moved']);
  });

  it('pmsHttpFor checks the production hosts and leaves an operator’s override (a stand-in on loopback) alone', async () => {
    hits.length = 0;
    const overridden = { pmsApiUrls: { smoobu: `http://127.0.0.1:${port}`, beds24: undefined, hostaway: undefined } } as unknown as Config;
    expect(await pmsHttpFor(overridden, 'smoobu', `address-test-${key++}`).request({ method: 'GET', path: '/api/me' })).toEqual({ ok: true });
    expect(hits).toEqual(['GET /api/me']);
  });
});
