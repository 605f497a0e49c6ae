// A bot's reply in the widget (issue 15): 50 visitors' conversations at once, each answered by the
// application's first-responder bot; the time from a visitor's send (HTTP, as the widget does) to
// the bot's reply arriving on that visitor's socket. Budget: p95 < 300 ms.
// The server runs in this process (HTTP and WebSockets on loopback) with its worker role: the
// reply goes through the durable job queue, woken by the send, and the messages service.
// The engine is kompose's classifier over a fixed answer table (apps/server/src/testing/rule-engine.ts).
// Usage: npx tsx bench/bot-reply.bench.ts  (PostgreSQL too when TEST_DATABASE_URL is set)
import { MESSAGING_PATHS } from '@convo/api';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import WebSocket from 'ws';
import { startWorkers } from '../apps/server/src/app.js';
import { botFirstResponders } from '../apps/server/src/db/schema/index.js';
import { BOT_REPLY_QUEUE } from '../apps/server/src/modules/bots/runtime/enqueue.js';
import { rowsOf } from '../apps/server/src/platform/db/database.js';
import { createMemoryPubSub } from '../apps/server/src/platform/pubsub/pubsub.js';
import { addTestBot } from '../apps/server/src/testing/bots.js';
import { newTenant, newVisitor } from '../apps/server/src/testing/messaging-fixtures.js';
import { createRuleEngine, STORE_INTENTS } from '../apps/server/src/testing/rule-engine.js';
import { createTestApp } from '../apps/server/src/testing/test-app.js';
import type { TestDbKind } from '../apps/server/src/testing/test-database.js';
import { LightConnection } from './lib/light-http.js';
import { percentile, printTable, type Row } from './lib/stats.js';

const VISITORS = Number(process.env.BENCH_BOT_VISITORS ?? 50);
const ROUNDS = Number(process.env.BENCH_BOT_ROUNDS ?? 6);
/**
 * A customer reads the answer and types the next question: a pause of THINK_MS ± 50 % between a
 * reply and the next send (0: send again at once, a stress test of the pipeline). The first
 * round is sent by all visitors at the same moment.
 */
const THINK_MS = Number(process.env.BENCH_BOT_THINK_MS ?? 1000);
const BUDGET_MS = 300;
const QUESTIONS = STORE_INTENTS.flatMap((i) => i.phrases);

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Visitor {
  headers: Record<string, string>;
  /** The visitor's own kept-alive connection: each widget runs in its own browser. */
  http: LightConnection;
  groupId: number;
  socket: WebSocket;
  /** Resolves with the arrival time of the next bot reply on the socket. */
  nextReply(): Promise<number>;
}

function openVisitorSocket(base: string, token: string) {
  return new Promise<{ socket: WebSocket; nextReply(): Promise<number> }>((resolve, reject) => {
    const socket = new WebSocket(`${base.replace('http', 'ws')}/ws`);
    let waiting: ((at: number) => void) | null = null;
    let resumed = false;
    socket.on('error', (err) => {
      if (!resumed) reject(err);
    });
    socket.once('open', () => socket.send(JSON.stringify({ type: 'hello', token })));
    socket.on('message', (raw) => {
      const at = performance.now();
      const frame = JSON.parse(String(raw)) as {
        type: string;
        data?: { message?: { senderType: number; contentType: number; metadata?: Record<string, unknown> } };
      };
      if (frame.type === 'resumed' && !resumed) {
        resumed = true;
        resolve({
          socket,
          nextReply: () =>
            new Promise<number>((r) => {
              waiting = r;
            }),
        });
        return;
      }
      const m = frame.data?.message;
      // The bot's answer (sender type bot, not a system line nor the welcome that comes before it).
      if (frame.type === 'message.received' && m?.metadata?.KM_BOT_ANSWER === 'true' && waiting) {
        const done = waiting;
        waiting = null;
        done(at);
      }
    });
  });
}

