import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLimitStore, memoryLimitStore } from '../../../http/limit-store.js';
import { connectRedis } from '../../../platform/redis.js';
import { addressKey, createLlmCapGuard } from './llm-caps.js';

const silent = pino({ level: 'silent' });

describe('client address as the LLM ceilings count it', () => {
  it('keeps IPv4, unwraps IPv4-mapped IPv6 and counts IPv6 by its /64', () => {
    expect(addressKey('203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('::ffff:203.0.113.5')).toBe('203.0.113.5');
    expect(addressKey('2001:db8:1:2::10')).toBe('2001:db8:1:2::/64');
    expect(addressKey('2001:0db8:0001:0002:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey(undefined)).toBeNull();
    expect(addressKey('not an address')).toBeNull();
  });
});

describe('LLM ceilings on the memory store', () => {
  it('counts the narrowest ceiling first and leaves the wider ones for everyone else', async () => {
    const limits = memoryLimitStore();
    const guard = createLlmCapGuard({ limits, planCaps: async () => null });
    const settings = { llmCaps: { visitorPerHour: 1, applicationPerHour: 3 } };
    const ask = (visitorId: string, address: string | null) =>
      guard.charge({ applicationId: 'app', settings, visitorId, address });
    expect(await ask('v1', '10.0.0.1')).toBeNull();
    // Refused on the visitor's ceiling: the application's counter is not used up by it.
    for (let i = 0; i < 5; i++) expect((await ask('v1', '10.0.0.1'))?.scope).toBe('visitor');
    expect(await ask('v2', null)).toBeNull();
    expect(await ask('v3', '10.0.0.3')).toBeNull();
    expect(await ask('v4', '10.0.0.4')).toMatchObject({ scope: 'application', window: 'hour', max: 3 });
  });

  it("bounds the application's ceiling by the plan when billing gives one", async () => {
    const guard = createLlmCapGuard({
      limits: memoryLimitStore(),
      planCaps: async () => ({ perHour: 2, perDay: 10 }),
    });
    const settings = { llmCaps: { applicationPerHour: 500 } };
    const ask = (i: number) =>
      guard.charge({ applicationId: 'billed', settings, visitorId: `v${i}`, address: `10.1.0.${i}` });
    expect(await ask(1)).toBeNull();
    expect(await ask(2)).toBeNull();
    expect(await ask(3)).toMatchObject({ scope: 'application', max: 2 });
  });
});

// Two server processes on one Redis: one process's replies count toward the other's ceilings.
describe.runIf(Boolean(process.env.REDIS_URL))('LLM ceilings shared by two processes through Redis', () => {
  const clients = [connectRedis(process.env.REDIS_URL!), connectRedis(process.env.REDIS_URL!)];
  afterAll(() => {
    for (const c of clients) c.disconnect();
  });
  // Commands sent before the connection is up fall back to the process's memory (no offline queue).
  beforeAll(() => Promise.all(clients.map((c) => (c.status === 'ready' ? undefined : once(c, 'ready')))));

  it('refuses on one process what the other used up', async () => {
    const [a, b] = clients.map((redis) =>
      createLlmCapGuard({ limits: createLimitStore(redis, silent), planCaps: async () => null }),
    ) as [ReturnType<typeof createLlmCapGuard>, ReturnType<typeof createLlmCapGuard>];
    // Counters outlive the test in the shared Redis: an application of its own per run.
    const applicationId = randomUUID();
    const settings = { llmCaps: { addressPerHour: 3 } };
    const ask = (guard: typeof a, i: number) =>
      guard.charge({ applicationId, settings, visitorId: `v${i}`, address: '192.0.2.1' });
    const caps = [await ask(a, 1), await ask(b, 2), await ask(a, 3), await ask(b, 4)];
    expect(caps.map((c) => c?.scope ?? null)).toEqual([null, null, null, 'address']);
  });
});
