import type { BotPlatform } from '@convo/domain';
import {
  type FakeCustomBot,
  type FakeDialogflow,
  type FakeLex,
  type FakeWatson,
  startFakeCustomBot,
  startFakeDialogflow,
  startFakeLex,
  startFakeWatson,
} from '@convo/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureOutbound } from '../../../../platform/outbound/index.js';
import { type BotEngine, BotEngineError, type BotReply, type BotRuntimeConfig } from '../../engine.js';
import { createCustomEngine } from './custom.js';
import { createDialogflowCxEngine, createDialogflowEngine } from './dialogflow.js';
import { createGoogleAuth } from './google-auth.js';
import { createLexEngine } from './lex.js';
import { createViaKmEngine } from './via-km.js';
import { createWatsonEngine } from './watson.js';

// Each external engine against a local server speaking its provider's documented REST format
// (@convo/provider-fakes): an answer, refused credentials (a clear error, never the secret), a
// provider that never answers (TIMEOUT), and credentials that stay with their bot.

const noTools = { searchKnowledge: async () => [] };

function botOf(
  engine: BotPlatform,
  credentials: unknown,
  id = '11111111-aaaa-bbbb-cccc-000000000001',
): BotRuntimeConfig {
  return {
    id,
    applicationId: 'app-1',
    engine,
    name: 'Helper',
    defaultLanguage: 'en',
    languages: ['en'],
    settings: {},
    apiKey: null,
    credentials,
  };
}

async function ask(
  engine: BotEngine,
  bot: BotRuntimeConfig,
  text: string,
  timeoutMs = 5_000,
): Promise<BotReply> {
  return engine.reply({
    bot,
    turns: [{ role: 'customer', text }],
    tools: noTools,
    message: {
      conversationId: 42,
      key: 'msg-key-1',
      from: 'visitor-7',
      contentType: 0,
      metadata: { source: 'widget' },
      source: 'widget',
      applicationKey: 'app-key-1',
      createdAt: 1_700_000_000_000,
    },
    signal: AbortSignal.timeout(timeoutMs),
  });
}

async function failure(p: Promise<unknown>): Promise<BotEngineError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BotEngineError);
  return err as BotEngineError;
}

beforeAll(() => configureOutbound(['127.0.0.1']));
afterAll(() => configureOutbound([]));

