import { readdirSync, readFileSync } from 'node:fs';

// Linux's clock tick (USER_HZ) is 100 on every architecture Node runs on.
const CLOCK_TICKS = 100;

/**
 * utime + stime of one process from /proc/<pid>/stat, in seconds; 0 when it is gone. With
 * `reapedChildren`, also the CPU of its children that have exited and been waited for (cutime +
 * cstime).
 */
export function processCpuSeconds(pid: number | string, reapedChildren = false): number {
  try {
    // Fields 14 to 17 (utime, stime, cutime, cstime) in clock ticks, counted after the command
    // name, which may itself contain spaces.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const own = Number(fields[11]) + Number(fields[12]);
    const children = reapedChildren ? Number(fields[13]) + Number(fields[14]) : 0;
    return (own + children) / CLOCK_TICKS;
  } catch {
    return 0;
  }
}

/**
 * CPU seconds of every PostgreSQL process on this machine (the postmaster, its backends and
 * background workers), or null where /proc does not show one (another machine, a container).
 * Backends that have exited count through the postmaster, which reaps them: a pool closing an
 * idle connection during a measurement took that backend's CPU out of the difference (session 31
 * saw 0.005 ms a message where 0.13 was spent).
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
    total += processCpuSeconds(entry, true);
  }
  return found ? total : null;
}
