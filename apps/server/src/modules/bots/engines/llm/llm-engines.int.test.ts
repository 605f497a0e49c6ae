import {
  type FakeProvider,
  type FakeReply,
  type RecordedCall,
  startFakeAnthropic,
  startFakeGemini,
  startFakeOpenAI,
} from '@convo/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configureOutbound } from '../../../../platform/outbound/index.js';
import {
  type BotEngine,
  BotEngineError,
  type BotReply,
  type BotReplyInput,
  type BotRuntimeConfig,
  type RetrievedPassage,
} from '../../engine.js';
import { createAnthropicEngine } from '../anthropic/index.js';
import { createGeminiEngine } from '../gemini/index.js';
import { createOpenAIEngine } from '../openai/index.js';

// Each LLM engine against a real local HTTP server speaking its provider's wire format
// (@convo/provider-fakes): streaming, usage, the two tools, errors and the timeout.

const KEY = 'sk-test-1234567890-secret';

// The fakes listen on 127.0.0.1, which a bot's own base URL reaches only when the operator allows it.
beforeAll(() => configureOutbound(['127.0.0.1']));
afterAll(() => configureOutbound([]));
const INSTRUCTIONS = 'Always greet the customer as "valued shopper".';

interface Case {
  name: string;
  start: (opts: { apiKey?: string }) => Promise<FakeProvider>;
  /** Builds the engine pointed at the fake, and the bot's engine settings. */
  engine: (fake: FakeProvider) => {
    engine: BotEngine;
    settings: Record<string, unknown>;
    apiKey: string | null;
  };
  /** Where the key travels: the auth header's name. */
  authHeader: string;
  /** The system prompt as this provider's request carries it. */
  systemOf: (call: RecordedCall) => string;
  /** The tool results sent back to the model in the second request. */
  toolResultOf: (call: RecordedCall) => string;
}

type Json = Record<string, unknown>;
const bodyOf = (call: RecordedCall) => call.body as Json;

const cases: Case[] = [
  {
    name: 'openai (Responses API)',
    start: startFakeOpenAI,
    engine: (fake) => ({
      engine: createOpenAIEngine({ baseURL: fake.url }),
      settings: { instructions: INSTRUCTIONS },
      apiKey: KEY,
    }),
    authHeader: 'authorization',
    systemOf: (call) => {
      const input = bodyOf(call).input as { role?: string; content?: unknown }[];
      return JSON.stringify(input.filter((m) => m.role === 'system' || m.role === 'developer'));
    },
    toolResultOf: (call) =>
      JSON.stringify(
        (bodyOf(call).input as { type?: string }[]).filter((i) => i.type === 'function_call_output'),
      ),
  },
  {
    name: 'openai-compatible (base URL, chat completions)',
    start: startFakeOpenAI,
    engine: (fake) => ({
      // The bot's own base URL wins over the engine's configured one.
      engine: createOpenAIEngine({ baseURL: 'http://127.0.0.1:1/v1' }),
      settings: { instructions: INSTRUCTIONS, baseUrl: fake.url, model: 'llama3.1' },
      apiKey: KEY,
    }),
    authHeader: 'authorization',
    systemOf: (call) =>
      JSON.stringify((bodyOf(call).messages as { role: string }[]).filter((m) => m.role === 'system')),
    toolResultOf: (call) =>
      JSON.stringify((bodyOf(call).messages as { role: string }[]).filter((m) => m.role === 'tool')),
  },
  {
    name: 'anthropic',
    start: startFakeAnthropic,
    engine: (fake) => ({
      engine: createAnthropicEngine({ baseURL: fake.url }),
      settings: { instructions: INSTRUCTIONS },
      apiKey: KEY,
    }),
    authHeader: 'x-api-key',
    systemOf: (call) => JSON.stringify(bodyOf(call).system),
    toolResultOf: (call) =>
      JSON.stringify(
        (bodyOf(call).messages as { content: unknown }[])
          .flatMap((m) => (Array.isArray(m.content) ? (m.content as { type: string }[]) : []))
          .filter((p) => p.type === 'tool_result'),
      ),
  },
  {
    name: 'gemini',
    start: startFakeGemini,
    engine: (fake) => ({
      engine: createGeminiEngine({ baseURL: fake.url }),
      settings: { instructions: INSTRUCTIONS },
      apiKey: KEY,
    }),
    authHeader: 'x-goog-api-key',
    systemOf: (call) => JSON.stringify(bodyOf(call).systemInstruction),
    toolResultOf: (call) =>
      JSON.stringify(
        (bodyOf(call).contents as { parts: { functionResponse?: unknown }[] }[])
          .flatMap((c) => c.parts)
          .filter((p) => p.functionResponse !== undefined),
      ),
  },
];

