// Custom actions' sandbox (issue 36 item 4), measured as the admin gets it: the built server
// (apps/server/dist, PGlite) is sent `POST /api/code-pilot/test-code` runs. Prints the latency of a
// small action run one after another, then /health's latency and the server's memory while 4
// endless loops and 4 memory bombs run in the sandbox at once (each run is its own locked-down
// process: the server must stay responsive and its memory flat). Needs `npm run build -w @convo/server`.
// Usage: npx tsx bench/code-sandbox.bench.ts   (PORT=3291 RUNS=30 to change them)
import { ACCOUNT_PATHS, CODE_ACTION_PATHS } from '@convo/api';
import { newSignup } from '../apps/server/src/testing/test-app.js';
import { startServer } from './lib/server-process.js';
import { percentile, printTable } from './lib/stats.js';

const PORT = Number(process.env.PORT ?? 3291);
const RUNS = Number(process.env.RUNS ?? 30);
const SMALL = 'function action(input) { return { total: Math.round(input.amount * 1.2 * 100) / 100 }; }';
const LOOP = 'function action() { for (;;) {} }';
const BOMB = 'function action() { const a = []; for (let i = 0; ; i++) a.push(new Array(100000).fill(i)); }';

const server = await startServer({ port: PORT });
try {
  const signup = await fetch(`${server.base}${ACCOUNT_PATHS.signup}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(newSignup()),
  });
  const { token } = ((await signup.json()) as { data: { token: string } }).data;
  const run = async (code: string) => {
    const res = await fetch(`${server.base}${CODE_ACTION_PATHS.testCode}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ code, input: { amount: 10 } }),
    });
    const body = (await res.json()) as { data?: { ok: boolean; kind?: string } };
    if (res.status !== 200 || !body.data) throw new Error(`test-code ${res.status}`);
    return body.data;
  };

  await run(SMALL); // the first run loads the WebAssembly from disk
  const latencies: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const result = await run(SMALL);
    latencies.push(performance.now() - t0);
    if (!result.ok) throw new Error('the small action failed');
  }
  latencies.sort((a, b) => a - b);

  const rssBefore = server.rssMb();
  let rssPeak = rssBefore;
  const health: number[] = [];
  let done = false;
  const hostile = Promise.all([...Array(4)].map(() => run(LOOP)).concat([...Array(4)].map(() => run(BOMB))));
  const started = performance.now();
  void hostile.finally(() => {
    done = true;
  });
  while (!done) {
    const t0 = performance.now();
    await (await fetch(`${server.base}/health`)).text();
    health.push(performance.now() - t0);
    rssPeak = Math.max(rssPeak, server.rssMb());
    await new Promise((r) => setTimeout(r, 50));
  }
  const outcomes = await hostile;
  const hostileMs = performance.now() - started;
  health.sort((a, b) => a - b);
  const kinds = outcomes.map((o) => (o.ok ? 'ok' : o.kind)).join(', ');
  const stopped = outcomes.every((o) => !o.ok);
  const maxHealth = health.at(-1) ?? Number.NaN;
  const row = (figure: string, value: string, budget = '', pass: boolean | null = null) => ({
    figure,
    value,
    budget,
    pass,
  });
  printTable('Custom actions’ sandbox (built server, PGlite): POST /api/code-pilot/test-code', [
    row(`small action, p50 of ${RUNS} runs`, `${percentile(latencies, 50).toFixed(0)} ms`),
    row(`small action, p95 of ${RUNS} runs`, `${percentile(latencies, 95).toFixed(0)} ms`),
    row('4 endless loops + 4 memory bombs: outcomes', kinds, 'all stopped', stopped),
    row('… all eight answered within', `${Math.round(hostileMs)} ms`),
    row('/health max latency meanwhile', `${maxHealth.toFixed(1)} ms`, '< 1000 ms', maxHealth < 1000),
    row('server RSS before → peak', `${Math.round(rssBefore)} → ${Math.round(rssPeak)} MB`),
  ]);
} finally {
  await server.stop();
}
