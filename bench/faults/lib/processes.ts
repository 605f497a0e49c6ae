import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { THIS_MACHINE_ALLOW } from '../../../apps/server/src/testing/this-machine.js';
import { harnessClient } from './database.js';

// The moving parts the fault scenarios break on purpose: a PostgreSQL cluster, a Redis server and
// server processes of our own, on free ports in temporary directories. The machine's shared
// PostgreSQL and Redis are never touched.

const root = path.resolve(import.meta.dirname, '../../..');
export const SERVER_ENTRY = path.join(root, 'apps/server/dist/main.js');

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/** Polls `probe` until it returns true or `timeoutMs` passes. */
export async function waitFor(what: string, probe: () => Promise<boolean>, timeoutMs = 30_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      if (await probe()) return;
    } catch {}
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await sleep(100);
  }
}

/**
 * What the suite needs on the machine and lacks: the PostgreSQL server binaries (initdb, pg_ctl)
 * and redis-server. Empty when everything is there.
 */
export function missingBinaries(): string[] {
  const has = (cmd: string) => {
    try {
      execFileSync('bash', ['-c', cmd], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  };
  return [
    ...(has('ls /usr/lib/postgresql/*/bin/initdb') ? [] : ['PostgreSQL server binaries (postgresql)']),
    ...(has('command -v redis-server') ? [] : ['redis-server']),
  ];
}

function binDir(): string {
  const out = execFileSync('bash', ['-c', 'ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1'])
    .toString()
    .trim();
  if (!out) throw new Error('PostgreSQL binaries not found under /usr/lib/postgresql');
  return out;
}

/** Commands as the postgres user when we are root (initdb refuses root). */
function asPostgres(cmd: string, args: string[]) {
  const isRoot = process.getuid?.() === 0;
  const [file, argv] = isRoot ? ['runuser', ['-u', 'postgres', '--', cmd, ...args]] : [cmd, args];
  return execFileSync(file, argv, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();
}

export interface Cluster {
  port: number;
  url(database: string): string;
  createDatabase(name: string): Promise<string>;
  stop(): void;
  /** A crash: `pg_ctl stop -m immediate` (no checkpoint; the next start recovers from the WAL). */
  crash(): void;
  /**
   * kill -9 of one server process (a backend of `database`): the postmaster takes every
   * connection down and recovers by itself, as after any backend crash. Answers the pid killed.
   */
  killBackend(database: string): Promise<number>;
  start(): void;
  /** Waits until the cluster accepts connections again. */
  ready(timeoutMs?: number): Promise<void>;
  destroy(): void;
}

/** A throwaway PostgreSQL cluster (trust auth on 127.0.0.1) on a free port. */
export async function startCluster(): Promise<Cluster> {
  const bin = binDir();
  const dir = mkdtempSync(path.join(tmpdir(), 'convo-faults-pg-'));
  chmodSync(dir, 0o777);
  const data = path.join(dir, 'data');
  const port = await freePort();
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  asPostgres(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=100`;
  const ctl = (action: string, extra: string[] = []) =>
    asPostgres(path.join(bin, 'pg_ctl'), ['-D', data, '-w', '-t', '30', ...extra, action]);
  const cluster: Cluster = {
    port,
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    async createDatabase(name) {
      const client = harnessClient(cluster.url('postgres'));
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      return cluster.url(name);
    },
    stop: () => void ctl('stop', ['-m', 'fast']),
    crash: () => void ctl('stop', ['-m', 'immediate']),
    async killBackend(database) {
      const client = harnessClient(cluster.url('postgres'));
      await client.connect();
      try {
        const { rows } = await client.query<{ pid: number }>(
          'select pid from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() limit 1',
          [database],
        );
        const pid = rows[0]?.pid;
        if (!pid) throw new Error(`no backend of ${database} to kill`);
        process.kill(pid, 'SIGKILL');
        return pid;
      } finally {
        await client.end().catch(() => {});
      }
    },
    async ready(timeoutMs = 60_000) {
      await waitFor(
        'PostgreSQL to accept connections',
        async () => {
          const client = harnessClient(cluster.url('postgres'));
          try {
            await client.connect();
            await client.query('select 1');
            return true;
          } finally {
            await client.end().catch(() => {});
          }
        },
        timeoutMs,
      );
    },
    start: () => void ctl('start', ['-o', opts, '-l', path.join(dir, 'log')]),
    destroy() {
      try {
        ctl('stop', ['-m', 'immediate']);
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
  cluster.start();
  return cluster;
}

export interface RedisServer {
  url: string;
  stop(): Promise<void>;
  start(): Promise<void>;
}

/** A Redis of our own, without persistence: a restart loses everything, as a crash would. */
export async function startRedis(): Promise<RedisServer> {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const server: RedisServer = {
    url: `redis://127.0.0.1:${port}`,
    async start() {
      child = spawn(
        'redis-server',
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
        {
          stdio: 'ignore',
        },
      );
      await waitFor('redis', async () => {
        const { Redis } = await import('ioredis');
        const r = new Redis(server.url, {
          lazyConnect: true,
          maxRetriesPerRequest: 0,
          retryStrategy: () => null,
        });
        try {
          await r.connect();
          return (await r.ping()) === 'PONG';
        } finally {
          r.disconnect();
        }
      });
    },
    async stop() {
      const c = child;
      if (!c || c.exitCode !== null) return;
      const exited = new Promise((r) => c.once('exit', r));
      c.kill('SIGKILL');
      await exited;
      child = null;
    },
  };
  await server.start();
  return server;
}

export interface ServerProcess {
  base: string;
  port: number;
  /** kill -9: no shutdown hook runs. */
  crash(): Promise<void>;
  stop(): Promise<void>;
  alive(): boolean;
}

/** Starts the built server and waits for /health. */
export async function startServer(opts: {
  port: number;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
}): Promise<ServerProcess> {
  const env: Record<string, string> = {
    ...(process.env as Record<string, string>),
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    PUBLIC_URL: `http://127.0.0.1:${opts.port}`,
    LOG_LEVEL: 'error',
    SEED_DEMO: 'false',
    NODE_ENV: 'production',
    APP_SECRET: 'faults-secret-0123456789abcdef0123',
    RATE_LIMIT_LOGIN_MAX: '1000000',
    // The scenarios' webhook receiver listens on this machine.
    OUTBOUND_ALLOW: THIS_MACHINE_ALLOW,
    DATABASE_URL: opts.databaseUrl ?? '',
    REDIS_URL: opts.redisUrl ?? '',
  };
  const child = spawn(process.execPath, [SERVER_ENTRY], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const base = `http://127.0.0.1:${opts.port}`;
  // Generous: PGlite replays its WAL after a kill -9, on a machine others share.
  try {
    await waitFor(
      `server on ${opts.port}`,
      async () => {
        if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
        return (await fetch(`${base}/health`)).ok;
      },
      90_000,
    );
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  return {
    base,
    port: opts.port,
    alive: () => child.exitCode === null && child.signalCode === null,
    async crash() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export function tempDir(prefix: string) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
