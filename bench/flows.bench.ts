// Bot flows (issue 36 item 1): a 20-step flow run by 200 conversations at once. Each customer
// turn loads the conversation's run from the database, walks the flow until the next question
// (messages, conditions, an API call to a local HTTP server, the answer's validation) and stores
// the run again: the server's time per turn, and per step walked. Budget: < 50 ms a step.
// The turn is the bot reply job's flow part (modules/bots/flows/service.ts continueOrStartFlow),
// called directly: the job queue and the message sends around it are measured by bot-reply.bench.ts.
// Usage: npx tsx bench/flows.bench.ts  (PostgreSQL too when TEST_DATABASE_URL is set)
import { AsyncLocalStorage } from 'node:async_hooks';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MESSAGING_PATHS, REGISTRATION_PATHS } from '@convo/api';
import type { FlowGraph, FlowNode } from '@convo/domain';
import pg from 'pg';
import { botFlows, botFlowVersions } from '../apps/server/src/db/schema/index.js';
import { guardedFlowHttp } from '../apps/server/src/modules/bots/flows/runner.js';
import { continueOrStartFlow, type FlowCodeRunner } from '../apps/server/src/modules/bots/flows/service.js';
import { PgliteThread } from '../apps/server/src/platform/db/pglite-thread.js';
import { addTestBot } from '../apps/server/src/testing/bots.js';
import { newTenant } from '../apps/server/src/testing/messaging-fixtures.js';
import { createTestApp } from '../apps/server/src/testing/test-app.js';
import type { TestDbKind } from '../apps/server/src/testing/test-database.js';
import { percentile, printTable, type Row } from './lib/stats.js';

const FLOWS = Number(process.env.BENCH_FLOWS ?? 200);
const BUDGET_MS = 50;
/** Conversations that run the flow before the measured ones (BENCH_FLOW_WARMUP, default 0). */
const WARM_UP = Number(process.env.BENCH_FLOW_WARMUP ?? 0);
/** A customer's pause between an answer and the next message (0: every turn at once, a stress test). */
const THINK_MS = Number(process.env.BENCH_FLOW_THINK_MS ?? 1000);
/** The bench's flow has no code steps. */
const noCode: FlowCodeRunner = async () => ({ ok: false, error: 'no code steps here' });
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Statements per turn (BENCH_FLOW_STATEMENTS=1): the database clients' query calls are counted
// for the turn that made them (a statement made for several turns at once counts for the one whose
// call sent it). Off by default: AsyncLocalStorage's hooks on every promise slow what is measured.
const COUNT_STATEMENTS = process.env.BENCH_FLOW_STATEMENTS === '1';
const turnOf = new AsyncLocalStorage<{ statements: number }>();
// pg.Pool's query, not its clients': a client runs a queued query in another call's context. The
// embedded database runs on its own thread: every statement of it, in a transaction or not, goes
// through PgliteThread's run (PGlite's own query runs in that thread, out of the turn's context).
const counted: [object, string][] = COUNT_STATEMENTS
  ? [
      [pg.Pool.prototype, 'query'],
      [PgliteThread.prototype, 'run'],
    ]
  : [];
for (const [proto, name] of counted) {
  const methods = proto as Record<string, (...a: unknown[]) => unknown>;
  const original = methods[name]!;
  methods[name] = function (this: unknown, ...args: unknown[]) {
    const turn = turnOf.getStore();
    if (turn) turn.statements++;
    return original.apply(this, args);
  };
}

