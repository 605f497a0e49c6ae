// An LLM reply's first streamed words in the widget (issue 15 budget): within 100 ms of the
// provider's first token. End to end as the product runs it: the local OpenAI server
// (@convo/provider-fakes, the Responses API's streaming wire format over HTTP) with a simulated
// time to first token; the server (HTTP and WebSockets on loopback) and its worker role with the
// product's engines (productBots, OPENAI_BASE_URL pointing at the fake); an openai bot made with
// the bots API (its key sealed) as first responder; VISITORS conversations asking at once over
// their own sockets. Measured per reply: from the moment the fake wrote its first text chunk (its
// recorded time) to the visitor's socket receiving the first `message.streaming` frame; the fake
// and the clients live in this process, so both instants are on one clock.
// Two ways to run the server: the built server as its own process (`npm start`'s flags; the
// deployment's figure), and the test app inside this process (its event loop also carries the
// fake and the 30 clients, and PGlite's queries: an upper bound). BENCH_LLM_MODES=process,inline.
// Usage: npx tsx bench/llm-widget.bench.ts  (PostgreSQL too when one is found)
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { ACCOUNT_PATHS, BOT_PATHS, type Bot, botPath, MESSAGING_PATHS, REGISTRATION_PATHS } from '@convo/api';
import { MAX_LLM_CAP } from '@convo/domain';
import { startFakeOpenAI } from '@convo/provider-fakes';
import pino from 'pino';
import WebSocket from 'ws';
import { productBots, startWorkers } from '../apps/server/src/app.js';
import { createMemoryPubSub } from '../apps/server/src/platform/pubsub/pubsub.js';
import { createTestApp, newSignup } from '../apps/server/src/testing/test-app.js';
import type { TestDbKind } from '../apps/server/src/testing/test-database.js';
import { ensureBuilt } from '../scripts/lib.mjs';
import { freshPostgres } from './lib/fresh-postgres.js';
import { startServer } from './lib/server-process.js';
import { findPostgres } from './lib/services.js';
import { percentile, printTable, type Row } from './lib/stats.js';

const VISITORS = Number(process.env.BENCH_LLM_VISITORS ?? 30);
const ROUNDS = Number(process.env.BENCH_LLM_ROUNDS ?? 3);
/** The provider's "time to first token" the fake simulates, and its pace after that. */
const FIRST_TOKEN_MS = 300;
const CHUNK_MS = 15;
/** A customer reads the answer before the next question: THINK_MS ± 50 %. */
const THINK_MS = Number(process.env.BENCH_LLM_THINK_MS ?? 500);
const BUDGET_MS = 100;
const KEY = 'sk-bench-llm-widget';
const CHUNKS = ['Our shop', ' opens at', ' 9 am', ' on weekdays', ' and 10 am', ' on Saturdays.'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Arrivals {
  /** First `message.streaming` frame of the current question. */
  firstPiece?: number;
  /** The stored answer (`message.received` from the bot). */
  final?: number;
}

interface VisitorSocket {
  socket: WebSocket;
  /** Starts recording a question's frames; resolves when its stored answer arrives. */
  expect(): { arrivals: Arrivals; done: Promise<void> };
}

function openVisitorSocket(base: string, token: string): Promise<VisitorSocket> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    let current: { arrivals: Arrivals; finish: () => void } | null = null;
    let resumed = false;
    socket.on('error', (err) => {
      if (!resumed) reject(err);
    });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'hello', token })));
    socket.on('message', (raw) => {
      const at = performance.now();
      const frame = JSON.parse(String(raw)) as {
        type: string;
        data?: { message?: { senderType: number; contentType: number } };
      };
      if (frame.type === 'resumed' && !resumed) {
        resumed = true;
        resolve({
          socket,
          expect: () => {
            const arrivals: Arrivals = {};
            const done = new Promise<void>((r) => {
              current = { arrivals, finish: r };
            });
            return { arrivals, done };
          },
        });
        return;
      }
      if (!current) return;
      if (frame.type === 'message.streaming') current.arrivals.firstPiece ??= at;
      const m = frame.data?.message;
      if (frame.type === 'message.received' && m?.senderType === 1 && m.contentType === 0) {
        current.arrivals.final = at;
        const { finish } = current;
        current = null;
        finish();
      }
    });
  });
}

interface Server {
  base: string;
  stop(): Promise<void>;
}

type Mode = 'process' | 'inline';

