import { AI_MODEL_PATHS, aiModelTestPath, BOT_PATHS, type Bot, botPath } from '@convo/api';
import {
  type FakeProvider,
  startFakeAnthropic,
  startFakeGemini,
  startFakeOpenAI,
} from '@convo/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tenant } from '../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';

// Issue 38 item 6: the AI agents' provider keys in the integrations hub, masked and never
// returned, and "test connection" through each bot's engine against the providers' local fakes.

const KEY = 'sk-hub-THIS-KEY-NEVER-COMES-BACK-9876';

describe.each(testDatabaseKinds())('AI model providers in the hub on %s', (kind) => {
  let openai: FakeProvider;
  let anthropic: FakeProvider;
  let gemini: FakeProvider;
  beforeAll(async () => {
    [openai, anthropic, gemini] = await Promise.all([
      startFakeOpenAI({ apiKey: KEY }),
      startFakeAnthropic({ apiKey: KEY }),
      startFakeGemini({ apiKey: KEY }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([openai?.close(), anthropic?.close(), gemini?.close()]);
  });
  const { t, tenants } = useTestApp(kind, {
    tenants: 2,
    env: () => ({
      OPENAI_BASE_URL: openai.url,
      ANTHROPIC_BASE_URL: anthropic.url,
      GEMINI_BASE_URL: gemini.url,
    }),
  });
  const [tenant, other] = tenants;
  const bearer = (target: Tenant) => ({ authorization: `Bearer ${target.admin['x-authorization']}` });

  async function llmBot(target: Tenant, engine: 'openai' | 'anthropic' | 'gemini', apiKey: string) {
    const created = await t.app.inject({
      method: 'POST',
      url: BOT_PATHS.bots,
      headers: bearer(target),
      payload: { name: `Hub ${engine} ${apiKey.slice(-3)}`, engine },
    });
    expect(created.statusCode, created.body).toBe(200);
    const bot = created.json().data as Bot;
    const keyed = await t.app.inject({
      method: 'PUT',
      url: botPath(BOT_PATHS.botEngine, { botId: bot.id }),
      headers: bearer(target),
      payload: { settings: {}, apiKey },
    });
    expect(keyed.statusCode, keyed.body).toBe(200);
    return bot;
  }
  const test = (target: Tenant, botId: string) =>
    t.app.inject({ method: 'POST', url: aiModelTestPath(botId), headers: bearer(target) });

  it('lists each agent’s key masked, never the key, and tests the connection per provider', async () => {
    const good = {
      openai: await llmBot(tenant!, 'openai', KEY),
      anthropic: await llmBot(tenant!, 'anthropic', KEY),
      gemini: await llmBot(tenant!, 'gemini', KEY),
    };
    const wrong = await llmBot(tenant!, 'anthropic', 'sk-wrong-key-000');

    const list = await t.app.inject({ method: 'GET', url: AI_MODEL_PATHS.list, headers: bearer(tenant!) });
    expect(list.statusCode, list.body).toBe(200);
    expect(list.body).not.toContain(KEY);
    const rows = list.json().data as { botId: string; engine: string; maskedKey: string | null }[];
    expect(rows).toHaveLength(4);
    expect(rows.find((r) => r.botId === good.openai.id)).toMatchObject({
      engine: 'openai',
      maskedKey: `••••${KEY.slice(-4)}`,
    });

    for (const [engine, bot] of Object.entries(good)) {
      const res = await test(tenant!, bot.id);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data, engine).toMatchObject({ ok: true, code: null });
      expect(res.body).not.toContain(KEY);
    }
    expect(openai.calls.length).toBeGreaterThan(0);
    expect(anthropic.calls.length).toBeGreaterThan(0);
    expect(gemini.calls.length).toBeGreaterThan(0);

    const refused = await test(tenant!, wrong.id);
    expect(refused.statusCode).toBe(200);
    expect(refused.json().data).toMatchObject({ ok: false, code: 'INVALID_CREDENTIALS' });
  });

  it('keeps each application’s keys to itself', async () => {
    const mine = await llmBot(tenant!, 'openai', KEY);
    const list = await t.app.inject({ method: 'GET', url: AI_MODEL_PATHS.list, headers: bearer(other!) });
    expect(list.json().data).toEqual([]);
    expect((await test(other!, mine.id)).statusCode).toBe(404);
  });
});
