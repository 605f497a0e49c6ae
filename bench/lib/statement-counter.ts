import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that counts the statements the server runs: every simple
 * Query ('Q') and every extended-protocol Execute ('E') the client sends.
 *
 * Both of its sockets have Nagle's algorithm off: with it on, a small write that follows another
 * not yet acknowledged waits for the peer's delayed ACK (about 40 ms on Linux), and that wait
 * was most of every inbox figure measured through the proxy, not the product's.
 */
export function statementCounter(target: URL) {
  let statements = 0;
  const server = net.createServer((client) => {
    client.setNoDelay(true);
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    upstream.setNoDelay(true);
    let started = false;
    let buffer = Buffer.alloc(0);
    client.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        if (!started) {
          // Startup and SSL requests have no type byte: length, then the body.
          if (buffer.length < 8) break;
          const len = buffer.readInt32BE(0);
          if (buffer.length < len) break;
          const code = buffer.readInt32BE(4);
          buffer = buffer.subarray(len);
          if (code !== 80877103) started = true; // 80877103: SSLRequest, answered, then startup follows
          continue;
        }
        if (buffer.length < 5) break;
        const len = buffer.readInt32BE(1);
        if (buffer.length < len + 1) break;
        const type = String.fromCharCode(buffer[0]!);
        if (type === 'Q' || type === 'E') statements += 1;
        buffer = buffer.subarray(len + 1);
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk) => client.write(chunk));
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  return {
    listen: () =>
      new Promise<number>((r) =>
        server.listen(0, '127.0.0.1', () => r((server.address() as net.AddressInfo).port)),
      ),
    count: () => statements,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
