// Idle WebSockets (issue 39 item 5): what N idle sessions of Convo's own protocol cost the server
// process, opened from several loopback source addresses (one address gives ~28,000 client ports
// toward one server port) by several client processes (each has its own descriptor limit).
//
// The budget is stated for 100,000 sockets under 1.5 GB. The bench raises the descriptor limit of
// the server and of its clients itself (prlimit) as far as the machine lets it; where the hard
// limit cannot be raised (a container without CAP_SYS_RESOURCE), it opens as many as fit under
// that limit and prints the measured cost per socket and what 100,000 would take at that cost,
// marked as extrapolated.
//
// Run: npx tsx bench/sockets.bench.ts (build the server first: npm run build -w apps/server).
// BENCH_SOCKETS (default 100000) the goal, BENCH_PORT (4680).
import { execFileSync, fork } from 'node:child_process';
import path from 'node:path';
import { freshPostgres } from './lib/fresh-postgres.js';
import { startServer } from './lib/server-process.js';
import { printTable, type Row } from './lib/stats.js';

const GOAL = Number(process.env.BENCH_SOCKETS ?? 100_000);
const PORT = Number(process.env.BENCH_PORT ?? 4680);
const BUDGET_MB = 1536;
/** Sockets per client process, under the default client descriptor limit with room to spare. */
const PER_CLIENT = 15_000;
/** Source addresses of the clients: 127.0.0.2, 127.0.0.3, … (all of 127/8 is loopback on Linux). */
const SOURCES = Array.from({ length: 8 }, (_, i) => `127.0.0.${i + 2}`);

/** The descriptor limit a process of ours gets: raised to `wanted` where the machine allows it. */
function raiseLimit(pid: number, wanted: number): number {
  try {
    execFileSync('prlimit', [`--pid=${pid}`, `--nofile=${wanted}:${wanted}`], { stdio: 'ignore' });
  } catch {
    // Not allowed here: the process keeps the limit it has.
  }
  const out = execFileSync('prlimit', [`--pid=${pid}`, '--nofile', '--raw', '--noheadings', '--output=SOFT']);
  const soft = Number(out.toString().trim());
  return Number.isFinite(soft) ? soft : 1024;
}

async function signupToken(base: string): Promise<string> {
  const tag = Math.random().toString(36).slice(2, 8);
  const res = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: `sockets-${tag}@example.com`,
      password: 'Bench1234',
      name: 'Bench',
      companyName: `Sockets ${tag}`,
    }),
  });
  if (!res.ok) throw new Error(`signup ${res.status} ${await res.text()}`);
  return ((await res.json()) as { data: { token: string } }).data.token;
}

interface ClientReport {
  opened: number;
  failed: number;
  firstError?: string;
}

