import {
  BOT_PATHS,
  type Bot,
  botPath,
  conversationSummaryPath,
  INBOX_PATHS,
  messageTranslationPath,
  replySuggestionsPath,
} from '@convo/api';
import { ROLE_TYPE } from '@convo/domain';
import { type FakeProvider, startFakeOpenAI } from '@convo/provider-fakes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bots } from '../../db/schema/index.js';
import { addTestBot } from '../../testing/bots.js';
import { signedInMember } from '../../testing/members.js';
import {
  newTenant,
  newVisitorConversation,
  sendTestMessage,
  type Tenant,
} from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { setPlan } from '../billing/index.js';
import { passagesOf } from '../bots/knowledge/passages.js';
import * as knowledgeRepo from '../bots/knowledge/repository.js';

// Agent assist (issue 36 item 3) against the OpenAI fake (Responses API, the application's own AI
// agent and key): the AI agent's suggested reply grounded in the knowledge passages, merged and
// deduplicated with the team's own answers and time-boxed; the summary and the translation with
// bounded input; provider failure and timeout as the SPEC's UNABLE_TO_GET_AGENT_SUGGESTION and our
// summary/translation codes; two applications; visibility; the plan gates.

const KEY = 'sk-assist-NEVER-RETURNED-4321';
const WARRANTY =
  'Every zentrox device has a two-year warranty. The warranty covers manufacturing defects. Accidental damage is not covered.';
const HOURS = 'We are open Monday to Friday, 9am to 6pm.';
const LLM_ANSWER =
  'Your zentrox is covered for manufacturing defects for two years, but not for accidental damage.';

type Json = Record<string, unknown>;
const requestText = (fake: FakeProvider, from: number) =>
  fake.calls
    .slice(from)
    .filter((c) => c.path.endsWith('/responses'))
    .map((c) => c.rawBody)
    .join('\n');