describe('Dialogflow ES and CX against the local Dialogflow and token servers', () => {
  let fake: FakeDialogflow;
  let es: BotEngine;
  let cx: BotEngine;
  let key: string;
  beforeAll(async () => {
    fake = await startFakeDialogflow();
    const auth = createGoogleAuth({ tokenUrl: fake.tokenUrl, oauthClient: fake.oauthClient });
    es = createDialogflowEngine({ apiUrl: fake.url, auth });
    cx = createDialogflowCxEngine({ apiUrl: fake.url, auth });
    key = fake.createServiceAccount('shop-agent');
    fake.addAgent('shop-agent', {
      hours: { intent: 'opening-hours', texts: ['We open at 9.'], confidence: 0.82 },
      human: { intent: 'talk-to-human', texts: ['One moment.'], payload: { KM_ASSIGN_TO: 'alice' } },
    });
    fake.addAgent('shop-agent/cx-1', { hours: { intent: 'hours.cx', texts: ['CX: 9 to 5.'] } });
  });
  afterAll(() => fake.close());

  it('ES: detectIntent with a service-account token answers the agent text; no match is the fallback', async () => {
    const bot = botOf('dialogflow', {
      engine: 'dialogflow',
      projectId: 'shop-agent',
      serviceAccountKey: key,
    });
    const reply = await ask(es, bot, 'What are your hours?');
    expect(reply).toMatchObject({
      messages: [{ kind: 'text', text: 'We open at 9.' }],
      intent: 'opening-hours',
      confidence: 0.82,
      fallback: false,
    });
    const call = fake.calls.at(-1)!;
    expect(call.path).toBe('/v2/projects/shop-agent/agent/sessions/convo-42:detectIntent');
    expect(call.body).toEqual({ queryInput: { text: { text: 'What are your hours?', languageCode: 'en' } } });
    // The private key went nowhere: only a signed assertion to the token endpoint.
    expect(fake.calls.some((c) => c.rawBody.includes('PRIVATE KEY'))).toBe(false);
    const other = await ask(es, bot, 'Do you sell boats?');
    expect(other).toMatchObject({ fallback: true, messages: [], intent: 'fallback_intent' });
    const handoff = await ask(es, bot, 'I want a human');
    expect(handoff.handoff).toMatchObject({ assignTo: 'alice' });
  });

  it('CX: detectIntent on the agent session', async () => {
    const bot = botOf('dialogflowcx', {
      engine: 'dialogflowcx',
      projectId: 'shop-agent',
      location: 'global',
      agentId: 'cx-1',
      serviceAccountKey: key,
    });
    const reply = await ask(cx, bot, 'hours please');
    expect(reply).toMatchObject({ messages: [{ kind: 'text', text: 'CX: 9 to 5.' }], fallback: false });
    expect(fake.calls.at(-1)!.path).toBe(
      '/v3/projects/shop-agent/locations/global/agents/cx-1/sessions/convo-42:detectIntent',
    );
    expect((await ask(cx, bot, 'nonsense')).fallback).toBe(true);
  });

  it('a key the token endpoint refuses, or a project the account may not call, is INVALID_CREDENTIALS', async () => {
    const stranger = JSON.parse(key) as Record<string, string>;
    stranger.client_email = 'nobody@elsewhere.iam.gserviceaccount.com';
    const bad = botOf(
      'dialogflow',
      { engine: 'dialogflow', projectId: 'shop-agent', serviceAccountKey: stranger },
      '22222222-aaaa-bbbb-cccc-000000000002',
    );
    const err = await failure(ask(es, bad, 'hours'));
    expect(err.code).toBe('INVALID_CREDENTIALS');
    expect(err.message).not.toContain('PRIVATE KEY');
    const otherProject = botOf(
      'dialogflow',
      { engine: 'dialogflow', projectId: 'someone-else', serviceAccountKey: key },
      '33333333-aaaa-bbbb-cccc-000000000003',
    );
    expect((await failure(ask(es, otherProject, 'hours'))).code).toBe('INVALID_CREDENTIALS');
    const none = botOf('dialogflow', null);
    expect((await failure(ask(es, none, 'hours'))).code).toBe('INVALID_CREDENTIALS');
  });

  it('times out when Dialogflow never answers', async () => {
    const bot = botOf('dialogflow', {
      engine: 'dialogflow',
      projectId: 'shop-agent',
      serviceAccountKey: key,
    });
    await ask(es, bot, 'warm the token'); // the token is cached: the next call is detectIntent alone
    fake.hangNext();
    expect((await failure(ask(es, bot, 'hours', 300))).code).toBe('TIMEOUT');
  });

  it("two bots never share a token: each bot's calls carry its own account's token", async () => {
    const keyB = fake.createServiceAccount('other-agent');
    fake.addAgent('other-agent', { hours: { intent: 'b-hours', texts: ['B opens at 10.'] } });
    const a = botOf(
      'dialogflow',
      { engine: 'dialogflow', projectId: 'shop-agent', serviceAccountKey: key },
      'aaaaaaaa-0000-0000-0000-00000000000a',
    );
    const b = botOf(
      'dialogflow',
      { engine: 'dialogflow', projectId: 'other-agent', serviceAccountKey: keyB },
      'bbbbbbbb-0000-0000-0000-00000000000b',
    );
    expect((await ask(es, a, 'hours')).messages).toEqual([{ kind: 'text', text: 'We open at 9.' }]);
    expect((await ask(es, b, 'hours')).messages).toEqual([{ kind: 'text', text: 'B opens at 10.' }]);
    const tokens = fake.calls
      .filter((c) => c.path.endsWith(':detectIntent'))
      .slice(-2)
      .map((c) => c.headers.authorization);
    expect(tokens[0]).not.toBe(tokens[1]);
    // Bot B pointed at A's project with its own key is refused: credentials do not travel between bots.
    const crossed = botOf(
      'dialogflow',
      { engine: 'dialogflow', projectId: 'shop-agent', serviceAccountKey: keyB },
      'bbbbbbbb-0000-0000-0000-00000000000b',
    );
    expect((await failure(ask(es, crossed, 'hours'))).code).toBe('INVALID_CREDENTIALS');
  });
});