/** 20 steps: five rounds of question → message → condition → API call, then a hand-off. */
function twentySteps(apiUrl: string): FlowGraph {
  const at = { x: 0, y: 0 };
  const nodes: FlowNode[] = [];
  const edges: FlowGraph['edges'] = [];
  const attributes: string[] = [];
  for (let r = 0; r < 5; r++) {
    const a = `n${r}`;
    attributes.push(a, `id${r}`);
    nodes.push(
      { id: `q${r}`, type: 'question', position: at, text: `Number ${r}?`, attribute: a, answer: 'number' },
      { id: `m${r}`, type: 'message', position: at, text: `Got {{${a}}}.` },
      { id: `c${r}`, type: 'condition', position: at, attribute: a, op: 'greaterThan', value: '0' },
      {
        id: `api${r}`,
        type: 'api',
        position: at,
        method: 'POST',
        url: `${apiUrl}/step`,
        headers: [],
        body: `{"n":"{{${a}}}"}`,
        responseMap: [{ path: 'id', attribute: `id${r}` }],
        timeoutMs: 5000,
      },
    );
    const next = r < 4 ? `q${r + 1}` : 'done';
    edges.push(
      { id: `e${r}a`, source: `q${r}`, target: `m${r}`, handle: 'next' },
      { id: `e${r}b`, source: `m${r}`, target: `c${r}`, handle: 'next' },
      { id: `e${r}c`, source: `c${r}`, target: `api${r}`, handle: 'true' },
      { id: `e${r}d`, source: `c${r}`, target: next, handle: 'false' },
      { id: `e${r}e`, source: `api${r}`, target: next, handle: 'success' },
      { id: `e${r}f`, source: `api${r}`, target: next, handle: 'error' },
    );
  }
  nodes.push({ id: 'done', type: 'handoff', position: at, text: 'Thanks, {{id4}}.' });
  return { start: 'q0', attributes, nodes, edges };
}

