import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { until } from './until.ts';

/** One call the app made to the CDN purge hook (CDN_PURGE_URL). */
export interface Purge {
  tags: string[];
  authorization: string | undefined;
  at: number;
}

/**
 * A CDN purge endpoint on loopback: records each `POST { "tags": [...] }`; `failTag` makes the
 * next call carrying that tag answer 503, as a CDN's API under trouble would (the app retries),
 * whatever other purges arrive meanwhile; `refused` records those calls.
 */
export interface PurgeStandIn {
  url: string;
  purges: Purge[];
  refused: Purge[];
  failTag: string | undefined;
  /** Waits until some recorded purge after `since` carries `tag`. */
  waitForTag(tag: string, since?: number): Promise<Purge>;
  close(): Promise<void>;
}

export async function startPurgeStandIn(): Promise<PurgeStandIn> {
  const purges: Purge[] = [];
  const refused: Purge[] = [];
  const state: { failTag: string | undefined } = { failTag: undefined };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { tags?: unknown };
      const purge = { tags: Array.isArray(body.tags) ? body.tags.map(String) : [], authorization: req.headers.authorization, at: Date.now() };
      if (state.failTag !== undefined && purge.tags.includes(state.failTag)) {
        state.failTag = undefined;
        refused.push(purge);
        res.writeHead(503).end();
        return;
      }
      purges.push(purge);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
  return Object.assign(state, {
    url,
    purges,
    refused,
    async waitForTag(tag: string, since = 0) {
      const carries = (purge: Purge) => purge.at >= since && purge.tags.includes(tag);
      return (await until(() => purges, (seen) => seen.some(carries), `a purge of ${tag}`)).find(carries)!;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
