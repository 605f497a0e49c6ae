import { ACCOUNT_PATHS, MESSAGING_PATHS } from '@convo/api';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversations } from '../../db/schema/index.js';
import type { Database } from '../../platform/db/database.js';
import { connectRedis } from '../../platform/redis.js';
import { newTenant, newVisitor } from '../../testing/messaging-fixtures.js';
import { buildTestApp, newSignup, type TestApp } from '../../testing/test-app.js';
import { openTestDatabase, testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// Issue 14 item 4: conversation creation is limited per visitor and per address, and a visitor's
// messages are counted once across message/send and message/v2/send, in Redis when configured.

const createGroup = (
  app: FastifyInstance,
  headers: Record<string, string>,
  remoteAddress: string,
  url: string = MESSAGING_PATHS.groupCreateV21,
) => app.inject({ method: 'POST', url, headers, remoteAddress, payload: { groupName: 'Flood', type: 10 } });

const send = (
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  groupId: number,
  key: string,
) => app.inject({ method: 'POST', url, headers, payload: { groupId, key, message: key } });

describe.each(testDatabaseKinds())('visitor floods on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, {
    tenants: 1,
    env: { RATE_LIMIT_ADDRESS_CONVERSATIONS: '25', RATE_LIMIT_VISITOR_MESSAGES: '6' },
  });
  const [tenant] = tenants;

  it('refuses a visitor’s conversations past 20 an hour with 429 RATE_LIMITED; none reach the inbox', async () => {
    const visitor = await newVisitor(t, tenant);
    const codes: number[] = [];
    for (let i = 0; i < 200; i++) {
      // Both create routes share the count.
      const url = i % 2 === 0 ? MESSAGING_PATHS.groupCreateV21 : MESSAGING_PATHS.groupCreate;
      const res = await createGroup(t.app, visitor.headers, '192.0.2.100', url);
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        expect(res.json()).toEqual({
          code: 'RATE_LIMITED',
          message: 'Too many attempts. Try again in 60 minute(s).',
        });
        expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
      }
    }
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes.slice(20).every((c) => c === 429)).toBe(true);
    const mine = await t.database.db
      .select({ id: conversations.id })
      .from(conversations)
      .where(eq(conversations.applicationId, tenant.applicationId));
    expect(mine.length).toBe(20); // the tenant's first conversations: this test runs first
  });

  it('limits the visitors of one address together (RATE_LIMIT_ADDRESS_CONVERSATIONS); agents are not limited', async () => {
    const address = '192.0.2.101';
    const codes: number[] = [];
    for (let v = 0; v < 3; v++) {
      const visitor = await newVisitor(t, tenant);
      for (let i = 0; i < 10; i++)
        codes.push((await createGroup(t.app, visitor.headers, address)).statusCode);
    }
    expect(codes.slice(0, 25).every((c) => c === 200)).toBe(true);
    expect(codes.slice(25).every((c) => c === 429)).toBe(true);
    // Another address is not affected; neither is an agent at the flooded one.
    const other = await newVisitor(t, tenant);
    expect((await createGroup(t.app, other.headers, '192.0.2.102')).statusCode).toBe(200);
    for (let i = 0; i < 30; i++)
      expect((await createGroup(t.app, tenant.admin, address)).statusCode).toBe(200);
  });

  it('counts a visitor’s messages once across message/send and message/v2/send', async () => {
    const visitor = await newVisitor(t, tenant);
    const groupId = (await createGroup(t.app, visitor.headers, '192.0.2.103')).json().response.id as number;
    const codes: number[] = [];
    for (let i = 0; i < 8; i++) {
      const url = i % 2 === 0 ? MESSAGING_PATHS.messageSend : MESSAGING_PATHS.messageSendV2;
      codes.push((await send(t.app, url, visitor.headers, groupId, `both-${groupId}-${i}`)).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 200, 429, 429]);
    // The agent answering is not counted.
    for (let i = 0; i < 8; i++) {
      expect(
        (await send(t.app, MESSAGING_PATHS.messageSendV2, tenant.admin, groupId, `agent-${i}`)).statusCode,
      ).toBe(200);
    }
  });
});

// Two app instances (two nodes) on one database and one Redis: the counters are shared.
describe.runIf(Boolean(process.env.REDIS_URL))('limits shared by two nodes through Redis', () => {
  let database: Database;
  const nodes: FastifyInstance[] = [];
  const redisClients: ReturnType<typeof connectRedis>[] = [];
  // Counters outlive the test in the shared Redis: fresh addresses per run keep runs apart.
  const run = Math.floor(Math.random() * 250) + 1;
  const address = (i: number) => `10.${run}.${Math.floor(Math.random() * 250)}.${i}`;

  beforeAll(async () => {
    database = await openTestDatabase(testDatabaseKinds().at(-1)!);
    for (let i = 0; i < 2; i++) {
      const redis = connectRedis(process.env.REDIS_URL!);
      redisClients.push(redis);
      const { app } = await buildTestApp(
        database,
        {
          REDIS_URL: process.env.REDIS_URL!,
          RATE_LIMIT_VISITOR_MESSAGES: '4',
          RATE_LIMIT_VISITOR_CONVERSATIONS: '3',
        },
        { redis },
      );
      await app.ready();
      nodes.push(app);
    }
  });
  afterAll(async () => {
    for (const app of nodes) await app.close();
    for (const r of redisClients) r.disconnect();
    await database?.close();
  });

  it('counts a visitor’s conversations and messages on both nodes together', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const tenant = await newTenant({ app: a } as TestApp);
    const visitor = await newVisitor({ app: a } as TestApp, tenant);
    const ip = address(1);
    const created = [
      await createGroup(a, visitor.headers, ip),
      await createGroup(b, visitor.headers, ip),
      await createGroup(a, visitor.headers, ip),
    ];
    expect(created.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect((await createGroup(b, visitor.headers, ip)).statusCode).toBe(429);

    const groupId = created[0]!.json().response.id as number;
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const node = i % 2 === 0 ? a : b;
      const url = i < 3 ? MESSAGING_PATHS.messageSend : MESSAGING_PATHS.messageSendV2;
      codes.push((await send(node, url, visitor.headers, groupId, `nodes-${groupId}-${i}`)).statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 429, 429]);
  });

  it('counts sign-in failures on both nodes together', async () => {
    const [a, b] = nodes as [FastifyInstance, FastifyInstance];
    const body = newSignup();
    await a.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: body });
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) {
      const res = await (i % 2 === 0 ? a : b).inject({
        method: 'POST',
        url: ACCOUNT_PATHS.login,
        remoteAddress: address(2),
        payload: { userName: body.email, password: `Guess${i}xyz` },
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    expect(codes[10]).toBe(429);
  });
});