const PASSAGE: RetrievedPassage = {
  sourceId: 'src-1',
  sourceName: 'Shipping policy',
  url: 'https://shop.example/shipping',
  heading: 'Delivery times',
  text: 'Orders ship within 2 business days; delivery takes 3 to 5 days.',
  score: 0.9,
};

function bot(settings: Record<string, unknown>, apiKey: string | null): BotRuntimeConfig {
  return {
    id: 'bot-1',
    applicationId: 'app-1',
    engine: 'openai',
    name: 'Shop Assistant',
    defaultLanguage: 'en',
    languages: ['en'],
    settings,
    apiKey,
  };
}

describe.each(cases)('$name engine against its local provider server', (c) => {
  let fake: FakeProvider;
  let engine: BotEngine;
  let settings: Record<string, unknown>;
  let apiKey: string | null;
  const searches: string[] = [];

  beforeAll(async () => {
    fake = await c.start({ apiKey: KEY });
    ({ engine, settings, apiKey } = c.engine(fake));
  });
  afterAll(() => fake.close());

  async function ask(
    text: string,
    overrides: { settings?: Record<string, unknown>; apiKey?: string | null; signal?: AbortSignal } = {},
  ): Promise<{ reply: BotReply; deltas: string[]; calls: RecordedCall[] }> {
    const before = fake.calls.length;
    const deltas: string[] = [];
    const input: BotReplyInput = {
      bot: bot(
        { ...settings, ...overrides.settings },
        overrides.apiKey === undefined ? apiKey : overrides.apiKey,
      ),
      turns: [
        { role: 'bot', text: 'Hi! How can I help?' },
        { role: 'customer', text },
      ],
      tools: {
        searchKnowledge: async (query) => {
          searches.push(query);
          return [PASSAGE];
        },
      },
      onDelta: (d) => deltas.push(d),
      signal: overrides.signal ?? new AbortController().signal,
    };
    const reply = await engine.reply(input);
    return { reply, deltas, calls: fake.calls.slice(before) };
  }

  async function failure(
    script: FakeReply | null,
    overrides: Parameters<typeof ask>[1] = {},
  ): Promise<BotEngineError> {
    if (script) fake.script(script);
    const err = await ask('Hello?', overrides).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(BotEngineError);
    return err as BotEngineError;
  }

  it('streams the text as it arrives, reports usage, and sends the instructions as the system prompt', async () => {
    fake.script({
      kind: 'text',
      chunks: ['Hello', ' valued', ' shopper!'],
      usage: { inputTokens: 120, outputTokens: 9 },
    });
    const { reply, deltas, calls } = await ask('Hi there');
    expect(deltas).toEqual(['Hello', ' valued', ' shopper!']);
    expect(reply).toMatchObject({
      messages: [{ kind: 'text', text: 'Hello valued shopper!' }],
      intent: 'llm',
      confidence: 1,
      fallback: false,
      usage: { inputTokens: 120, outputTokens: 9 },
    });
    expect(reply.handoff).toBeUndefined();
    expect(calls).toHaveLength(1);
    const system = c.systemOf(calls[0]!);
    expect(system).toContain('valued shopper');
    expect(system).toContain('Shop Assistant');
    // The greeting sent before the customer wrote is context, not a leading assistant message.
    expect(system).toContain('Hi! How can I help?');
  });

  it('sends the key only in its auth header', async () => {
    fake.script({ kind: 'text', chunks: ['ok'] });
    const { calls } = await ask('Key check');
    const call = calls[0]!;
    const header = call.headers[c.authHeader];
    expect(String(header)).toContain(KEY);
    const elsewhere = Object.entries(call.headers).filter(
      ([name, value]) => name !== c.authHeader && String(value).includes(KEY),
    );
    expect(elsewhere).toEqual([]);
    expect(call.rawBody).not.toContain(KEY);
    expect(JSON.stringify(call.query)).not.toContain(KEY);
  });

  it('runs search_knowledge when the model calls it and answers from its result', async () => {
    fake.script(
      {
        kind: 'tool',
        name: 'search_knowledge',
        args: { query: 'shipping time' },
        usage: { inputTokens: 50, outputTokens: 5 },
      },
      {
        kind: 'text',
        chunks: ['Orders ship', ' within 2 days.'],
        usage: { inputTokens: 80, outputTokens: 6 },
      },
    );
    searches.length = 0;
    const { reply, calls } = await ask('How long does shipping take?');
    expect(searches).toEqual(['shipping time']);
    expect(calls).toHaveLength(2);
    // The passage went back to the model as the tool's result.
    expect(c.toolResultOf(calls[1]!)).toContain('Orders ship within 2 business days');
    expect(reply.messages).toEqual([{ kind: 'text', text: 'Orders ship within 2 days.' }]);
    expect(reply.passage).toEqual(PASSAGE);
    // Usage is the sum of both steps.
    expect(reply.usage).toEqual({ inputTokens: 130, outputTokens: 11 });
  });

  it('tells the model when the knowledge search fails, and still answers', async () => {
    fake.script(
      { kind: 'tool', name: 'search_knowledge', args: { query: 'hours' } },
      { kind: 'text', chunks: ['I could not look that up, sorry.'] },
    );
    const before = fake.calls.length;
    const reply = await engine.reply({
      bot: bot(settings, apiKey),
      turns: [{ role: 'customer', text: 'Opening hours?' }],
      tools: {
        searchKnowledge: async () => {
          throw new Error('knowledge index unavailable at db-internal:5432');
        },
      },
      signal: new AbortController().signal,
    });
    expect(reply.messages).toEqual([{ kind: 'text', text: 'I could not look that up, sorry.' }]);
    expect(reply.passage).toBeUndefined();
    const second = fake.calls[before + 1];
    const toolResult = second ? c.toolResultOf(second) : '';
    expect(toolResult).toContain('could not be searched');
    // Our internal error text stays on our side.
    expect(second?.rawBody).not.toContain('db-internal');
  });

  it('keeps what the model said before its tool call as its own paragraph', async () => {
    fake.script(
      { kind: 'tool', name: 'search_knowledge', args: { query: 'returns' }, preamble: ['Let me', ' check.'] },
      { kind: 'text', chunks: ['Returns are free', ' for 30 days.'] },
    );
    const { reply, deltas } = await ask('Can I return shoes?');
    expect(deltas).toEqual(['Let me', ' check.', '\n\nReturns are free', ' for 30 days.']);
    expect(reply.messages).toEqual([
      { kind: 'text', text: 'Let me check.\n\nReturns are free for 30 days.' },
    ]);
  });

  it('returns a handoff when the model calls the handoff tool, without another model call', async () => {
    fake.script({ kind: 'tool', name: 'handoff', args: { reason: 'customer wants a person' } });
    const { reply, calls } = await ask('I want to talk to a human');
    expect(calls).toHaveLength(1);
    expect(reply.handoff).toEqual({ reason: 'customer wants a person' });
    expect(reply.fallback).toBe(false);
  });

  it('maps a refused key to INVALID_CREDENTIALS', async () => {
    // The fake checks the key itself (nothing scripted is used up by a refused call).
    const err = await failure(null, { apiKey: 'sk-wrong' });
    expect(err.code).toBe('INVALID_CREDENTIALS');
    expect(err.message).not.toContain('sk-wrong');
    expect(fake.calls.at(-1)?.reply).toEqual({ kind: 'unauthorized' });
    // Scripted too (the provider revoking a key it once accepted).
    expect((await failure({ kind: 'error', error: 'invalid-key' })).code).toBe('INVALID_CREDENTIALS');
  });

  it('maps 429 to RATE_LIMITED with the retry-after hint, and 500 to PROVIDER_ERROR, without retrying', async () => {
    const before = fake.calls.length;
    const limited = await failure({ kind: 'error', error: 'rate-limit', retryAfterSeconds: 7 });
    expect(limited.code).toBe('RATE_LIMITED');
    expect(limited.message).toContain('7');
    const server = await failure({ kind: 'error', error: 'server' });
    expect(server.code).toBe('PROVIDER_ERROR');
    expect(fake.calls.length - before).toBe(2);
  });

  it('reports a connection lost mid-answer as PROVIDER_ERROR after the words already streamed', async () => {
    fake.script({ kind: 'text', chunks: ['Our hours', ' are', ' 9 to 5'], dropAfterChunks: 1 });
    const deltas: string[] = [];
    const err = await engine
      .reply({
        bot: bot(settings, apiKey),
        turns: [{ role: 'customer', text: 'Hours?' }],
        tools: { searchKnowledge: async () => [] },
        onDelta: (d) => deltas.push(d),
        signal: new AbortController().signal,
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BotEngineError);
    expect((err as BotEngineError).code).toBe('PROVIDER_ERROR');
    expect(deltas).toEqual(['Our hours']);
  });

  it('gives up after the timeout when the provider hangs', async () => {
    const started = performance.now();
    const err = await failure({ kind: 'hang' }, { settings: { timeoutMs: 300 } });
    expect(err.code).toBe('TIMEOUT');
    expect(performance.now() - started).toBeLessThan(3000);
  });

  it('times out a stream that stalls after its first words', async () => {
    const err = await failure(
      { kind: 'text', chunks: ['Let me', ' see'], chunkDelayMs: 5000 },
      { settings: { timeoutMs: 300 } },
    );
    expect(err.code).toBe('TIMEOUT');
  });

  it("stops when the caller aborts, with the caller's reason rather than a provider error", async () => {
    const controller = new AbortController();
    fake.script({ kind: 'hang' });
    const pending = ask('Anyone?', { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('a human replied')), 100);
    await expect(pending).rejects.toThrow('a human replied');
  });
});

describe('LLM engines without a key', () => {
  it('refuse before calling any provider (never a server-wide key)', async () => {
    const fake = await startFakeOpenAI({});
    try {
      for (const engine of [
        createOpenAIEngine({ baseURL: fake.url }),
        createAnthropicEngine({ baseURL: fake.url }),
        createGeminiEngine({ baseURL: fake.url }),
      ]) {
        const err = await engine
          .reply({
            bot: bot({}, null),
            turns: [{ role: 'customer', text: 'Hi' }],
            tools: { searchKnowledge: async () => [] },
            signal: new AbortController().signal,
          })
          .catch((e: unknown) => e);
        expect(err).toBeInstanceOf(BotEngineError);
        expect((err as BotEngineError).code).toBe('INVALID_CREDENTIALS');
      }
      expect(fake.calls).toHaveLength(0);
    } finally {
      await fake.close();
    }
  });

  it('anthropic and gemini ignore a base URL left in the settings: their key never goes there', async () => {
    const stranger = await startFakeOpenAI({});
    const [anthropic, gemini] = await Promise.all([
      startFakeAnthropic({ apiKey: KEY }),
      startFakeGemini({ apiKey: KEY }),
    ]);
    try {
      for (const engine of [
        createAnthropicEngine({ baseURL: anthropic.url }),
        createGeminiEngine({ baseURL: gemini.url }),
      ]) {
        const reply = await engine.reply({
          bot: bot({ baseUrl: stranger.url }, KEY),
          turns: [{ role: 'customer', text: 'Hi' }],
          tools: { searchKnowledge: async () => [] },
          signal: new AbortController().signal,
        });
        expect(reply.messages).toEqual([{ kind: 'text', text: 'Hello from the fake.' }]);
      }
      expect(stranger.calls).toHaveLength(0);
      expect(anthropic.calls).toHaveLength(1);
      expect(gemini.calls).toHaveLength(1);
    } finally {
      await Promise.all([stranger.close(), anthropic.close(), gemini.close()]);
    }
  });

  it('an OpenAI-compatible server may need no key: no Authorization header is sent', async () => {
    const fake = await startFakeOpenAI({});
    try {
      fake.script({ kind: 'text', chunks: ['Local model here.'] });
      const reply = await createOpenAIEngine().reply({
        bot: bot({ baseUrl: fake.url }, null),
        turns: [{ role: 'customer', text: 'Hi' }],
        tools: { searchKnowledge: async () => [] },
        signal: new AbortController().signal,
      });
      expect(reply.messages).toEqual([{ kind: 'text', text: 'Local model here.' }]);
      const [call] = fake.calls;
      expect(call?.path).toBe('/v1/chat/completions');
      expect(call?.headers.authorization).toBeUndefined();
      expect(call && (call.body as Json).model).toBe('llama3.1');
    } finally {
      await fake.close();
    }
  });

  it('a base URL on the server’s own network is refused by default: the key is never sent there', async () => {
    const fake = await startFakeOpenAI({});
    configureOutbound([]);
    try {
      fake.script({ kind: 'text', chunks: ['Internal service answering.'] });
      const err = await createOpenAIEngine()
        .reply({
          bot: bot({ baseUrl: fake.url }, KEY),
          turns: [{ role: 'customer', text: 'Hi' }],
          tools: { searchKnowledge: async () => [] },
          signal: new AbortController().signal,
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(BotEngineError);
      expect((err as BotEngineError).code).toBe('PROVIDER_ERROR');
      // Nothing about what is (or is not) listening there.
      expect((err as BotEngineError).message).toBe('The provider call failed: could not reach the address.');
      expect(fake.calls).toHaveLength(0);
    } finally {
      configureOutbound(['127.0.0.1']);
      await fake.close();
    }
  });
});
