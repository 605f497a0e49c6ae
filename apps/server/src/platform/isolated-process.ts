import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// Runs untrusted input (a tenant's upload) in a child process of its own: its heap is capped
// (--max-old-space-size), it is killed past a wall time, and whatever it does (running out of
// memory included) the process that serves everyone only sees a message or an exit. A child
// process rather than a worker thread: a thread's resourceLimits do not hold against one huge
// allocation (measured: a 423 MB string in a 128 MB thread aborted the whole server).
//
// The entry file: from the sources (tests, tsx) the `.ts` file runs under tsx's loader; in the
// built server (esbuild's dist/) it is the bundled `<bundledName>.js` beside dist/main.js.

export interface IsolatedLimits {
  /** Wall time before the process is killed. */
  timeoutMs: number;
  /** The process's old-generation heap, in MB. */
  memoryMb: number;
  /** More Node flags for the child (e.g. the permission model's), after the heap cap. */
  execArgv?: readonly string[] | undefined;
}

export type IsolatedOutcome<T> =
  | { ok: true; value: T }
  /** The process did not answer: killed past its wall time, out of heap, or crashed. */
  | { ok: false; reason: 'timeout' | 'memory' | 'crashed'; error?: string };

/** Whether this module runs from its TypeScript source (tests, tsx) rather than the bundle. */
const fromSource = import.meta.url.endsWith('.ts');

/** The URL of an entry: its source file from the sources, `dist/<bundledName>.js` when built. */
export function isolatedEntry(sourceUrl: URL, bundledName: string): URL {
  return fromSource ? sourceUrl : new URL(`./${bundledName}.js`, import.meta.url);
}

/** tsx's loader, found from here (`--import tsx` would be looked up from the working directory). */
const tsxLoader = () => {
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  return pathToFileURL(path.join(tsxRoot, 'dist/loader.mjs')).href;
};

/** At most `max` processes at a time, so a burst of uploads cannot multiply the memory cap. */
class Slots {
  private active = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(private readonly max: number) {}
  async take(): Promise<() => void> {
    if (this.active >= this.max) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    };
  }
}

const slotsByMax = new Map<number, Slots>();
const slotsFor = (max: number) => {
  let slots = slotsByMax.get(max);
  if (!slots) {
    slots = new Slots(max);
    slotsByMax.set(max, slots);
  }
  return slots;
};

/**
 * Runs `entry` in a child process, sends it `input` (structured clone) and resolves with the first
 * message it sends back, or with why it sent none. Never rejects for what the child does.
 */
export async function runIsolated<T>(
  entry: URL,
  input: unknown,
  limits: IsolatedLimits & { concurrency?: number | undefined },
): Promise<IsolatedOutcome<T>> {
  const release = await slotsFor(Math.max(1, limits.concurrency ?? 2)).take();
  try {
    return await runOnce<T>(entry, input, limits);
  } finally {
    release();
  }
}

function runOnce<T>(entry: URL, input: unknown, limits: IsolatedLimits): Promise<IsolatedOutcome<T>> {
  return new Promise((resolve) => {
    let settled = false;
    const child = fork(fileURLToPath(entry), [], {
      execArgv: [
        `--max-old-space-size=${limits.memoryMb}`,
        ...(limits.execArgv ?? []),
        // A TypeScript entry (from the sources) needs tsx's loader; a JavaScript one runs as it is.
        ...(fromSource && entry.pathname.endsWith('.ts') ? ['--import', tsxLoader()] : []),
      ],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // The last of its error output tells an out-of-memory abort from another crash.
    let stderrTail = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderrTail = (stderrTail + chunk.toString('utf8')).slice(-4096);
    });
    const finish = (outcome: IsolatedOutcome<T>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
      // Its answer is in (or it is late): nothing it still does is wanted.
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), limits.timeoutMs);
    child.once('message', (value) => finish({ ok: true, value: value as T }));
    child.once('error', (err) => finish({ ok: false, reason: 'crashed', error: err.message }));
    child.once('exit', (code, signal) =>
      finish({
        ok: false,
        reason: /heap out of memory|Reached heap limit/i.test(stderrTail) ? 'memory' : 'crashed',
        error: `exit ${code ?? signal}`,
      }),
    );
    child.send(input as object, (err) => {
      if (err) finish({ ok: false, reason: 'crashed', error: err.message });
    });
  });
}