/** The server with its worker role, its OpenAI base URL at the fake. */
async function startTarget(mode: Mode, kind: TestDbKind, fakeUrl: string, port: number): Promise<Server> {
  if (mode === 'process') {
    const pg = kind === 'postgres' ? await freshPostgres() : null;
    const server = await startServer({ port, databaseUrl: pg?.url, env: { OPENAI_BASE_URL: fakeUrl } });
    return {
      base: server.base,
      stop: async () => {
        await server.stop();
        await pg?.drop();
      },
    };
  }
  const pubsub = createMemoryPubSub();
  const t = await createTestApp(kind, { OPENAI_BASE_URL: fakeUrl }, { pubsub });
  const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const worker = startWorkers({
    appSecret: t.config.appSecret,
    db: t.database.db,
    log: pino({ level: 'silent' }),
    pubsub,
    bots: productBots(t.config, t.database.db),
  });
  return {
    base,
    stop: async () => {
      await worker.stop();
      await t.close();
      await pubsub.close();
    },
  };
}

async function run(mode: Mode, kind: TestDbKind, port: number): Promise<Row[]> {
  const fake = await startFakeOpenAI({
    apiKey: KEY,
    defaultReply: { kind: 'text', chunks: CHUNKS, firstChunkDelayMs: FIRST_TOKEN_MS, chunkDelayMs: CHUNK_MS },
  });
  const server = await startTarget(mode, kind, fake.url, port);
  const address = server.base;
  const label = `${kind}, ${mode === 'process' ? 'server process' : 'test app in the bench process'}`;
  /** Everything over HTTP, as the dashboard and the widget do. */
  const http = async (method: 'POST' | 'PUT', url: string, headers: Record<string, string>, body: object) => {
    const res = await fetch(`${address}${url}`, {
      method,
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.status} ${text}`);
    return JSON.parse(text) as Record<string, unknown>;
  };
  try {
    const session = (await http('POST', ACCOUNT_PATHS.signup, {}, newSignup())).data as {
      token: string;
      applicationId: string;
    };
    const admin = { authorization: `Bearer ${session.token}` };
    const bot = (await http('POST', BOT_PATHS.bots, admin, { name: 'Store Assistant', engine: 'openai' }))
      .data as Bot;
    await http('PUT', botPath(BOT_PATHS.botEngine, { botId: bot.id }), admin, {
      settings: {
        instructions: 'Answer for the demo store, briefly.',
        // Every visitor here asks from this machine's one address, whose default ceiling (60
        // replies an hour, DEFAULT_LLM_CAPS) the run passes: a site whose visitors share an
        // address (a proxy the server is not told to trust) raises it the same way.
        llmCaps: { addressPerHour: MAX_LLM_CAP, addressPerDay: MAX_LLM_CAP },
      },
      apiKey: KEY,
    });
    await http('PUT', BOT_PATHS.firstResponder, admin, { botId: bot.id });

    const visitors: (VisitorSocket & { headers: Record<string, string>; groupId: number })[] = [];
    for (let i = 0; i < VISITORS; i++) {
      const registered = (await http(
        'POST',
        REGISTRATION_PATHS.registerClient,
        {},
        {
          userId: `bench-visitor-${i}`,
          applicationId: session.applicationId,
          authenticationTypeId: 0,
          displayName: 'Visitor',
        },
      )) as { authToken: string };
      const headers = { 'x-authorization': registered.authToken, 'application-key': session.applicationId };
      const group = (await http('POST', MESSAGING_PATHS.groupCreateV21, headers, {
        groupName: 'Question',
        type: 10,
      })) as { response: { id: number } };
      visitors.push({
        headers,
        groupId: group.response.id,
        ...(await openVisitorSocket(address, registered.authToken)),
      });
    }

    const lags: number[] = [];
    const firstWords: number[] = [];
    const streamedBeforeFinal: number[] = [];
    const toProvider: number[] = [];
    let failed = 0;
    // Each question is unique: its provider call is found by its words.
    const ask = async (v: (typeof visitors)[number], n: number, round: number) => {
      const tag = `visitor ${n} round ${round}`;
      const { arrivals, done } = v.expect();
      const t0 = performance.now();
      const res = await fetch(`${address}${MESSAGING_PATHS.messageSend}`, {
        method: 'POST',
        headers: { ...v.headers, 'content-type': 'application/json' },
        body: JSON.stringify({
          groupId: v.groupId,
          key: `bench-${n}-${round}`,
          message: `When do you open? (${tag})`,
        }),
      });
      const answered =
        res.ok && (await Promise.race([done.then(() => true), sleep(15_000).then(() => false)]));
      const call = fake.calls.find((c) => c.rawBody.includes(`(${tag})`));
      if (!answered || arrivals.firstPiece === undefined || call?.firstChunkAt === undefined) {
        failed += 1;
        return;
      }
      lags.push(arrivals.firstPiece - call.firstChunkAt);
      toProvider.push(call.receivedAt - t0);
      firstWords.push(arrivals.firstPiece - t0);
      streamedBeforeFinal.push(arrivals.final! - arrivals.firstPiece);
    };
    // One warm-up question (module loading, the provider connection) is not counted.
    await ask(visitors[0]!, -1, -1);
    lags.length = 0;
    firstWords.length = 0;
    streamedBeforeFinal.length = 0;
    toProvider.length = 0;
    failed = 0;

    // This process holds the fake and the clients (and, inline, the server): a stalled event loop
    // (inline PGlite's queries run on it; other processes take the cores) delays every hop measured.
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();

    await Promise.all(
      visitors.map(async (v, n) => {
        for (let round = 0; round < ROUNDS; round++) {
          if (round > 0 && THINK_MS > 0) await sleep(THINK_MS * (0.5 + Math.random()));
          await ask(v, n, round);
        }
      }),
    );
    loop.disable();
    for (const v of visitors) v.socket.close();
    toProvider.sort((a, b) => a - b);
    lags.sort((a, b) => a - b);
    firstWords.sort((a, b) => a - b);
    streamedBeforeFinal.sort((a, b) => a - b);
    const ms = (x: number) => `${x.toFixed(1)} ms`;
    const p95 = percentile(lags, 95);
    return [
      {
        figure: `LLM reply: provider's first token → widget's first streamed words, p50 (${label}, ${VISITORS} conversations at once, ${lags.length} replies)`,
        value: ms(percentile(lags, 50)),
        budget: '—',
        pass: null,
      },
      {
        figure: `LLM reply: provider's first token → widget's first streamed words, p95 (${label})`,
        value: ms(p95),
        budget: `< ${BUDGET_MS} ms`,
        pass: failed === 0 && p95 < BUDGET_MS,
      },
      {
        figure: `LLM reply: customer's send → first streamed words, p95 (${label}; fake's first token at ${FIRST_TOKEN_MS} ms)`,
        value: ms(percentile(firstWords, 95)),
        budget: '—',
        pass: null,
      },
      {
        figure: `LLM reply: customer's send → provider's request, p50 / p95 (${label}; the reply jobs' queue and the prompt)`,
        value: `${ms(percentile(toProvider, 50))} / ${ms(percentile(toProvider, 95))}`,
        budget: '—',
        pass: null,
      },
      {
        figure: `event loop delay of this process during the run, p99 / max (${label})`,
        value: `${ms(loop.percentile(99) / 1e6)} / ${ms(loop.max / 1e6)}`,
        budget: '—',
        pass: null,
      },
      {
        figure: `LLM reply: first streamed words → stored answer, p50 (${label}; ${CHUNKS.length} chunks ${CHUNK_MS} ms apart)`,
        value: ms(percentile(streamedBeforeFinal, 50)),
        budget: '—',
        pass: null,
      },
      {
        figure: `LLM replies missing or not streamed (${label})`,
        value: String(failed),
        budget: '0',
        pass: failed === 0,
      },
    ];
  } finally {
    await server.stop();
    await fake.close();
  }
}

const postgres = (await findPostgres(process.env)).url;
const kinds: TestDbKind[] = postgres ? ['pglite', 'postgres'] : ['pglite'];
// The inline test app opens its PostgreSQL database beside this one.
if (postgres) process.env.TEST_DATABASE_URL ??= postgres;
const modes = (process.env.BENCH_LLM_MODES ?? 'process,inline').split(',') as Mode[];
if (modes.includes('process')) await ensureBuilt({ only: ['server'] });
const rows: Row[] = [];
let port = Number(process.env.BENCH_LLM_PORT ?? 3475);
for (const mode of modes) for (const kind of kinds) rows.push(...(await run(mode, kind, port++)));
printTable('LLM replies streamed to the widget (issue 15)', rows);
