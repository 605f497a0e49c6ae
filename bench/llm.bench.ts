// LLM engines (issue 15 budget): the first streamed words reach the widget within 100 ms of the
// provider's first token. This measures the server's part: from the moment the local provider
// server (@convo/provider-fakes, the provider's real wire format over HTTP) writes its first text
// chunk to the moment the engine's `onDelta` is called with it (SSE parsing, the AI SDK's stream
// and our engine), over 50 replies per provider. The hop from `onDelta` to the widget is measured
// by the runtime's bench. Usage: npx tsx bench/llm.bench.ts
import {
  type FakeProvider,
  startFakeAnthropic,
  startFakeGemini,
  startFakeOpenAI,
} from '@convo/provider-fakes';
import type { BotEngine, BotRuntimeConfig } from '../apps/server/src/modules/bots/engine.js';
import { createAnthropicEngine } from '../apps/server/src/modules/bots/engines/anthropic/index.js';
import { createGeminiEngine } from '../apps/server/src/modules/bots/engines/gemini/index.js';
import { createOpenAIEngine } from '../apps/server/src/modules/bots/engines/openai/index.js';
import { configureOutbound } from '../apps/server/src/platform/outbound/index.js';
import { THIS_MACHINE } from '../apps/server/src/testing/this-machine.js';
import { percentile, printTable, type Row } from './lib/stats.js';

const REPLIES = Number(process.env.LLM_BENCH_REPLIES ?? 50);
/** The provider's "time to first token" the fake simulates. */
const FIRST_TOKEN_MS = 60;
const CHUNK_MS = 5;
const KEY = 'bench-key';
const BUDGET_MS = 100;

interface Target {
  name: string;
  start: (opts: { apiKey: string }) => Promise<FakeProvider>;
  engine: (fake: FakeProvider) => { engine: BotEngine; settings: Record<string, unknown> };
}

const targets: Target[] = [
  {
    name: 'openai (Responses API)',
    start: startFakeOpenAI,
    engine: (fake) => ({ engine: createOpenAIEngine({ baseURL: fake.url }), settings: {} }),
  },
  {
    name: 'openai-compatible (chat completions)',
    start: startFakeOpenAI,
    engine: (fake) => ({ engine: createOpenAIEngine(), settings: { baseUrl: fake.url, model: 'llama3.1' } }),
  },
  {
    name: 'anthropic',
    start: startFakeAnthropic,
    engine: (fake) => ({ engine: createAnthropicEngine({ baseURL: fake.url }), settings: {} }),
  },
  {
    name: 'gemini',
    start: startFakeGemini,
    engine: (fake) => ({ engine: createGeminiEngine({ baseURL: fake.url }), settings: {} }),
  },
];

// The engines run in this process: the fakes on this machine allowed as every harness allows them.
configureOutbound(THIS_MACHINE);

const rows: Row[] = [];
for (const target of targets) {
  const fake = await target.start({ apiKey: KEY });
  const { engine, settings } = target.engine(fake);
  const bot: BotRuntimeConfig = {
    id: 'bench-bot',
    applicationId: 'bench-app',
    engine: engine.kind,
    name: 'Bench Bot',
    defaultLanguage: 'en',
    languages: ['en'],
    settings,
    apiKey: KEY,
  };
  const lags: number[] = [];
  const firstWords: number[] = [];
  // One warm-up reply (module loading, the first connection) is not counted.
  for (let i = -1; i < REPLIES; i++) {
    fake.script({
      kind: 'text',
      chunks: ['Our shop', ' opens at', ' 9 am', ' on weekdays.'],
      firstChunkDelayMs: FIRST_TOKEN_MS,
      chunkDelayMs: CHUNK_MS,
    });
    const before = fake.calls.length;
    let firstDeltaAt: number | undefined;
    const started = performance.now();
    await engine.reply({
      bot,
      turns: [{ role: 'customer', text: `When do you open? (${i})` }],
      tools: { searchKnowledge: async () => [] },
      onDelta: () => {
        firstDeltaAt ??= performance.now();
      },
      signal: new AbortController().signal,
    });
    const sentAt = fake.calls[before]?.firstChunkAt;
    if (firstDeltaAt === undefined || sentAt === undefined)
      throw new Error(`${target.name}: no streamed text`);
    if (i >= 0) {
      lags.push(firstDeltaAt - sentAt);
      firstWords.push(firstDeltaAt - started);
    }
  }
  await fake.close();
  lags.sort((a, b) => a - b);
  firstWords.sort((a, b) => a - b);
  const p95 = percentile(lags, 95);
  rows.push(
    {
      figure: `${target.name}: provider's first token → onDelta, p50`,
      value: `${percentile(lags, 50).toFixed(2)} ms`,
      budget: '—',
      pass: null,
    },
    {
      figure: `${target.name}: provider's first token → onDelta, p95 (${REPLIES} replies)`,
      value: `${p95.toFixed(2)} ms`,
      budget: `< ${BUDGET_MS} ms`,
      pass: p95 < BUDGET_MS,
    },
    {
      figure: `${target.name}: request → first words, p95 (fake's first token at ${FIRST_TOKEN_MS} ms)`,
      value: `${percentile(firstWords, 95).toFixed(1)} ms`,
      budget: '—',
      pass: null,
    },
  );
}
printTable('LLM engines: streaming latency against the local provider servers', rows);
