import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A webhook endpoint of our own: answers 200 at once and counts the deliveries of each message
 * key (at-least-once: a delivery the server made but did not record before a kill comes again).
 */
export async function startWebhookReceiver() {
  const byKey = new Map<string, number>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      try {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { key?: unknown };
        if (typeof body.key === 'string') byKey.set(body.key, (byKey.get(body.key) ?? 0) + 1);
      } catch {}
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    byKey,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
