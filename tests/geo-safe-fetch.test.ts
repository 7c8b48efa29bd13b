// @no-database: no database or stored file, so `npm run test:pg` skips it (tests/helpers/database-files.ts).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isBlockedAddress } from '../src/lib/server/geo/is-blocked-address.ts';
import { GeoError } from '../src/lib/server/geo/geo-error.ts';
import { resolveMapLink } from '../src/lib/server/geo/resolve-map-link.ts';
import {
  FETCH_TIMEOUT_MS,
  MAP_LINK_HOSTS,
  MAX_BODY_BYTES,
  MAX_REDIRECTS,
  safeFetch,
  SafeFetchError,
  type ResolveHost,
  type SafeFetchOptions,
} from '../src/lib/server/geo/safe-fetch.ts';
import { SSRF_CORPUS } from './helpers/ssrf-corpus.ts';

/**
 * safe-fetch is exercised directly (docs/security.md 18, 19), through the same code the route runs.
 * A loopback http server stands in for the public redirectors; it is reachable only because each
 * test says so: `allowHttp`, an allowlist naming `stand-in.test`, a DNS stub answering 127.0.0.1
 * for it, and an address check that exempts exactly 127.0.0.1 (everything else stays blocked).
 */
const corpus = SSRF_CORPUS;

interface Seen {
  path: string;
  headers: http.IncomingHttpHeaders;
}
const seen: Seen[] = [];
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? '', headers: req.headers });
    const url = new URL(req.url ?? '/', 'http://stand-in.test');
    const chain = /^\/chain\/(\d+)$/.exec(url.pathname);
    if (chain) {
      const left = Number(chain[1]);
      if (left === 0) return res.end('end of chain');
      res.writeHead(302, { location: `/chain/${left - 1}` });
      return res.end();
    }
    switch (url.pathname) {
      case '/to':
        res.writeHead(Number(url.searchParams.get('status') ?? 302), { location: url.searchParams.get('url') ?? '/', 'set-cookie': 'sid=secret; Path=/' });
        return res.end();
      case '/short':
        // A short link: its own URL carries no point, its target does (like maps.app.goo.gl).
        res.writeHead(302, { location: 'https://www.google.com/maps/place/Palace/@43.5,16.4,17z/data=!3d43.5081!4d16.4402' });
        return res.end();
      case '/echo':
        return res.end('ok');
      case '/slow':
        return; // never answers
      case '/big':
        res.writeHead(200, { 'content-type': 'text/plain' });
        return res.end(Buffer.alloc(2 * MAX_BODY_BYTES, 'a'));
      case '/page':
        res.writeHead(200, { 'content-type': 'text/html' });
        return res.end('<html><head><link rel="canonical" href="https://www.google.com/maps/place/X/@43.5081,16.4402,17z/data=!3d43.50813!4d16.44018"></head></html>');
      case '/no-point':
        return res.end('<html><head><title>Nothing here</title></head></html>');
      default:
        res.writeHead(404);
        return res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://stand-in.test:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** A DNS stub: names in `answers` get those addresses, others fail like NXDOMAIN. Records every question. */
function dnsStub(answers: Record<string, string[]>): ResolveHost & { asked: string[] } {
  const asked: string[] = [];
  const stub = async (hostname: string) => {
    asked.push(hostname);
    const addresses = answers[hostname];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(stub, { asked });
}

function standIn(extra: Partial<SafeFetchOptions> = {}): SafeFetchOptions & { checked: string[] } {
  const checked: string[] = [];
  return {
    allowHosts: ['stand-in.test', ...MAP_LINK_HOSTS],
    allowHttp: true,
    resolveHost: dnsStub({ 'stand-in.test': ['127.0.0.1'] }),
    isBlocked: (address) => {
      checked.push(address);
      return address !== '127.0.0.1' && isBlockedAddress(address);
    },
    checked,
    ...extra,
  };
}

async function refusal(promise: Promise<unknown>): Promise<SafeFetchError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SafeFetchError);
  return error as SafeFetchError;
}

const to = (target: string, status = 302) => `${base}/to?status=${status}&url=${encodeURIComponent(target)}`;

