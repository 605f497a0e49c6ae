import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { THIS_MACHINE_ALLOW } from '../../apps/server/src/testing/this-machine';
import { E2E_ROOT } from './e2e-server';

// A server of a spec's own, beside the suite's webServer, for specs that need settings of their own
// (another database, billing provider, support application…): the built server as `npm start` runs
// it, and the built operator command.

const nodeArgs = JSON.parse(
  readFileSync(path.join(E2E_ROOT, 'apps/server/node-args.json'), 'utf8'),
) as string[];

const STARTUP_MS = 240_000;

export const ownServerUrl = (port: number) => `http://localhost:${port}`;

/**
 * Starts the built server on `port` with the data directory and settings given (no Redis, no SMTP,
 * the embedded database unless `env` says otherwise); resolves once /health answers.
 */
export async function startOwnServer(options: {
  port: number;
  dataDir: string;
  env?: Record<string, string>;
}): Promise<ChildProcess> {
  const baseURL = ownServerUrl(options.port);
  const child = spawn(process.execPath, [...nodeArgs, 'apps/server/dist/main.js'], {
    cwd: E2E_ROOT,
    env: {
      ...process.env,
      PORT: String(options.port),
      PUBLIC_URL: baseURL,
      DATA_DIR: options.dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      REDIS_URL: '',
      SMTP_URL: '',
      // The providers' fakes and the specs' own endpoints are on this machine (as for the main e2e server).
      OUTBOUND_ALLOW: THIS_MACHINE_ALLOW,
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (d: Buffer) => {
    errors += d.toString();
  });
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`the server exited (${child.exitCode}): ${errors.slice(-2000)}`);
    const ok = await fetch(`${baseURL}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return child;
    await new Promise((r) => setTimeout(r, 300));
  }
  child.kill('SIGKILL');
  throw new Error(`the server did not answer /health within ${STARTUP_MS / 1000} s: ${errors.slice(-2000)}`);
}

/** Stops it gracefully (killed after 20 s). */
export async function stopOwnServer(child: ChildProcess | null | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((r) => setTimeout(r, 20_000))]);
  if (child.exitCode === null) child.kill('SIGKILL');
}

/** The built operator command (`convo …`) on a data directory; resolves with its exit code and output. */
export function runConvo(
  args: string[],
  options: { dataDir: string; env?: Record<string, string> },
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['apps/server/dist/convo.js', ...args], {
      cwd: E2E_ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        DATA_DIR: options.dataDir,
        DATABASE_URL: '',
        S3_BUCKET: '',
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
    });
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.on('close', (code) => resolve({ code, out, err }));
  });
}
