import { MESSAGING_PATHS } from '@convo/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../platform/db/database.js';
import { createRedisPubSub, type PubSub } from '../../platform/pubsub/pubsub.js';
import { newTenant, newVisitor } from '../../testing/messaging-fixtures.js';
import { buildTestApp, type TestApp } from '../../testing/test-app.js';
import { openTestDatabase } from '../../testing/test-database.js';
import { Client } from '../../testing/ws-client.js';

// Two server processes' worth of app (each with its own Redis connections and hub) on one
// PostgreSQL: a message sent through node A reaches an agent connected to node B.
const enabled = Boolean(process.env.REDIS_URL && process.env.TEST_DATABASE_URL);

describe.runIf(enabled)('two nodes on one PostgreSQL and one Redis', () => {
  let database: Database;
  const nodes: { app: FastifyInstance; base: string; pubsub: PubSub }[] = [];

  beforeAll(async () => {
    database = await openTestDatabase('postgres');
    for (let i = 0; i < 2; i++) {
      const pubsub = createRedisPubSub(process.env.REDIS_URL!, () => {});
      const { app } = await buildTestApp(database, {}, { pubsub });
      nodes.push({ app, pubsub, base: await app.listen({ port: 0, host: '127.0.0.1' }) });
    }
  });
  afterAll(async () => {
    for (const n of nodes) {
      await n.app.close();
      await n.pubsub.close();
    }
    await database?.close();
  });

  it('delivers a message sent through node A to an agent connected to node B', async () => {
    const [a, b] = nodes as [(typeof nodes)[0], (typeof nodes)[0]];
    const tenant = await newTenant({ app: a.app } as TestApp);
    const visitor = await newVisitor({ app: a.app } as TestApp, tenant);
    const agentOnB = await Client.connect(b.base, tenant.admin['x-authorization']!);
    const created = await a.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers: visitor.headers,
      payload: { groupName: 'Across nodes' },
    });
    const groupId = created.json().response.id as number;
    await a.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.messageSend,
      headers: visitor.headers,
      payload: { key: `x-node-${groupId}`, groupId, message: 'hello from node A' },
    });
    const got = await agentOnB.next(
      (f) => (f.data?.message as { message?: string } | undefined)?.message === 'hello from node A',
    );
    expect(got.conversationId).toBe(groupId);
    agentOnB.close();
  });
});