describe.each(testDatabaseKinds())('agent assist on %s', (kind) => {
  let fake: FakeProvider;
  beforeAll(async () => {
    fake = await startFakeOpenAI({ apiKey: KEY });
  });
  afterAll(async () => {
    await fake?.close();
  });
  const { t, tenants } = useTestApp(kind, { tenants: 2, env: () => ({ OPENAI_BASE_URL: fake.url }) });
  const [tenant, other] = tenants;
  const bearer = (who: Tenant) => ({ authorization: `Bearer ${who.admin['x-authorization']}` });
  let agentBot: Bot;
  let otherBot: Bot;
  let agent: Awaited<ReturnType<typeof signedInMember>>;

  async function llmAgent(who: Tenant, settings: Json = {}) {
    const created = await t.app.inject({
      method: 'POST',
      url: BOT_PATHS.bots,
      headers: bearer(who),
      payload: { name: `Assist ${Math.random().toString(36).slice(2, 6)}`, engine: 'openai' },
    });
    expect(created.statusCode, created.body).toBe(200);
    const bot = created.json().data as Bot;
    await setAgent(who, bot, settings);
    return bot;
  }
  async function setAgent(who: Tenant, bot: Bot, settings: Json) {
    const keyed = await t.app.inject({
      method: 'PUT',
      url: botPath(BOT_PATHS.botEngine, { botId: bot.id }),
      headers: bearer(who),
      payload: { settings, apiKey: KEY },
    });
    expect(keyed.statusCode, keyed.body).toBe(200);
  }
  async function addKnowledge(who: Tenant, botId: string, text: string) {
    const db = t.database.db;
    const source = await knowledgeRepo.insertSource(db, {
      applicationId: who.applicationId,
      botId,
      kind: 'document',
      name: 'warranty.md',
    });
    const passages = passagesOf([{ text, url: 'https://help.example.com/warranty', title: null }]);
    await db.transaction(async (tx) => {
      await knowledgeRepo.replacePassages(tx, source, passages);
      await knowledgeRepo.updateSource(tx, who.applicationId, source.id, {
        status: 'ready',
        passageCount: passages.length,
      });
    });
  }
  async function conversation(who: Tenant, ...said: string[]) {
    const conv = await newVisitorConversation(t, who, 'Question');
    for (const text of said) {
      const res = await sendTestMessage(t, conv.visitor.headers, conv.groupId, `a-${Math.random()}`, text);
      expect(res.statusCode, res.body).toBe(200);
    }
    return conv;
  }
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const post = (url: string, headers: Record<string, string>, payload: Json = {}) =>
    t.app.inject({ method: 'POST', url, headers, payload });

  beforeAll(async () => {
    agentBot = await llmAgent(tenant);
    await addKnowledge(tenant, agentBot.id, WARRANTY);
    const quick = await post(INBOX_PATHS.quickReplies, bearer(tenant), {
      shortcut: 'opening-hours',
      content: HOURS,
      shared: true,
    });
    expect(quick.statusCode, quick.body).toBe(200);
    agent = await signedInMember(t.database, tenant.applicationId, ROLE_TYPE.AGENT);
    // The second application has an AI agent of its own, and no knowledge.
    otherBot = await llmAgent(other);
  });

  it("adds the AI agent's reply, written from the knowledge passages, to the team's own answers", async () => {
    const { groupId } = await conversation(tenant, 'Is accidental damage covered by the zentrox warranty?');
    const from = fake.calls.length;
    fake.script({ kind: 'text', chunks: [LLM_ANSWER] });
    const res = await get(replySuggestionsPath(groupId), agent.headers);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { llm: string; suggestions: { source: string; text: string }[] };
    expect(data.llm).toBe('answered');
    expect(data.suggestions.length).toBeLessThanOrEqual(3);
    expect(data.suggestions).toContainEqual(expect.objectContaining({ source: 'llm', text: LLM_ANSWER }));
    // The model got the passage as context and the customer's words, with the agent's key.
    const sent = requestText(fake, from);
    expect(sent).toContain('manufacturing defects');
    expect(sent).toContain('accidental damage covered');
    expect(fake.calls.at(-1)?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(res.body).not.toContain(KEY);
  });

  it('keeps one of two suggestions with the same text', async () => {
    const { groupId } = await conversation(tenant, 'What are your opening hours?');
    fake.script({ kind: 'text', chunks: [`${HOURS.toUpperCase()} `] });
    const res = await get(replySuggestionsPath(groupId), agent.headers);
    const data = res.json().data as { llm: string; suggestions: { source: string; text: string }[] };
    expect(data.llm).toBe('answered');
    expect(data.suggestions.filter((s) => s.text.toLowerCase().trim() === HOURS.toLowerCase())).toHaveLength(
      1,
    );
    expect(data.suggestions[0]).toMatchObject({ source: 'quick-reply', text: HOURS });
  });

  it("answers NONE as no suggestion; a provider failure leaves the team's answers, or is UNABLE_TO_GET_AGENT_SUGGESTION", async () => {
    const offTopic = await conversation(tenant, 'Qwxz plorb?');
    fake.script({ kind: 'text', chunks: ['NONE'] });
    const none = await get(replySuggestionsPath(offTopic.groupId), agent.headers);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data).toMatchObject({ llm: 'empty', suggestions: [] });

    fake.script({ kind: 'error', error: 'server' });
    const failed = await get(replySuggestionsPath(offTopic.groupId), agent.headers);
    expect(failed.statusCode, failed.body).toBe(502);
    expect(failed.json()).toMatchObject({
      code: 'UNABLE_TO_GET_AGENT_SUGGESTION',
      details: { reason: 'PROVIDER_ERROR' },
    });
    expect(failed.body).not.toContain(KEY);

    const hours = await conversation(tenant, 'What are your opening hours?');
    fake.script({ kind: 'error', error: 'rate-limit' });
    const partial = await get(replySuggestionsPath(hours.groupId), agent.headers);
    expect(partial.statusCode, partial.body).toBe(200);
    expect(partial.json().data).toMatchObject({ llm: 'failed', suggestions: [{ source: 'quick-reply' }] });
  });

  it('does not wait for a slow provider: the other replies come back, the timeout is the error alone', async () => {
    // The agent's own provider timeout (a setting the builder does not edit): 400 ms.
    const timeout = (settings: Json) =>
      t.database.db.update(bots).set({ settings }).where(eq(bots.id, agentBot.id));
    await timeout({ timeoutMs: 400 });
    try {
      const hours = await conversation(tenant, 'What are your opening hours?');
      fake.script({ kind: 'hang' });
      const started = Date.now();
      const res = await get(replySuggestionsPath(hours.groupId), agent.headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        llm: 'timeout',
        suggestions: [{ source: 'quick-reply', text: HOURS }],
      });
      // Not the 4 s the suggestions would wait, nor the 20 s of a provider call.
      expect(Date.now() - started).toBeLessThan(3_500);

      const offTopic = await conversation(tenant, 'Qwxz plorb?');
      fake.script({ kind: 'hang' });
      const alone = await get(replySuggestionsPath(offTopic.groupId), agent.headers);
      expect(alone.statusCode, alone.body).toBe(502);
      expect(alone.json()).toMatchObject({
        code: 'UNABLE_TO_GET_AGENT_SUGGESTION',
        details: { reason: 'TIMEOUT' },
      });

      fake.script({ kind: 'hang' });
      const summary = await post(conversationSummaryPath(offTopic.groupId), agent.headers);
      expect(summary.statusCode, summary.body).toBe(502);
      expect(summary.json()).toMatchObject({
        code: 'UNABLE_TO_GET_CONVERSATION_SUMMARY',
        details: { reason: 'TIMEOUT' },
      });
    } finally {
      await timeout({});
    }
  });

  it('summarizes the newest messages within the budget, in the agent’s language', async () => {
    const long = Array.from({ length: 10 }, (_, i) => `Message ${i}: ${'my parcel is late '.repeat(110)}`);
    const { groupId } = await conversation(tenant, ...long, 'Where is order 5521?');
    const language = await t.app.inject({
      method: 'PATCH',
      url: '/api/users/profile',
      headers: agent.headers,
      payload: { language: 'fr' },
    });
    expect(language.statusCode, language.body).toBe(200);
    const from = fake.calls.length;
    fake.script({ kind: 'text', chunks: ['Le client demande où est la commande 5521.'] });
    const res = await post(conversationSummaryPath(groupId), agent.headers);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { summary: string; messageCount: number; truncated: boolean };
    expect(data).toMatchObject({
      summary: 'Le client demande où est la commande 5521.',
      truncated: true,
      agent: { botId: agentBot.id },
    });
    expect(data.messageCount).toBeGreaterThan(0);
    expect(data.messageCount).toBeLessThan(11);
    const sent = requestText(fake, from);
    expect(sent).toContain('Where is order 5521?');
    expect(sent).toContain('French');
    // The transcript stays within its budget (12,000 characters and the instructions).
    expect(sent.length).toBeLessThan(16_000);
    expect(sent).not.toContain('Message 0:');

    fake.script({ kind: 'error', error: 'invalid-key' });
    const refused = await post(conversationSummaryPath(groupId), agent.headers);
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({
      code: 'UNABLE_TO_GET_CONVERSATION_SUMMARY',
      details: { reason: 'INVALID_CREDENTIALS' },
    });
    expect(refused.body).not.toContain(KEY);
  });

  it("translates a customer message into the agent's language, or the one asked", async () => {
    const { groupId } = await conversation(tenant, '¿Dónde está mi pedido?');
    const messages = await t.app.inject({
      method: 'GET',
      url: `/rest/ws/message/list?groupId=${groupId}&pageSize=10`,
      headers: tenant.admin,
    });
    const key = (messages.json() as { message: { key: string; message: string }[] }).message.find(
      (m) => m.message === '¿Dónde está mi pedido?',
    )?.key as string;
    expect(key).toBeTruthy();
    const admin = bearer(tenant);
    // The admin has no language chosen: English.
    let from = fake.calls.length;
    fake.script({ kind: 'text', chunks: ['Where is my order?'] });
    const en = await post(messageTranslationPath(groupId), admin, { messageKey: key });
    expect(en.statusCode, en.body).toBe(200);
    expect(en.json().data).toEqual({
      messageKey: key,
      language: 'en',
      text: 'Where is my order?',
      truncated: false,
    });
    expect(requestText(fake, from)).toContain('English');
    // The agent chose French (previous test).
    from = fake.calls.length;
    fake.script({ kind: 'text', chunks: ['Où est ma commande ?'] });
    const fr = await post(messageTranslationPath(groupId), agent.headers, { messageKey: key });
    expect(fr.json().data).toMatchObject({ language: 'fr', text: 'Où est ma commande ?' });
    expect(requestText(fake, from)).toContain('French');
    fake.script({ kind: 'text', chunks: ['Where is my order?'] });
    const asked = await post(messageTranslationPath(groupId), agent.headers, {
      messageKey: key,
      language: 'en',
    });
    expect(asked.json().data).toMatchObject({ language: 'en' });

    fake.script({ kind: 'error', error: 'server' });
    const failed = await post(messageTranslationPath(groupId), agent.headers, { messageKey: key });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      code: 'UNABLE_TO_TRANSLATE_MESSAGE',
      details: { reason: 'PROVIDER_ERROR' },
    });

    // The key of a message in another conversation, an unknown key, a bad body.
    const elsewhere = await conversation(tenant, 'hello');
    expect(
      (await post(messageTranslationPath(elsewhere.groupId), admin, { messageKey: key })).statusCode,
    ).toBe(404);
    expect((await post(messageTranslationPath(groupId), admin, { messageKey: 'nope' })).statusCode).toBe(404);
    expect(
      (await post(messageTranslationPath(groupId), admin, { messageKey: key, language: 'de' })).statusCode,
    ).toBe(400);
  });

  it("never gives one application's answers or knowledge to another, nor its conversations", async () => {
    const ours = await conversation(tenant, 'Is accidental damage covered by the zentrox warranty?');
    const theirs = await conversation(other, 'Is accidental damage covered by the zentrox warranty?');
    const theirAgent = await signedInMember(t.database, other.applicationId, ROLE_TYPE.AGENT);
    const from = fake.calls.length;
    fake.script({ kind: 'text', chunks: ['NONE'] });
    const res = await get(replySuggestionsPath(theirs.groupId), theirAgent.headers);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ llm: 'empty', suggestions: [] });
    expect(res.body).not.toContain('manufacturing');
    expect(res.body).not.toContain(HOURS);
    // What their AI agent was given holds nothing of ours.
    expect(requestText(fake, from)).not.toContain('manufacturing');
    expect(requestText(fake, from)).toContain('(none found)');

    // Our conversation is not found for their agent, on every assist route; nothing reaches a provider.
    const before = fake.calls.length;
    expect((await get(replySuggestionsPath(ours.groupId), theirAgent.headers)).statusCode).toBe(404);
    expect((await post(conversationSummaryPath(ours.groupId), theirAgent.headers)).statusCode).toBe(404);
    expect(
      (await post(messageTranslationPath(ours.groupId), theirAgent.headers, { messageKey: 'x' })).statusCode,
    ).toBe(404);
    expect(fake.calls.length).toBe(before);
    // A visitor is no member: refused.
    const asVisitor = await post(conversationSummaryPath(ours.groupId), {
      authorization: `Bearer ${ours.visitor.token}`,
    });
    expect(asVisitor.statusCode).toBe(403);
  });

  it("counts on the application's LLM spend ceiling: past it, nothing reaches the provider (429)", async () => {
    await setAgent(other, otherBot, { llmCaps: { applicationPerHour: 2 } });
    const theirAgent = await signedInMember(t.database, other.applicationId, ROLE_TYPE.AGENT);
    const { groupId } = await conversation(other, 'Where is my parcel?');
    let refused: Awaited<ReturnType<typeof post>> | undefined;
    for (let i = 0; i < 3 && !refused; i++) {
      const before = fake.calls.length;
      fake.script({ kind: 'text', chunks: ['The customer asks where the parcel is.'] });
      const res = await post(conversationSummaryPath(groupId), theirAgent.headers);
      if (res.statusCode === 429) {
        refused = res;
        expect(fake.calls.length).toBe(before);
      } else expect(res.statusCode, res.body).toBe(200);
    }
    expect(refused?.json()).toMatchObject({
      code: 'UNABLE_TO_GET_CONVERSATION_SUMMARY',
      details: { reason: 'SPEND_LIMIT_REACHED' },
    });
    // Suggestions still come from the team's own answers; the AI agent's part is refused.
    const suggestions = await get(replySuggestionsPath(groupId), theirAgent.headers);
    expect([200, 429]).toContain(suggestions.statusCode);
    if (suggestions.statusCode === 200) expect(suggestions.json().data.llm).toBe('failed');
    // The other application's ceiling is its own.
    const ours = await conversation(tenant, 'Where is order 77?');
    fake.script({ kind: 'text', chunks: ['Order 77.'] });
    expect((await post(conversationSummaryPath(ours.groupId), agent.headers)).statusCode).toBe(200);
  });

  it('without an AI agent: suggestions from own answers only, summary and translation say so', async () => {
    const bare = await newTenant(t);
    // A kompose bot is no language model.
    await addTestBot(t.database, bare.applicationId);
    const conv = await newVisitorConversation(t, bare, 'Question');
    await sendTestMessage(t, conv.visitor.headers, conv.groupId, `a-${Math.random()}`, 'hello there');
    const before = fake.calls.length;
    const res = await get(replySuggestionsPath(conv.groupId), bearer(bare));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ llm: 'off' });
    const summary = await post(conversationSummaryPath(conv.groupId), bearer(bare));
    expect(summary.statusCode).toBe(400);
    expect(summary.json()).toMatchObject({
      code: 'UNABLE_TO_GET_CONVERSATION_SUMMARY',
      details: { reason: 'LLM_NOT_CONFIGURED' },
    });
    expect(fake.calls.length).toBe(before);
  });
});