describe('safe-fetch: production defaults', () => {
  it('are strict: https only, the map hosts, 5 redirects, 5 s, 1 MB', () => {
    expect(MAX_REDIRECTS).toBe(5);
    expect(FETCH_TIMEOUT_MS).toBe(5000);
    expect(MAX_BODY_BYTES).toBe(1024 * 1024);
    expect([...MAP_LINK_HOSTS].sort()).toEqual(
      ['goo.gl', 'google.com', 'maps.app.goo.gl', 'maps.apple.com', 'maps.google.com', 'openstreetmap.org', 'osm.org', 'www.google.com', 'www.openstreetmap.org'].sort(),
    );
  });

  it.each(corpus)('refuses %s before any DNS question or connection', async (url) => {
    const resolveHost = dnsStub({});
    const error = await refusal(safeFetch(url, { resolveHost }));
    expect(error.reason).toBe('refused');
    expect(resolveHost.asked).toEqual([]);
  });

  it('refuses plain http even to an allowlisted host', async () => {
    const resolveHost = dnsStub({ 'maps.app.goo.gl': ['142.250.185.78'] });
    expect((await refusal(safeFetch('http://maps.app.goo.gl/abc', { resolveHost }))).reason).toBe('refused');
    expect(resolveHost.asked).toEqual([]);
  });
});

describe('safe-fetch: the address connected to (docs/security.md 19)', () => {
  it('refuses an allowlisted name whose DNS answer is private (DNS stub)', async () => {
    for (const answer of [['10.0.0.7'], ['169.254.169.254'], ['127.0.0.1'], ['::1'], ['::ffff:192.168.1.1'], ['fd00::5'], ['142.250.185.78', '10.0.0.7']]) {
      const resolveHost = dnsStub({ 'maps.app.goo.gl': answer });
      const error = await refusal(safeFetch('https://maps.app.goo.gl/abc', { resolveHost }));
      expect(error.reason, answer.join()).toBe('refused');
      expect(resolveHost.asked).toEqual(['maps.app.goo.gl']);
    }
  });

  it('refuses every corpus URL on the address alone, even were the allowlist and http rule to let it through', async () => {
    // What each name really resolves to; IP literals skip DNS and are checked as written.
    const resolveHost = dnsStub({ localhost: ['127.0.0.1'], '127.0.0.1.nip.io': ['127.0.0.1'], 'metadata.google.internal': ['169.254.169.254'], 'maps.app.goo.gl.evil.example': ['10.1.2.3'] });
    for (const url of corpus) {
      let host = '';
      try {
        host = new URL(url).hostname.toLowerCase();
      } catch {
        // not a URL at all: refused as such
      }
      const before = seen.length;
      const error = await refusal(safeFetch(url, { allowHttp: true, allowHosts: [host], resolveHost }));
      expect(error.reason, url).toBe('refused');
      expect(seen.length).toBe(before);
    }
  });

  it('checks the DNS answer and again the peer actually connected to', async () => {
    const options = standIn();
    const result = await safeFetch(`${base}/echo`, options);
    expect(result.body).toBe('ok');
    expect(options.checked.filter((address) => address === '127.0.0.1').length).toBeGreaterThanOrEqual(2);
  });
});