async function run(kind: TestDbKind): Promise<Row[]> {
  const api = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.setHeader('content-type', 'application/json');
      res.end('{"id":"ok"}');
    });
  });
  await new Promise<void>((r) => api.listen(0, '127.0.0.1', r));
  const apiUrl = `http://127.0.0.1:${(api.address() as AddressInfo).port}`;
  const t = await createTestApp(kind);
  try {
    const tenant = await newTenant(t);
    const bot = await addTestBot(t.database, tenant.applicationId, 'kompose', 'Flow bench');
    const graph = twentySteps(apiUrl);
    const [flow] = await t.database.db
      .insert(botFlows)
      .values({
        applicationId: tenant.applicationId,
        botId: bot.id,
        name: 'Bench',
        draft: graph,
        isDefault: true,
        publishedVersion: 1,
      })
      .returning();
    if (!flow) throw new Error('no flow');
    await t.database.db
      .insert(botFlowVersions)
      .values({ flowId: flow.id, version: 1, applicationId: tenant.applicationId, graph });

    const conversations: number[] = [];
    // Each visitor from its own address, as 200 browsers would be (the widget limits one address).
    for (let i = 0; i < FLOWS + WARM_UP; i++) {
      const remoteAddress = `10.9.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      const reg = await t.app.inject({
        method: 'POST',
        url: REGISTRATION_PATHS.registerClient,
        remoteAddress,
        payload: {
          userId: `flow-visitor-${i}`,
          applicationId: tenant.applicationId,
          authenticationTypeId: 0,
        },
      });
      const token = (reg.json() as { authToken?: string }).authToken;
      if (!token) throw new Error(`register ${reg.statusCode}: ${reg.body}`);
      const group = await t.app.inject({
        method: 'POST',
        url: MESSAGING_PATHS.groupCreateV21,
        remoteAddress,
        headers: { 'x-authorization': token, 'application-key': tenant.applicationId },
        payload: { groupName: 'Flow', type: 10 },
      });
      if (group.statusCode !== 200) throw new Error(`group ${group.statusCode}: ${group.body}`);
      conversations.push(group.json().response.id as number);
    }

    const perTurn: number[] = [];
    const perStep: number[] = [];
    /** Steps of the turns after the first: a running flow, customers answering at their own pace. */
    const runningStep: number[] = [];
    const startTurn: number[] = [];
    /** Statements of the starts, of the answers. */
    const statements = { starts: 0, answers: 0 };
    let messageId = 1;
    let handedOff = 0;
    // A server that has run a flow before (its code compiled by the JIT), as a live one has: the
    // warm-up conversations walk the whole flow first, one at a time, unmeasured.
    for (const conversationId of conversations.splice(0, WARM_UP))
      for (let turn = 0; turn <= 5; turn++)
        await continueOrStartFlow(
          t.database.db,
          { http: guardedFlowHttp, code: noCode },
          {
            applicationId: tenant.applicationId,
            botId: bot.id,
            conversationId,
            messageId: messageId++,
            message: String(turn + 1),
          },
        );
    const wall = performance.now();
    // Under --cpu-prof: the burst's window on the profile's clock (microseconds of hrtime).
    const mark = (what: string) => {
      if (process.execArgv.some((a) => a.startsWith('--cpu-prof')))
        process.stderr.write(`profile mark ${kind} ${what} ${process.hrtime.bigint() / 1000n}\n`);
    };
    mark('burst');
    let startsDone = 0;
    // Turn 0 starts every flow (all 200 at the same moment); turns 1–5 answer the five questions,
    // each customer after reading the last answer (THINK_MS ± 50 %), as in bot-reply.bench.ts.
    await Promise.all(
      conversations.map(async (conversationId) => {
        for (let turn = 0; turn <= 5; turn++) {
          if (turn > 0) await sleep(THINK_MS * (0.5 + Math.random()));
          const started = performance.now();
          const counted = { statements: 0 };
          const flowTurn = () =>
            continueOrStartFlow(
              t.database.db,
              { http: guardedFlowHttp, code: noCode },
              {
                applicationId: tenant.applicationId,
                botId: bot.id,
                conversationId,
                messageId: messageId++,
                message: String(turn + 1),
              },
            );
          const result = await (COUNT_STATEMENTS ? turnOf.run(counted, flowTurn) : flowTurn());
          const ms = performance.now() - started;
          if (turn === 0) statements.starts += counted.statements;
          else statements.answers += counted.statements;
          if (!result) throw new Error(`conversation ${conversationId} had no flow turn`);
          if (result.handoff) handedOff++;
          perTurn.push(ms);
          perStep.push(ms / Math.max(1, result.path.length));
          if (turn > 0) runningStep.push(ms / Math.max(1, result.path.length));
          else {
            startTurn.push(ms);
            if (++startsDone === conversations.length) mark('started');
          }
        }
      }),
    );
    const wallMs = performance.now() - wall;
    if (handedOff !== FLOWS) throw new Error(`${handedOff} of ${FLOWS} flows reached the hand-off`);
    perTurn.sort((a, b) => a - b);
    perStep.sort((a, b) => a - b);
    runningStep.sort((a, b) => a - b);
    startTurn.sort((a, b) => a - b);
    const p95Running = percentile(runningStep, 95);
    const p95Step = percentile(perStep, 95);
    return [
      { figure: `${kind}: flows run at once`, value: String(FLOWS), budget: '200', pass: FLOWS >= 200 },
      {
        figure: `${kind}: step-to-step server time p95 (20-step flow)`,
        value: `${p95Step.toFixed(2)} ms`,
        budget: `< ${BUDGET_MS} ms`,
        pass: p95Step < BUDGET_MS,
      },
      {
        figure: `${kind}: step p95, answers only (not the 200 starting at one instant)`,
        value: `${p95Running.toFixed(2)} ms`,
        budget: `< ${BUDGET_MS} ms`,
        pass: p95Running < BUDGET_MS,
      },
      {
        figure: `${kind}: statements per start / per answer (mean)`,
        value: COUNT_STATEMENTS
          ? `${(statements.starts / FLOWS).toFixed(3)} / ${(statements.answers / (FLOWS * 5)).toFixed(3)}`
          : 'BENCH_FLOW_STATEMENTS=1',
        budget: '',
        pass: null,
      },
      {
        figure: `${kind}: start (turn 0) p50 / p95`,
        value: `${percentile(startTurn, 50).toFixed(1)} / ${percentile(startTurn, 95).toFixed(1)} ms`,
        budget: '',
        pass: null,
      },
      {
        figure: `${kind}: step p50`,
        value: `${percentile(perStep, 50).toFixed(2)} ms`,
        budget: '',
        pass: null,
      },
      {
        figure: `${kind}: customer turn p50 / p95`,
        value: `${percentile(perTurn, 50).toFixed(1)} / ${percentile(perTurn, 95).toFixed(1)} ms`,
        budget: '',
        pass: null,
      },
      {
        figure: `${kind}: all ${FLOWS} flows, 6 turns each (think ${THINK_MS} ms)`,
        value: `${(wallMs / 1000).toFixed(2)} s`,
        budget: '',
        pass: null,
      },
    ];
  } finally {
    await t.close();
    await new Promise((r) => api.close(r));
  }
}

const kinds: TestDbKind[] = process.env.BENCH_FLOW_KINDS
  ? (process.env.BENCH_FLOW_KINDS.split(',') as TestDbKind[])
  : process.env.TEST_DATABASE_URL
    ? ['pglite', 'postgres']
    : ['pglite'];
const rows: Row[] = [];
for (const kind of kinds) rows.push(...(await run(kind)));
printTable('Bot flows: 20 steps, 200 at once', rows);
process.stdout.write(
  `load: ${(await import('node:os'))
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}\n`,
);