describe.each(testDatabaseKinds())('agent assist plan gates on %s', (kind) => {
  const { t } = useTestApp(kind, { env: { BILLING_PROVIDER: 'manual', BILLING_CACHE_MS: '1' } });

  it('agentAssist, conversationSummary and translation: refused on a plan without them, open on one with them', async () => {
    const tenant = await newTenant(t);
    const { groupId, visitor } = await newVisitorConversation(t, tenant, 'Question');
    await sendTestMessage(t, visitor.headers, groupId, `g-${Math.random()}`, 'hello');
    const headers = { authorization: `Bearer ${tenant.admin['x-authorization']}` };
    const calls = () => [
      {
        feature: 'agentAssist',
        res: t.app.inject({ method: 'GET', url: replySuggestionsPath(groupId), headers }),
      },
      {
        feature: 'conversationSummary',
        res: t.app.inject({ method: 'POST', url: conversationSummaryPath(groupId), headers, payload: {} }),
      },
      {
        feature: 'translation',
        res: t.app.inject({
          method: 'POST',
          url: messageTranslationPath(groupId),
          headers,
          payload: { messageKey: 'k' },
        }),
      },
    ];
    await setPlan(t.database.db, {
      applicationId: tenant.applicationId,
      plan: 'starter',
      provider: 'manual',
      pricingVersion: 9,
    });
    for (const call of calls()) {
      const res = await call.res;
      expect(res.statusCode, `${call.feature} ${res.body}`).toBe(402);
      expect(res.json()).toMatchObject({ code: 'FEATURE_NOT_AVAILABLE', details: { feature: call.feature } });
    }
    await setPlan(t.database.db, {
      applicationId: tenant.applicationId,
      plan: 'professional',
      provider: 'manual',
      pricingVersion: 9,
    });
    const [suggestions, summary, translation] = calls();
    expect((await suggestions!.res).statusCode).toBe(200);
    // Open: now the answer is about the missing AI agent, not the plan.
    expect((await summary!.res).json()).toMatchObject({ details: { reason: 'LLM_NOT_CONFIGURED' } });
    expect((await translation!.res).statusCode).toBe(404);
  });
});