describe('Amazon Lex V2 RecognizeText (SigV4) against the local Lex runtime', () => {
  let fake: FakeLex;
  let engine: BotEngine;
  const creds = {
    engine: 'amazonlex',
    region: 'us-east-1',
    botId: 'LEXBOT0001',
    botAliasId: 'TSTALIASID',
    localeId: 'en_US',
    accessKeyId: 'AKIALOCALFAKE0001',
    secretAccessKey: 'lex-secret-DO-NOT-LEAK',
  };
  beforeAll(async () => {
    fake = await startFakeLex();
    fake.addKey(creds.accessKeyId, creds.secretAccessKey);
    fake.addBot('LEXBOT0001', {
      order: { intent: 'CheckOrder', texts: ['Your order ships today.'], confidence: 0.93 },
      agent: { intent: 'Escalate', texts: ['Transferring.'], payload: { KM_ASSIGN_TO: 'bob' } },
    });
    engine = createLexEngine({ endpoint: fake.url });
  });
  afterAll(() => fake.close());

  it('answers with the bot messages, signed with SigV4 (service lex), FallbackIntent is the fallback', async () => {
    const reply = await ask(engine, botOf('amazonlex', creds), 'where is my order');
    expect(reply).toMatchObject({
      messages: [{ kind: 'text', text: 'Your order ships today.' }],
      intent: 'CheckOrder',
      confidence: 0.93,
      fallback: false,
    });
    const call = fake.calls.at(-1)!;
    expect(call.path).toBe('/bots/LEXBOT0001/botAliases/TSTALIASID/botLocales/en_US/sessions/convo-42/text');
    expect(String(call.headers.authorization)).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIALOCALFAKE0001\/\d{8}\/us-east-1\/lex\//,
    );
    expect(call.rawBody).not.toContain(creds.secretAccessKey);
    expect((await ask(engine, botOf('amazonlex', creds), 'sing a song')).fallback).toBe(true);
    expect((await ask(engine, botOf('amazonlex', creds), 'get me an agent')).handoff).toMatchObject({
      assignTo: 'bob',
    });
  });

  it('a wrong secret is INVALID_CREDENTIALS; a hanging runtime is TIMEOUT', async () => {
    const err = await failure(
      ask(engine, botOf('amazonlex', { ...creds, secretAccessKey: 'wrong-secret' }), 'order'),
    );
    expect(err.code).toBe('INVALID_CREDENTIALS');
    expect(err.message).not.toContain('wrong-secret');
    fake.hangNext();
    expect((await failure(ask(engine, botOf('amazonlex', creds), 'order', 300))).code).toBe('TIMEOUT');
  });
});

describe('IBM Watson Assistant v2 message against the local Watson server', () => {
  let fake: FakeWatson;
  const engine = createWatsonEngine();
  let creds: Record<string, string>;
  beforeAll(async () => {
    fake = await startFakeWatson();
    const serviceUrl = fake.addInstance('inst-1', 'watson-key-SECRET');
    fake.addAssistant('asst-1', {
      refund: { intent: 'refund', texts: ['Refunds take 5 days.'], confidence: 0.88 },
    });
    creds = { engine: 'watson', serviceUrl, assistantId: 'asst-1', apiKey: 'watson-key-SECRET' };
  });
  afterAll(() => fake.close());

  it('answers the assistant text; no intent is the fallback', async () => {
    const reply = await ask(engine, botOf('watson', creds), 'I want a refund');
    expect(reply).toMatchObject({
      messages: [{ kind: 'text', text: 'Refunds take 5 days.' }],
      intent: 'refund',
      fallback: false,
    });
    const call = fake.calls.at(-1)!;
    expect(call.path).toBe('/instances/inst-1/v2/assistants/asst-1/message');
    expect(call.query.version).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect((await ask(engine, botOf('watson', creds), 'blue whales')).fallback).toBe(true);
  });

  it('a wrong API key is INVALID_CREDENTIALS; a hanging assistant is TIMEOUT', async () => {
    const err = await failure(ask(engine, botOf('watson', { ...creds, apiKey: 'nope' }), 'refund'));
    expect(err.code).toBe('INVALID_CREDENTIALS');
    fake.hangNext();
    expect((await failure(ask(engine, botOf('watson', creds), 'refund', 300))).code).toBe('TIMEOUT');
  });
});