describe('safe-fetch: redirects (docs/security.md 18)', () => {
  it('refuses a redirect to 169.254.169.254, by its address, with nothing fetched there', async () => {
    const before = seen.length;
    for (const target of ['http://169.254.169.254/latest/meta-data/', 'https://169.254.169.254/latest/meta-data/']) {
      const options = standIn({ allowHosts: ['stand-in.test', '169.254.169.254'] });
      expect((await refusal(safeFetch(to(target), options))).reason).toBe('refused');
    }
    // …and by the allowlist under the production list.
    expect((await refusal(safeFetch(to('http://169.254.169.254/latest/meta-data/'), standIn()))).reason).toBe('refused');
    expect(seen.length - before).toBe(3);
  });

  it('refuses a redirect to an allowlisted name that resolves to a private address', async () => {
    const options = standIn({ resolveHost: dnsStub({ 'stand-in.test': ['127.0.0.1'], 'maps.google.com': ['192.168.0.10'] }) });
    expect((await refusal(safeFetch(to('https://maps.google.com/x'), options))).reason).toBe('refused');
  });

  it('refuses a redirect off the allowlist, to credentials in the URL, or to another scheme', async () => {
    for (const target of ['https://evil.example/', 'https://maps.app.goo.gl.evil.example/x', 'https://user:pass@maps.google.com/', 'file:///etc/passwd', 'gopher://maps.google.com/']) {
      expect((await refusal(safeFetch(to(target), standIn()))).reason, target).toBe('refused');
    }
  });

  it('refuses an allowlisted http hop when http is not allowed (https only)', async () => {
    const before = seen.length;
    expect((await refusal(safeFetch(`${base}/echo`, standIn({ allowHttp: false })))).reason).toBe('refused');
    expect(seen.length).toBe(before);
  });

  it('follows 5 redirects and refuses a chain of 6', async () => {
    const ok = await safeFetch(`${base}/chain/5`, standIn());
    expect(ok.body).toBe('end of chain');
    expect(ok.redirects).toBe(5);
    const before = seen.length;
    expect((await refusal(safeFetch(`${base}/chain/6`, standIn()))).reason).toBe('too-many-redirects');
    expect(seen.length - before).toBe(6);
  });

  it('follows every redirect status by hand, and forwards no cookie or credentials', async () => {
    for (const status of [301, 302, 303, 307, 308]) {
      const before = seen.length;
      const result = await safeFetch(to(`${base}/echo`, status), standIn());
      expect(result.body).toBe('ok');
      const last = seen.at(-1)!;
      expect(seen.length - before).toBe(2);
      expect(last.headers.cookie).toBeUndefined();
      expect(last.headers.authorization).toBeUndefined();
      expect(Object.keys(last.headers).sort()).toEqual(['accept', 'accept-encoding', 'connection', 'host', 'user-agent']);
    }
  });
});

describe('safe-fetch: limits (docs/security.md 18)', () => {
  it('gives up after the timeout', async () => {
    // The stand-in's /slow never answers: without the timeout this would not return at all.
    expect((await refusal(safeFetch(`${base}/slow`, standIn({ timeoutMs: 300 })))).reason).toBe('timeout');
  });

  it('keeps at most 1 MB of a body', async () => {
    const result = await safeFetch(`${base}/big`, standIn());
    expect(result.body.length).toBe(MAX_BODY_BYTES);
    expect(result.truncated).toBe(true);
  });
});

describe('resolveMapLink', () => {
  it('reads coordinates straight from a link, with no network', async () => {
    const resolveHost = dnsStub({});
    expect(await resolveMapLink('https://www.google.com/maps/@43.5081,16.4402,17z', { resolveHost })).toEqual({ lat: 43.5081, lng: 16.4402 });
    expect(resolveHost.asked).toEqual([]);
  });

  it('follows a short link and stops at the first redirect target that spells the point', async () => {
    const options = standIn();
    const point = await resolveMapLink(`${base}/short`, options);
    expect(point).toEqual({ lat: 43.5081, lng: 16.4402 });
    expect((options.resolveHost as ReturnType<typeof dnsStub>).asked).toEqual(['stand-in.test']);
  });

  it('reads the final page’s canonical link when the URL has no point', async () => {
    expect(await resolveMapLink(`${base}/page`, standIn())).toEqual({ lat: 43.50813, lng: 16.44018 });
  });

  it('says refused or unresolved', async () => {
    const reason = async (link: string, options: SafeFetchOptions) =>
      resolveMapLink(link, options).then(
        () => 'resolved',
        (error: unknown) => (error instanceof Error && error.cause instanceof GeoError ? error.cause.reason : String(error)),
      );
    expect(await reason('http://169.254.169.254/latest/meta-data/', {})).toBe('refused');
    expect(await reason(`${base}/chain/6`, standIn())).toBe('refused');
    expect(await reason(`${base}/no-point`, standIn())).toBe('unresolved');
    expect(await reason(`${base}/slow`, standIn({ timeoutMs: 200 }))).toBe('unresolved');
    expect(await reason('x'.repeat(3000), {})).toBe('refused');
  });
});
