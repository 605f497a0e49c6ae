import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export interface ServerProcess {
  base: string;
  pid: number;
  rssMb(): number;
  stop(): Promise<void>;
}

/** Starts the built server (apps/server/dist) on a fresh PGlite directory or a fresh PostgreSQL database. */
export async function startServer(opts: {
  port: number;
  databaseUrl?: string | undefined;
  env?: Record<string, string>;
  /** Extra arguments for node (e.g. --cpu-prof). */
  nodeArgs?: string;
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
    DATABASE_URL: opts.databaseUrl ?? '',
    REDIS_URL: '',
    ...opts.env,
  };
  // Many sockets: raise the descriptor limit of the server process.
  const child: ChildProcess = spawn(
    'bash',
    [
      '-c',
      `ulimit -n "$(ulimit -Hn)" && exec node ${opts.nodeArgs ?? ''} ${path.join(root, 'apps/server/dist/main.js')}`,
    ],
    {
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const base = `http://127.0.0.1:${opts.port}`;
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/health`)).ok) break;
    } catch {}
    await new Promise((r) => setTimeout(r, 250));
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
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dataDir, { recursive: true, force: true });
    },
  } satisfies ServerProcess;
}
