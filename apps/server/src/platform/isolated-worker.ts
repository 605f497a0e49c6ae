import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

// Runs untrusted input (a tenant's upload) in a worker thread of its own: its heap is capped
// (resourceLimits), it is terminated past a wall time, and whatever it does, the process that
// serves everyone only sees a message or an outcome. One thread per task: a thread that ran out of
// memory or was stopped takes nothing of its state into the next task.
//
// The entry file: from the sources (tests, tsx) the `.ts` file is run through tsx's loader; in the
// built server (esbuild's dist/) it is the bundled `<bundledName>.js` beside dist/main.js.

export interface IsolatedLimits {
  /** Wall time before the worker is terminated. */
  timeoutMs: number;
  /** The worker's old-generation heap, in MB. */
  memoryMb: number;
}

export type IsolatedOutcome<T> =
  | { ok: true; value: T }
  /** The worker did not answer: stopped past its wall time, out of heap, or crashed. */
  | { ok: false; reason: 'timeout' | 'memory' | 'crashed'; error?: string };

/** Whether this module runs from its TypeScript source (tests, tsx) rather than the bundle. */
const fromSource = import.meta.url.endsWith('.ts');

/** The URL of a worker entry: its source file from the sources, `dist/<bundledName>.js` when built. */
export function workerEntry(sourceUrl: URL, bundledName: string): URL {
  return fromSource ? sourceUrl : new URL(`./${bundledName}.js`, import.meta.url);
}

/** tsx's API, found from here (a bare name in the thread's script would be looked up from the working directory). */
const tsxApi = () => {
  const tsxRoot = path.dirname(createRequire(import.meta.url).resolve('tsx/package.json'));
  return pathToFileURL(path.join(tsxRoot, 'dist/esm/api/index.mjs')).href;
};

function tsxBootstrap(entry: URL): string {
  return `import(${JSON.stringify(tsxApi())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
}

/** At most `max` workers at a time, so a burst of uploads cannot multiply the memory cap. */
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
 * Runs `entry` with `input` as its workerData and resolves with the first message it posts, or
 * with why it gave none. Never rejects for what the worker does.
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
    // From the sources, a small script registers tsx's loader in the thread and then imports the
    // TypeScript entry (a Worker given a .ts file, or `--import tsx`, does not load it on Node 20).
    const worker = new Worker(fromSource ? tsxBootstrap(entry) : entry, {
      eval: fromSource,
      workerData: input,
      execArgv: [],
      resourceLimits: {
        maxOldGenerationSizeMb: limits.memoryMb,
        maxYoungGenerationSizeMb: Math.min(64, Math.max(8, Math.round(limits.memoryMb / 8))),
        stackSizeMb: 4,
      },
      stdout: true,
      stderr: true,
    });
    // Its output is of no use to anyone and must not reach the server's log unfiltered.
    worker.stdout.resume();
    worker.stderr.resume();
    const finish = (outcome: IsolatedOutcome<T>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
      // Its answer is in: the thread has nothing left to do (and may still hold memory).
      void worker.terminate();
    };
    const timer = setTimeout(() => finish({ ok: false, reason: 'timeout' }), limits.timeoutMs);
    worker.once('message', (value: T) => finish({ ok: true, value }));
    worker.once('error', (err: Error & { code?: string }) =>
      finish({
        ok: false,
        reason: err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'memory' : 'crashed',
        error: err.message,
      }),
    );
    worker.once('exit', (code) => finish({ ok: false, reason: 'crashed', error: `exit code ${code}` }));
  });
}
