import http from 'node:http';

export type TurnstileBehaviour = 'pass' | 'fail' | 'other-hostname' | 'hang' | 'error';

export interface TurnstileStub {
  url: string;
  behaviour: TurnstileBehaviour;
  /** The form fields of every siteverify call, in order. */
  calls: URLSearchParams[];
  close(): Promise<void>;
}

/**
 * A stand-in for Cloudflare's siteverify on loopback: answers as Cloudflare does for the
 * configured behaviour, or never answers ('hang') to exercise the timeout.
 */
export async function startTurnstileStub(hostname: string): Promise<TurnstileStub> {
  const hanging = new Set<http.ServerResponse>();
  const stub: TurnstileStub = { url: '', behaviour: 'pass', calls: [], close: async () => {} };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      stub.calls.push(new URLSearchParams(Buffer.concat(chunks).toString('utf8')));
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      switch (stub.behaviour) {
        case 'pass':
          return send(200, { success: true, hostname, challenge_ts: new Date().toISOString(), 'error-codes': [] });
        case 'fail':
          return send(200, { success: false, 'error-codes': ['invalid-input-response'] });
        case 'other-hostname':
          return send(200, { success: true, hostname: 'evil.example', 'error-codes': [] });
        case 'error':
          return send(500, { error: 'internal' });
        case 'hang':
          hanging.add(res);
          return undefined;
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  stub.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/siteverify`;
  stub.close = () =>
    new Promise<void>((resolve) => {
      for (const res of hanging) res.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return stub;
}