/** One client process: opens `count` sessions from `source` and keeps them until told to stop. */
function startClient(url: string, token: string, source: string, count: number) {
  const child = fork(import.meta.filename, [], {
    env: { ...process.env, SOCKETS_CLIENT: JSON.stringify({ url, token, source, count }) },
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = new Promise<ClientReport>((resolve, reject) => {
    child.once('message', (m) => resolve(m as ClientReport));
    child.once('exit', (code) => reject(new Error(`client exited with ${code}`)));
  });
  return { child, ready };
}

async function runClient(): Promise<void> {
  const { default: WebSocket } = await import('ws');
  const { url, token, source, count } = JSON.parse(process.env.SOCKETS_CLIENT!) as {
    url: string;
    token: string;
    source: string;
    count: number;
  };
  const sockets: InstanceType<typeof WebSocket>[] = [];
  let failed = 0;
  let firstError: string | undefined;
  const open = () =>
    new Promise<void>((resolve) => {
      const ws = new WebSocket(url, { localAddress: source, perMessageDeflate: false });
      const fail = (why: string) => {
        failed += 1;
        firstError ??= why;
        ws.terminate();
        resolve();
      };
      ws.once('error', (e) => fail(String(e)));
      ws.once('open', () => ws.send(JSON.stringify({ type: 'hello', token })));
      ws.on('message', (raw) => {
        if ((JSON.parse(String(raw)) as { type: string }).type === 'resumed') {
          sockets.push(ws);
          ws.removeAllListeners('message');
          ws.removeAllListeners('error');
          ws.on('error', () => {});
          resolve();
        }
      });
    });
  for (let i = 0; i < count; i += 200) {
    await Promise.all(Array.from({ length: Math.min(200, count - i) }, open));
  }
  process.send?.({ opened: sockets.length, failed, firstError } satisfies ClientReport);
  process.on('message', () => {
    for (const s of sockets) s.terminate();
    process.exit(0);
  });
}

async function main(): Promise<void> {
  const pg = await freshPostgres();
  const server = await startServer({
    port: PORT,
    databaseUrl: pg?.url,
    nodeArgs: `--expose-gc --require ${path.join(import.meta.dirname, 'lib/collect-on-signal.cjs')}`,
  });
  /** The server's resident memory once a full collection has run (collect-on-signal.cjs). */
  const heldMb = async () => {
    process.kill(server.pid, 'SIGUSR2');
    await new Promise((r) => setTimeout(r, 1_000));
    return server.rssMb();
  };
  const rows: Row[] = [];
  try {
    const serverLimit = raiseLimit(server.pid, GOAL + 2_000);
    // What the server needs besides the sockets (database pool, files, listeners).
    const target = Math.min(GOAL, serverLimit - 1_000);
    const token = await signupToken(server.base);
    await new Promise((r) => setTimeout(r, 2_000));
    const before = await heldMb();
    const url = `${server.base.replace('http', 'ws')}/ws`;
    const clients: ReturnType<typeof startClient>[] = [];
    const started = Date.now();
    for (let left = target, i = 0; left > 0; i += 1) {
      const count = Math.min(PER_CLIENT, left);
      const client = startClient(url, token, SOURCES[i % SOURCES.length]!, count);
      raiseLimit(client.child.pid!, count + 1_000);
      clients.push(client);
      left -= count;
    }
    const reports = await Promise.all(clients.map((c) => c.ready));
    const openSeconds = (Date.now() - started) / 1000;
    // Let allocation settle; then the figure is what the process holds with every socket idle, read
    // after a full collection as the reading before it was.
    await new Promise((r) => setTimeout(r, 5_000));
    const after = await heldMb();
    const opened = reports.reduce((n, r) => n + r.opened, 0);
    const failed = reports.reduce((n, r) => n + r.failed, 0);
    const firstError = reports.find((r) => r.firstError)?.firstError;
    const perSocketKb = ((after - before) * 1024) / Math.max(1, opened);
    const at100k = before + (perSocketKb * 100_000) / 1024;
    const measuredAll = opened >= GOAL;
    rows.push(
      {
        figure: 'server descriptor limit (raised by the bench where allowed)',
        value: String(serverLimit),
        budget: `≥ ${GOAL + 1_000} to open ${GOAL}`,
        pass: serverLimit >= GOAL + 1_000,
      },
      {
        figure: `idle sessions opened (${SOURCES.length} source addresses, ${clients.length} client processes)`,
        value: `${opened} in ${openSeconds.toFixed(1)} s (${failed} failed${firstError ? `: ${firstError}` : ''})`,
        budget: `${target}`,
        pass: opened === target && failed === 0,
      },
      {
        figure: 'server RSS before → with every session idle',
        value: `${before.toFixed(0)} → ${after.toFixed(0)} MB`,
        budget: '–',
        pass: true,
      },
      {
        figure: 'server memory per idle session',
        value: `${perSocketKb.toFixed(1)} KB`,
        budget: `≤ ${((BUDGET_MB * 1024 - before * 1024) / 100_000).toFixed(1)} KB (1.5 GB at 100,000)`,
        pass: at100k <= BUDGET_MB,
      },
      {
        figure: measuredAll
          ? '100,000 idle sessions: server RSS'
          : '100,000 idle sessions: server RSS (extrapolated)',
        value: `${(measuredAll ? after : at100k).toFixed(0)} MB`,
        budget: `< ${BUDGET_MB} MB`,
        pass: (measuredAll ? after : at100k) < BUDGET_MB,
      },
    );
    for (const c of clients) c.child.send('stop');
    await Promise.all(clients.map((c) => new Promise((r) => c.child.once('exit', r))));
  } finally {
    await server.stop();
    // Right after tens of thousands of loopback sockets, a new connection can fail for want of a
    // free port (they linger in TIME_WAIT): the figures are still printed, the database left.
    await pg?.drop().catch((error: unknown) => {
      process.stderr.write(`sockets bench: the bench database was not dropped: ${String(error)}\n`);
    });
  }
  printTable('Idle WebSockets (server process on loopback; npx tsx bench/sockets.bench.ts)', rows);
}

if (process.env.SOCKETS_CLIENT) await runClient();
else await main();
