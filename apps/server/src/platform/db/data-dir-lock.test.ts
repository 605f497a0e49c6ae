import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from './data-dir-lock.js';

const LOCK_MODULE = path.join(import.meta.dirname, 'data-dir-lock.ts');

/**
 * Another server process: it takes the lock with the real code, says "locked" and waits to be
 * killed (SIGKILL leaves its lock file behind, as a crash would).
 */
function startLockHolder(dir: string): Promise<ChildProcess> {
  const script = `
    const { lockDataDir } = await import(${JSON.stringify(LOCK_MODULE)});
    lockDataDir(${JSON.stringify(dir)});
    process.stdout.write('locked\\n');
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (d: Buffer) => {
      err += d.toString();
    });
    child.stdout?.on('data', (d: Buffer) => {
      if (d.toString().includes('locked')) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`lock holder exited with ${code}: ${err}`)));
  });
}

function killAndWait(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('lockDataDir', () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  const newDir = () => {
    const d = mkdtempSync(path.join(tmpdir(), 'convo-lock-'));
    dirs.push(d);
    return d;
  };
  afterEach(async () => {
    for (const c of children.splice(0)) await killAndWait(c);
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('writes a lock file naming this process, and release removes it', () => {
    const dir = path.join(newDir(), 'nested', 'data');
    const lock = lockDataDir(dir);
    const file = path.join(dir, 'server.lock');
    expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(file)).toBe(false);
    // Releasing twice is harmless, and the directory can be locked again.
    lock.release();
    lockDataDir(dir).release();
    expect(existsSync(file)).toBe(false);
  });

  it('refuses a second server on a directory another live process holds, naming its pid', {
    timeout: 30_000,
  }, async () => {
    const dir = newDir();
    const holder = await startLockHolder(dir);
    children.push(holder);
    let caught: unknown;
    try {
      lockDataDir(dir);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(DataDirLockedError);
    const locked = caught as DataDirLockedError;
    expect(locked.pid).toBe(holder.pid);
    expect(locked.message).toContain(`process ${holder.pid}`);
    expect(locked.message).toContain(dir);
    // The holder's lock is left untouched.
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(holder.pid));

    // The holder crashes: its lock file stays, but its pid is dead, so the lock is taken over.
    await killAndWait(holder);
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(true);
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });

  it('takes over a stale lock file whose pid is dead', async () => {
    const dir = newDir();
    // A pid that surely does not run: a child we started and waited for.
    const dead = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => dead.once('exit', resolve));
    writeFileSync(path.join(dir, 'server.lock'), String(dead.pid));
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(existsSync(path.join(dir, 'server.lock'))).toBe(false);
  });

  it('takes over a lock file that does not hold a pid', () => {
    const dir = newDir();
    writeFileSync(path.join(dir, 'server.lock'), 'garbage');
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, 'server.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
  });
});