async function run(kind: TestDbKind): Promise<Row[]> {
  const pubsub = createMemoryPubSub();
  const t = await createTestApp(kind, {}, { pubsub });
  const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
  const worker = startWorkers({
    appSecret: t.config.appSecret,
    db: t.database.db,
    log: pino({ level: 'silent' }),
    pubsub,
    bots: { appSecret: t.config.appSecret, engines: new Map([['kompose', createRuleEngine(STORE_INTENTS)]]) },
  });
  try {
    const tenant = await newTenant(t);
    const bot = await addTestBot(t.database, tenant.applicationId, 'kompose', 'Store Assistant');
    await t.database.db
      .insert(botFirstResponders)
      .values({ applicationId: tenant.applicationId, botId: bot.id });

    const port = Number(new URL(address).port);
    const visitors: Visitor[] = [];
    for (let i = 0; i < VISITORS; i++) {
      const v = await newVisitor(t, tenant);
      // The widget opens its conversation over HTTP before the first message, so the visitor's
      // connection is open and warm when the measured sends start.
      const http = new LightConnection('127.0.0.1', port);
      const res = await http.post(
        MESSAGING_PATHS.groupCreateV21,
        { groupName: 'Question', type: 10 },
        v.headers,
      );
      const groupId = (JSON.parse(res.body) as { response: { id: number } }).response.id;
      visitors.push({ headers: v.headers, http, groupId, ...(await openVisitorSocket(address, v.token)) });
    }

    const latencies: number[] = [];
    let failed = 0;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    await Promise.all(
      visitors.map(async (v, n) => {
        for (let round = 0; round < ROUNDS; round++) {
          if (round > 0 && THINK_MS > 0) await sleep(THINK_MS * (0.5 + Math.random()));
          const question = QUESTIONS[(n + round) % QUESTIONS.length]!;
          const reply = v.nextReply();
          const t0 = performance.now();
          const res = await v.http.post(
            MESSAGING_PATHS.messageSend,
            { groupId: v.groupId, key: `bench-${n}-${round}`, message: question },
            v.headers,
          );
          if (res.status !== 200) {
            failed += 1;
            continue;
          }
          const at = await Promise.race([reply, new Promise<null>((r) => setTimeout(() => r(null), 10_000))]);
          if (at === null) failed += 1;
          else latencies.push(at - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const cpu = process.cpuUsage(cpuBefore);
    // This process is the server, its worker and the 50 clients: its CPU per reply says what the
    // machine's load (other processes on the same cores) adds to the latencies above.
    const cpuPerReply = (cpu.user + cpu.system) / 1000 / Math.max(1, latencies.length);
    for (const v of visitors) {
      v.socket.close();
      v.http.close();
    }
    // The bot's part alone: from the customer's send transaction (the job's created_at is its start)
    // to the reply job's end (its messages committed and published).
    const jobMs = rowsOf<{ ms: string | number }>(
      await t.database.db.execute(
        sql`select extract(epoch from (finished_at - created_at)) * 1000 as ms from jobs
            where queue = ${BOT_REPLY_QUEUE} and finished_at is not null order by 1`,
      ),
    ).map((r) => Number(r.ms));
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 50);
    const p95 = percentile(latencies, 95);
    const ms = (x: number) => `${x.toFixed(0)} ms`;
    return [
      {
        figure: `bot reply, send → visitor's socket, p50 (${kind}, ${VISITORS} conversations at once, ${latencies.length} replies, ${THINK_MS} ms between turns)`,
        value: ms(p50),
        budget: '—',
        pass: null,
      },
      {
        figure: `bot reply, send → visitor's socket, p95 (${kind})`,
        value: ms(p95),
        budget: `< ${BUDGET_MS} ms`,
        pass: failed === 0 && p95 < BUDGET_MS,
      },
      {
        figure: `the bot's part: send transaction → reply job done, p95 (${kind})`,
        value: ms(percentile(jobMs, 95)),
        budget: '—',
        pass: null,
      },
      {
        figure: `CPU of this process (server, worker, clients) per reply (${kind})`,
        value: ms(cpuPerReply),
        budget: '—',
        pass: null,
      },
      {
        figure: `bot replies missing or failed sends (${kind}; ${(latencies.length / seconds).toFixed(0)} replies/s)`,
        value: String(failed),
        budget: '0',
        pass: failed === 0,
      },
    ];
  } finally {
    await worker.stop();
    await t.close();
    await pubsub.close();
  }
}

const kinds: TestDbKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const rows: Row[] = [];
for (const kind of kinds) rows.push(...(await run(kind)));
printTable('Bot replies in the widget (issue 15)', rows);
