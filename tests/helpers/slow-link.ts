import net from 'node:net';
import type { AddressInfo } from 'node:net';

/**
 * A TCP relay in front of a server (PostgreSQL here) whose answers can be held back a while, as on
 * a slow link: bytes keep their order, and the delay applies to what the server sends, not what
 * it receives. `delayMs` 0 (the default) relays at once. It stands for a busy or distant machine,
 * so a test can show that a guarantee does not rest on one socket being read before another.
 */
export interface SlowLink {
  /** `url` with its host and port replaced by the relay's. */
  readonly url: string;
  delayMs: number;
  close(): Promise<void>;
}

export async function startSlowLink(url: string): Promise<SlowLink> {
  const target = new URL(url);
  const sockets = new Set<net.Socket>();
  const link = { delayMs: 0 };
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client).add(upstream);
    // Answers leave in order: each waits for the one before, then for its own delay.
    let last = Promise.resolve();
    upstream.on('data', (chunk: Buffer) => {
      const delay = link.delayMs;
      last = last.then(() => (delay > 0 ? new Promise((resolve) => setTimeout(resolve, delay)) : undefined)).then(() => void client.write(chunk));
    });
    client.pipe(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    for (const socket of [client, upstream]) socket.on('close', end).on('error', end);
  });
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve));
  const relayed = new URL(url);
  relayed.hostname = '127.0.0.1';
  relayed.port = String((relay.address() as AddressInfo).port);
  return {
    url: relayed.toString(),
    get delayMs() {
      return link.delayMs;
    },
    set delayMs(value: number) {
      link.delayMs = value;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => relay.close(() => resolve()));
    },
  };
}
