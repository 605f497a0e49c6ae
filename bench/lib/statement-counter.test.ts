import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { statementCounter } from './statement-counter.js';

afterEach(() => vi.restoreAllMocks());

/** A PostgreSQL stand-in that echoes what it gets. */
async function echoServer() {
  const server = net.createServer((s) => s.on('data', (d) => s.write(d)));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return server;
}

function message(type: string, body = 'x') {
  const b = Buffer.from(body);
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(4 + b.length, 1);
  return Buffer.concat([head, b]);
}

describe('statementCounter (the inbox bench proxy)', () => {
  it('counts Query and Execute messages and turns Nagle off on both of its sockets', async () => {
    const noDelay = vi.spyOn(net.Socket.prototype, 'setNoDelay');
    const upstream = await echoServer();
    const { port } = upstream.address() as net.AddressInfo;
    const counter = statementCounter(new URL(`postgres://u@127.0.0.1:${port}/db`));
    const proxyPort = await counter.listen();
    const client = net.connect(proxyPort, '127.0.0.1');
    await new Promise((r) => client.once('connect', r));
    const startup = Buffer.alloc(8);
    startup.writeInt32BE(8, 0);
    startup.writeInt32BE(196608, 4);
    const payload = Buffer.concat([startup, message('Q'), message('P'), message('B'), message('E')]);
    let echoed = 0;
    const back = new Promise<void>((r) =>
      client.on('data', (d) => {
        echoed += d.length;
        if (echoed >= payload.length) r();
      }),
    );
    client.write(payload);
    await back;
    expect(counter.count()).toBe(2);
    // The client-side socket and the upstream one (this test's own socket does not call it).
    const sockets = new Set(noDelay.mock.contexts);
    expect(noDelay.mock.calls.every(([on]) => on === true)).toBe(true);
    expect(sockets.size).toBeGreaterThanOrEqual(2);
    client.destroy();
    await counter.close();
    await new Promise<void>((r) => upstream.close(() => r()));
  });
});
