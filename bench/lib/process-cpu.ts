import { readdirSync, readFileSync } from 'node:fs';

// Linux's clock tick (USER_HZ) is 100 on every architecture Node runs on.
const CLOCK_TICKS = 100;

/** utime + stime of one process from /proc/<pid>/stat, in seconds; 0 when it is gone. */
export function processCpuSeconds(pid: number | string): number {
  try {
    // Fields 14 and 15 (utime, stime) in clock ticks, counted after the command name, which may
    // itself contain spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of every PostgreSQL process on this machine (the postmaster, its backends and
 * background workers), or null where /proc does not show one (another machine, a container).
 * Backends that exit between two readings drop out of the difference: the benches keep their
 * pools open across a measurement.
 */
export function postgresCpuSeconds(): number | null {
  let total = 0;
  let found = false;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let comm: string;
    try {
      comm = readFileSync(`/proc/${entry}/comm`, 'utf8').trim();
    } catch {
      continue;
    }
    if (comm !== 'postgres') continue;
    found = true;
    total += processCpuSeconds(entry);
  }
  return found ? total : null;
}
