import net from 'node:net';

/**
 * Sends raw bytes on a fresh connection to the server on `port` and collects everything it
 * answers: for what a normal HTTP client will not send (a lying Content-Length, a body cut short).
 */
export function rawExchange(port: number, send: (socket: net.Socket) => void): Promise<string> {
  return new Promise((resolve) => {
    let data = '';
    const socket = net.connect(port, '127.0.0.1', () => send(socket));
    socket.on('data', (chunk: Buffer) => (data += chunk.toString()));
    // A reset after the answer is normal when the server refuses to read the rest of a body.
    socket.on('error', () => resolve(data));
    socket.on('close', () => resolve(data));
  });
}
