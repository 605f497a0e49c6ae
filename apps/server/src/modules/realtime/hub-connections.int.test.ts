import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket, { WebSocketServer } from 'ws';
import type { Database } from '../../platform/db/database.js';
import { createMemoryPubSub } from '../../platform/pubsub/pubsub.js';
import { openTestDatabase } from '../../testing/test-database.js';
import { createHub, type Hub, type HubLookups, type HubSession } from './hub.js';
import { createRealtime } from './realtime.js';

// The hub's own count of open connections: a socket that closes while its session is looked up
// must not stay in it (it did: the close came before the connection was known to the socket's
// handler, and every later event of the application passed it by).

const session: HubSession = {
  auth: {
    tokenHash: 'hash',
    applicationId: 'app-hub-test',
    userId: 'u1',
    userName: 'agent@example.com',
    roleType: '1',
    product: 'classic',
    sessionExpiresAt: new Date(Date.now() + 3_600_000),
  },
  applicationId: 'app-hub-test',
  applicationKey: 'key-hub-test',
  user: { id: 'u1', userId: 'agent@example.com', userKey: 'k1', status: 0, roleType: '1' },
};

const silent = pino({ level: 'silent' });

describe('hub connections', () => {
  let database: Database;
  let hub: Hub;
  let server: WebSocketServer;
  let url: string;
  // Each session lookup waits until the test lets it answer.
  let answer: () => void = () => {};

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const pubsub = createMemoryPubSub();
    const lookups: HubLookups = {
      session: () =>
        new Promise((resolve) => {
          answer = () => resolve(session);
        }),
      forgetSessions() {},
      findConversation: async () => null,
      isMember: async () => false,
    };
    hub = await createHub(
      database.db,
      pubsub,
      createRealtime(pubsub, silent),
      silent,
      async () => {},
      async () => ({ ok: false, error: { status: 403, code: 'FORBIDDEN', message: 'Not in this test.' } }),
      lookups,
    );
    server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
    server.on('connection', (socket) => hub.accept(socket));
    await new Promise((r) => server.once('listening', r));
    url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await hub?.close();
    await new Promise((r) => server?.close(r));
    await database?.close();
  });

  const until = async (check: () => boolean) => {
    for (let i = 0; i < 200 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  };

  const connect = async () => {
    const ws = new WebSocket(url);
    await new Promise((r) => ws.once('open', r));
    ws.send(JSON.stringify({ type: 'hello', token: 'a-token' }));
    return ws;
  };

  it('counts an authenticated socket until it closes', async () => {
    const ws = await connect();
    const resumed = new Promise<void>((resolve) =>
      ws.on('message', (m) => {
        if (String(m).includes('"resumed"')) resolve();
      }),
    );
    await new Promise((r) => setTimeout(r, 50));
    answer();
    await resumed;
    expect(hub.connectionCount()).toBe(1);
    ws.close();
    await until(() => hub.connectionCount() === 0);
    expect(hub.connectionCount()).toBe(0);
  });

  it('forgets a socket that closed while its session was looked up', async () => {
    const ws = await connect();
    // The hello is in; the lookup waits. The client leaves meanwhile.
    await new Promise((r) => setTimeout(r, 50));
    ws.close();
    await new Promise((r) => ws.once('close', r));
    await new Promise((r) => setTimeout(r, 50));
    answer();
    await new Promise((r) => setTimeout(r, 200));
    expect(hub.connectionCount()).toBe(0);
  });
});