describe('the custom webhook engine', () => {
  let fake: FakeCustomBot;
  beforeAll(async () => {
    fake = await startFakeCustomBot({ token: 'hook-token-SECRET', assignTo: 'carol' });
  });
  afterAll(() => fake.close());
  const creds = () => ({ engine: 'custom', webhookUrl: fake.webhookUrl, token: 'hook-token-SECRET' });

  it('POSTs the documented request and sends the array of messages it answers', async () => {
    const engine = createCustomEngine({ timeoutMs: 2_000 });
    const reply = await ask(engine, botOf('custom', creds()), 'hello there');
    expect(reply).toMatchObject({
      messages: [{ kind: 'text', text: 'Custom bot heard: hello there' }],
      fallback: false,
    });
    expect(fake.calls.at(-1)!.body).toEqual({
      botId: '11111111-aaaa-bbbb-cccc-000000000001',
      key: 'msg-key-1',
      from: 'visitor-7',
      message: 'hello there',
      groupId: 42,
      metadata: { source: 'widget' },
      contentType: 0,
      applicationKey: 'app-key-1',
      source: 'widget',
      eventName: 'message',
      createdAt: 1_700_000_000_000,
    });
    expect(fake.calls.at(-1)!.headers.authorization).toBe('Bearer hook-token-SECRET');
    const handoff = await ask(engine, botOf('custom', creds()), 'a human please');
    expect(handoff.handoff).toMatchObject({ assignTo: 'carol' });
  });

  it('retries once after a timeout or a 5xx, then fails with the error (the runtime sends the fallback)', async () => {
    const engine = createCustomEngine({ timeoutMs: 200 });
    expect(engine.deadlineMs).toBe(1_400);
    fake.hangNext();
    const before = fake.calls.length;
    expect((await ask(engine, botOf('custom', creds()), 'retry me')).messages).toEqual([
      { kind: 'text', text: 'Custom bot heard: retry me' },
    ]);
    expect(fake.calls.length).toBe(before + 2);
    fake.hangNext(2);
    expect((await failure(ask(engine, botOf('custom', creds()), 'still there?'))).code).toBe('TIMEOUT');
    fake.failNext(2);
    expect((await failure(ask(engine, botOf('custom', creds()), 'broken'))).code).toBe('PROVIDER_ERROR');
  });

  it('a refused token is INVALID_CREDENTIALS without a retry; an answer off the contract is PROVIDER_ERROR', async () => {
    const engine = createCustomEngine({ timeoutMs: 2_000 });
    const before = fake.calls.length;
    const err = await failure(ask(engine, botOf('custom', { ...creds(), token: 'wrong' }), 'hi'));
    expect(err.code).toBe('INVALID_CREDENTIALS');
    expect(fake.calls.length).toBe(before + 1);
    const odd = botOf('custom', { engine: 'custom', webhookUrl: `${fake.url}/nowhere` });
    expect((await failure(ask(engine, odd, 'hi'))).code).toBe('PROVIDER_ERROR');
  });

  it('refuses an address the outbound guard does not allow', async () => {
    configureOutbound([]);
    try {
      const err = await failure(ask(createCustomEngine({ timeoutMs: 500 }), botOf('custom', creds()), 'hi'));
      expect(err.code).toBe('PROVIDER_ERROR');
    } finally {
      configureOutbound(['127.0.0.1']);
    }
  });
});

describe('viaKM', () => {
  it('answers with kompose when it can, and asks the external engine when kompose falls back', async () => {
    const kompose: BotEngine = {
      kind: 'kompose',
      reply: async ({ turns }) =>
        turns.at(-1)?.text === 'known'
          ? {
              messages: [{ kind: 'text', text: 'kompose answer' }],
              intent: 'known',
              confidence: 1,
              fallback: false,
            }
          : { messages: [], intent: 'fallback_intent', confidence: 0, fallback: true },
    };
    const custom: BotEngine = {
      kind: 'custom',
      reply: async () => ({
        messages: [{ kind: 'text', text: 'external answer' }],
        intent: 'custom',
        confidence: 1,
        fallback: false,
      }),
    };
    const via = createViaKmEngine({ kompose, externals: new Map([['custom', custom]]) });
    const bot = botOf('viaKM', { engine: 'custom', webhookUrl: 'https://bot.example/hook' });
    expect((await ask(via, bot, 'known')).messages).toEqual([{ kind: 'text', text: 'kompose answer' }]);
    expect((await ask(via, bot, 'unknown')).messages).toEqual([{ kind: 'text', text: 'external answer' }]);
    expect((await failure(ask(via, botOf('viaKM', null), 'unknown'))).code).toBe('INVALID_CREDENTIALS');
  });
});
