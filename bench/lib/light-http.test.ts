import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LightConnection, LightPool } from './light-http.js';

// A server that holds every answer until told, so requests pile up as under an open loop.
let server: http.Server;
let port = 0;
const held: (() => void)[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () =>
      held.push(() => {
        res.setHeader('content-type', 'application/json');
        res.end('{"ok":true}');
      }),
    );
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

const waitHeld = async (n: number) => {
  while (held.length < n) await new Promise((r) => setTimeout(r, 5));
};

describe('LightPool (the open loop never queues in the client)', () => {
  it('sends concurrent requests on separate connections, all reaching the server at once', async () => {
    const pool = new LightPool('127.0.0.1', port);
    pool.warm(2);
    const answers = Array.from({ length: 5 }, (_, i) => pool.post('/x', { i }, {}));
    // All five are at the server before any is answered: none waits behind another.
    await waitHeld(5);
    expect(pool.size).toBe(5);
    expect(pool.queued).toBe(0);
    for (const release of held.splice(0)) release();
    expect((await Promise.all(answers)).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    // Idle connections are reused.
    const again = pool.post('/x', {}, {});
    await waitHeld(1);
    expect(pool.size).toBe(5);
    for (const release of held.splice(0)) release();
    await again;
    pool.close();
  });

  it('counts the requests that had to wait when the connection limit is reached', async () => {
    const pool = new LightPool('127.0.0.1', port, 2);
    const answers = Array.from({ length: 3 }, () => pool.post('/x', {}, {}));
    await waitHeld(2);
    expect(pool.queued).toBe(1);
    for (const release of held.splice(0)) release();
    await waitHeld(1);
    for (const release of held.splice(0)) release();
    await Promise.all(answers);
    pool.close();
  });
});

describe('a failed connection is an error to count, never a crash', () => {
  it('a reset rejects its request; the pool drops the dead connection and the next request goes out on a fresh one', async () => {
    let resetNext = true;
    const flaky = http.createServer((req, res) => {
      req.resume();
      if (resetNext) {
        resetNext = false;
        // What a loaded server's kernel does to a connection: RST, not an answer.
        req.socket.resetAndDestroy();
        return;
      }
      res.setHeader('content-type', 'application/json');
      res.end('{"ok":true}');
    });
    await new Promise<void>((r) => flaky.listen(0, '127.0.0.1', () => r()));
    const flakyPort = (flaky.address() as AddressInfo).port;
    const pool = new LightPool('127.0.0.1', flakyPort);
    try {
      await expect(pool.post('/x', {}, {})).rejects.toThrow(/ECONNRESET|closed/);
      expect((await pool.post('/x', {}, {})).status).toBe(200);
      expect(pool.lost).toBe(1);
      expect(pool.size).toBe(1);
    } finally {
      pool.close();
      await new Promise<void>((r) => flaky.close(() => r()));
    }
  });

  it('a connection that never opens, or that died, refuses its requests at once', async () => {
    const closed = http.createServer();
    await new Promise<void>((r) => closed.listen(0, '127.0.0.1', () => r()));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((r) => closed.close(() => r()));
    const connection = new LightConnection('127.0.0.1', closedPort);
    await expect(connection.post('/x', {}, {})).rejects.toThrow(/ECONNREFUSED/);
    expect(connection.alive).toBe(false);
    await expect(connection.post('/x', {}, {})).rejects.toThrow(/ECONNREFUSED/);
  });
});
