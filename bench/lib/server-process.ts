import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { THIS_MACHINE_ALLOW } from '../../apps/server/src/testing/this-machine.js';
import { processCpuSeconds } from './process-cpu.js';

const root = path.resolve(import.meta.dirname, '../..');
// The flags `npm start` runs the server with, so the benches measure what is deployed.
const SERVER_NODE_ARGS = (
  JSON.parse(readFileSync(path.join(root, 'apps/server/node-args.json'), 'utf8')) as string[]
).join(' ');

export interface ServerProcess {
  base: string;
  pid: number;
  rssMb(): number;
  /** CPU time the server process has used so far (user + system), in seconds. */
  cpuSeconds(): number;
  stop(): Promise<void>;
  /** kill -9: the process dies at once, mid-whatever (crash benches). */
  kill9(): Promise<void>;
}

/** Starts the built server (apps/server/dist) on a fresh PGlite directory or a fresh PostgreSQL database. */
export async function startServer(opts: {
  port: number;
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
  /** Extra arguments for node (e.g. --cpu-prof). */
  nodeArgs?: string;
  /** Arguments of the server itself (e.g. --roles=worker). */
  serverArgs?: string;
}) {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'convo-bench-'));
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(opts.port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    RATE_LIMIT_LOGIN_MAX: '1000000',
    // A load test is a flood by design.
    RATE_LIMIT_VISITOR_MESSAGES: '1000000',
    RATE_LIMIT_VISITOR_CONVERSATIONS: '1000000',
    RATE_LIMIT_ADDRESS_CONVERSATIONS: '1000000',
    // Every visitor of a bench registers from 127.0.0.1.
    RATE_LIMIT_REGISTER_CLIENT: '1000000',
    // The benches' provider fakes and webhook receivers listen on this machine.
    OUTBOUND_ALLOW: THIS_MACHINE_ALLOW,
    DATABASE_URL: opts.databaseUrl ?? '',
    REDIS_URL: '',
    ...opts.env,
  };
  // Many sockets: raise the descriptor limit of the server process.
  const child: ChildProcess = spawn(
    'bash',
    [
      '-c',
      `ulimit -n "$(ulimit -Hn)" && exec node ${SERVER_NODE_ARGS} ${opts.nodeArgs ?? ''} ${path.join(process.env.BENCH_SERVER_ROOT ?? root, 'apps/server/dist/main.js')} ${opts.serverArgs ?? ''}`,
    ],
    {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${opts.port}`;
  // Up to two minutes: on a machine others share, a start (migrations included) took over 30 s.
  let healthy = false;
  for (let i = 0; i < 480 && !healthy && child.exitCode === null; i++) {
    try {
      healthy = (await fetch(`${base}/health`)).ok;
    } catch {}
    if (!healthy) await new Promise((r) => setTimeout(r, 250));
  }
  if (!healthy) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw new Error(`the server on port ${opts.port} did not answer /health within 120 s`);
  }
  const pid = child.pid!;
  return {
    base,
    pid,
    rssMb() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return kb / 1024;
    },
    cpuSeconds: () => processCpuSeconds(pid),
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGTERM');
        await new Promise((r) => child.once('exit', r));
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
    async kill9() {
      // `exec` made the server the shell's process: the signal reaches node itself.
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGKILL');
      await exited;
    },
  } satisfies ServerProcess;
}
