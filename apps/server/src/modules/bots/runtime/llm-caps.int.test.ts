import { ANALYTICS_PATHS, BOT_PATHS, type Bot, botPath, MESSAGING_PATHS } from '@convo/api';
import { DEFAULT_BOT_FALLBACK_MESSAGE } from '@convo/domain';
import { type FakeProvider, startFakeOpenAI } from '@convo/provider-fakes';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productBots, startWorkers } from '../../../app.js';
import { botAnswers, bots, conversations, messages } from '../../../db/schema/index.js';
import type { JobRunner } from '../../../platform/jobs/job-queue.js';
import { listJobs } from '../../../platform/jobs/job-repository.js';
import { createMemoryPubSub } from '../../../platform/pubsub/pubsub.js';
import { newTenant, newVisitorConversation, type Tenant } from '../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';
import { BOT_REPLY_QUEUE } from './enqueue.js';

// The LLM spend ceilings (issue 32 item 3) end to end: visitors write through the messaging API
// from client addresses of their own, the worker's reply jobs answer with the product's engines
// against the OpenAI fake, and past a ceiling the fake receives nothing more while the visitor
// gets the bot's fallback. Each test has applications of its own: their counters start at zero.

const KEY = 'sk-llm-caps-0123456789abcdef';

describe.each(testDatabaseKinds())('LLM spend ceilings on %s', (kind) => {
  const pubsub = createMemoryPubSub();
  const warnings: { obj: object; msg?: string | undefined }[] = [];
  const log = { warn: (obj: object, msg?: string) => warnings.push({ obj, msg }), error: () => {} };
  let openai: FakeProvider;
  beforeAll(async () => {
    openai = await startFakeOpenAI({ apiKey: KEY });
  });
  afterAll(async () => {
    await openai?.close();
    await pubsub.close();
  });

  const { t } = useTestApp(kind, { pubsub, env: () => ({ OPENAI_BASE_URL: openai.url }) });
  let worker: JobRunner;
  beforeAll(() => {
    // The worker as main.ts starts it: the engines and the ceilings on the app's limit store.
    worker = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log,
      pubsub,
      bots: productBots(t.config, t.database.db, t.app.limits),
      backoffBaseMs: 0,
    });
  });
  afterAll(async () => {
    await worker.stop();
  });

  const db = () => t.database.db;
  const bearer = (target: Tenant) => ({ authorization: `Bearer ${target.admin['x-authorization']}` });

  async function llmBot(target: Tenant, settings: Record<string, unknown> = {}): Promise<Bot> {
    const created = await t.app.inject({
      method: 'POST',
      url: BOT_PATHS.bots,
      headers: bearer(target),
      payload: { name: 'Shop assistant', engine: 'openai' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const bot = created.json().data as Bot;
    await setSettings(target, bot, settings);
    const first = await t.app.inject({
      method: 'PUT',
      url: BOT_PATHS.firstResponder,
      headers: bearer(target),
      payload: { botId: bot.id },
    });
    expect(first.statusCode, first.body).toBe(200);
    return bot;
  }

  async function setSettings(target: Tenant, bot: Bot, settings: Record<string, unknown>) {
    const res = await t.app.inject({
      method: 'PUT',
      url: botPath(BOT_PATHS.botEngine, { botId: bot.id }),
      headers: bearer(target),
      payload: { settings, apiKey: KEY },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as Bot;
  }

  async function repliesSettled() {
    const deadline = Date.now() + 15_000;
    while (
      (await listJobs(db(), BOT_REPLY_QUEUE)).some((j) => j.status !== 'done' && j.status !== 'failed')
    ) {
      if (Date.now() > deadline) throw new Error('bot reply jobs did not finish');
      await new Promise((r) => setTimeout(r, 10));
    }
  }

  /** A visitor writing from `address`; `ask` sends and answers what the bot recorded. */
  async function visitorAt(target: Tenant, address: string) {
    const { visitor, groupId } = await newVisitorConversation(t, target);
    let n = 0;
    const ask = async (text: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.messageSend,
        headers: visitor.headers,
        remoteAddress: address,
        payload: { key: `${groupId}-${n++}`, groupId, message: text },
      });
      expect(res.statusCode, res.body).toBe(200);
      await repliesSettled();
      const answers = await db()
        .select({ llmCap: botAnswers.llmCap, fallback: botAnswers.fallback, text: messages.message })
        .from(botAnswers)
        .innerJoin(messages, eq(messages.id, botAnswers.messageId))
        .where(eq(botAnswers.conversationId, groupId))
        .orderBy(asc(botAnswers.messageId));
      expect(answers.length).toBe(n);
      return answers.at(-1)!;
    };
    return { groupId, ask };
  }

  const fallbackText = DEFAULT_BOT_FALLBACK_MESSAGE.en;

  it('a visitor past their ceiling gets the fallback and the provider no call; another visitor is answered', async () => {
    const tenant = await newTenant(t);
    await llmBot(tenant, { llmCaps: { visitorPerHour: 2 } });
    const a = await visitorAt(tenant, '198.51.100.7');
    const before = openai.calls.length;
    expect((await a.ask('When do you open?')).llmCap).toBeNull();
    expect((await a.ask('And on Sunday?')).llmCap).toBeNull();
    expect(openai.calls.length).toBe(before + 2);

    const capped = await a.ask('And on holidays?');
    expect(capped).toMatchObject({ llmCap: 'visitor-hour', fallback: true, text: fallbackText });
    expect(openai.calls.length).toBe(before + 2);
    expect(warnings.some((w) => (w.obj as { cap?: string }).cap === 'visitor-hour')).toBe(true);

    // Another visitor from another address is answered by the model.
    const b = await visitorAt(tenant, '203.0.113.9');
    expect((await b.ask('Do you ship abroad?')).llmCap).toBeNull();
    expect(openai.calls.length).toBe(before + 3);

    // The fallbacks count toward the bot's handover setting (two in a row by default): it hands off.
    await a.ask('Hello?');
    expect(openai.calls.length).toBe(before + 3);
    const [conv] = await db().select().from(conversations).where(eq(conversations.id, a.groupId));
    expect(conv?.botActive).toBe(false);

    // The bot's analytics count the capped answers; the provider's error is not touched.
    const overview = await t.app.inject({
      method: 'GET',
      url: `${ANALYTICS_PATHS.bots}?from=${Date.now() - 3_600_000}&to=${Date.now() + 60_000}`,
      headers: bearer(tenant),
    });
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().data.bots[0]).toMatchObject({ llmCapped: 2, answers: 5, fallbacks: 2 });
  });

  it('counts an address across its visitors, whatever their number', async () => {
    const tenant = await newTenant(t);
    await llmBot(tenant, { llmCaps: { addressPerHour: 2 } });
    const before = openai.calls.length;
    const results = [];
    for (let i = 0; i < 3; i++) {
      const v = await visitorAt(tenant, '192.0.2.44');
      results.push((await v.ask(`Question ${i}`)).llmCap);
    }
    expect(results).toEqual([null, null, 'address-hour']);
    expect(openai.calls.length).toBe(before + 2);
    // An IPv6 visitor is counted by its /64: a fresh address in the same network is the same one.
    const v6 = [await visitorAt(tenant, '2001:db8:1:2::10'), await visitorAt(tenant, '2001:db8:1:2::beef')];
    expect((await v6[0]!.ask('v6 one')).llmCap).toBeNull();
    expect((await v6[1]!.ask('v6 two')).llmCap).toBeNull();
    expect((await (await visitorAt(tenant, '2001:db8:1:2:ffff::1')).ask('v6 three')).llmCap).toBe(
      'address-hour',
    );
  });

  it("applies the application's ceiling across visitors and addresses, and not to another application", async () => {
    const tenant = await newTenant(t);
    const other = await newTenant(t);
    const bot = await llmBot(tenant, { llmCaps: { applicationPerHour: 3 } });
    await llmBot(other, { llmCaps: { applicationPerHour: 3 } });
    const before = openai.calls.length;
    const caps = [];
    for (let i = 0; i < 4; i++) {
      const v = await visitorAt(tenant, `198.18.${i}.1`);
      caps.push((await v.ask(`Question ${i}`)).llmCap);
    }
    expect(caps).toEqual([null, null, null, 'application-hour']);
    expect(openai.calls.length).toBe(before + 3);
    // The admin sees it on the bot.
    const [row] = await db().select().from(bots).where(eq(bots.id, bot.id));
    expect(row?.lastError).toMatch(/^LLM_CAP_REACHED: .*3 LLM replies an hour/);

    // The second application, same addresses, same ceiling: its own counter.
    for (let i = 0; i < 3; i++) {
      const v = await visitorAt(other, `198.18.${i}.1`);
      expect((await v.ask(`Other ${i}`)).llmCap).toBeNull();
    }
    expect(openai.calls.length).toBe(before + 6);
  });

  it("follows the bot's own setting when it changes, and refuses a ceiling out of range", async () => {
    const tenant = await newTenant(t);
    const bot = await llmBot(tenant, { llmCaps: { visitorPerHour: 1 } });
    const v = await visitorAt(tenant, '100.64.9.9');
    expect((await v.ask('one')).llmCap).toBeNull();
    expect((await v.ask('two')).llmCap).toBe('visitor-hour');
    const raised = await setSettings(tenant, bot, { llmCaps: { visitorPerHour: 10 } });
    expect(raised.settings.llmCaps).toEqual({ visitorPerHour: 10 });
    const before = openai.calls.length;
    expect((await v.ask('three')).llmCap).toBeNull();
    expect(openai.calls.length).toBe(before + 1);

    for (const llmCaps of [{ visitorPerHour: 0 }, { visitorPerHour: 1.5 }, { perMinute: 3 }]) {
      const res = await t.app.inject({
        method: 'PUT',
        url: botPath(BOT_PATHS.botEngine, { botId: bot.id }),
        headers: bearer(tenant),
        payload: { settings: { llmCaps } },
      });
      expect(res.statusCode, res.body).toBe(400);
    }
  });
});
