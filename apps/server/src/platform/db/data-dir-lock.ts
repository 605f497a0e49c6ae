import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

// PGlite corrupts a data directory opened by two processes, so one process holds a lock file
// naming its pid; a second start fails at once, a stale lock (dead pid) is taken over.

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `The embedded database in ${dir} is already in use by process ${pid}. ` +
        'Stop that server first (Ctrl-C in its terminal), or set DATA_DIR to another directory.',
    );
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface DataDirLock {
  release(): void;
}

export function lockDataDir(dir: string): DataDirLock {
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return {
        release() {
          if (released) return;
          released = true;
          rmSync(file, { force: true });
        },
      };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = existsSync(file) ? Number.parseInt(readFileSync(file, 'utf8'), 10) : Number.NaN;
      if (Number.isInteger(pid) && pid !== process.pid && isAlive(pid))
        throw new DataDirLockedError(dir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new Error(`Could not lock ${dir}`);
}
