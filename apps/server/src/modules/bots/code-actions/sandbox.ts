import { type ChildProcess, fork } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODE_ACTION_FUNCTION, CODE_ACTION_LIMITS, type CodeRunResult } from '@convo/api';
import { isolatedEntry } from '../../../platform/isolated-process.js';

// Where a custom action's code runs (docs/decisions.md "Custom actions run in a QuickJS isolate
// inside a locked-down process"). Two walls:
//  1. the code runs in a QuickJS isolate (WebAssembly): a separate engine whose heap is not this
//     server's, with only the language's built-ins (no fetch, require, process, timers, files),
//     a hard memory cap (its WebAssembly memory's maximum) and an interrupt at the deadline
//     (sandbox-worker.ts);
//  2. that isolate lives in a child process (kept warm, two at most, each serving one run at a time
//     with a fresh isolate): its heap is capped, it is killed and replaced past a run's wall time (a
//     native loop such as a huge Array.fill does not call the interrupt handler; the kill still ends
//     it) or after any failure of its own, and Node's permission model forbids it to write any file,
//     read outside the code it runs, start processes or workers.
// Input and output cross as JSON text of bounded size; nothing else is shared.

export interface SandboxLimits {
  timeMs: number;
  memoryMb: number;
  outputChars: number;
  logLines: number;
}

export interface SandboxRequest {
  code: string;
  functionName: string;
  inputJson: string;
  limits: SandboxLimits;
}

export type SandboxReply =
  | { ok: true; outputJson: string; logs: string[]; durationMs: number }
  | Extract<CodeRunResult, { ok: false }>;

const ENTRY = isolatedEntry(new URL('./sandbox-worker.mjs', import.meta.url), 'code-action-sandbox');

/** The isolate's heap is WebAssembly memory with its own maximum; V8's heap needs little beside. */
const PROCESS_HEAP_MB = 64;
/** Starting a process, on a loaded machine, before the function's own time. */
const STARTUP_ALLOWANCE_MS = 4000;
/** A warm process's isolate set-up and the answer's trip, beyond the function's own time. */
const RUN_ALLOWANCE_MS = 1500;
/** Processes (so runs at once): a burst of tests cannot multiply the memory. */
const CONCURRENCY = 2;
/** A process is replaced after this many runs, so nothing it accumulates outlives them. */
const RUNS_PER_PROCESS = 200;

/** The folders the sandbox process may read: its own code and the packages it loads. */
function readablePaths(): string[] {
  const entryDir = path.dirname(fileURLToPath(ENTRY));
  const quickjs = createRequire(import.meta.url).resolve('quickjs-emscripten-core');
  const workspace = quickjs.slice(0, quickjs.lastIndexOf(`${path.sep}node_modules${path.sep}`));
  return [entryDir, path.join(workspace, 'node_modules')];
}

let permissionFlags: string[] | undefined;
/** The Node flags of the sandbox process (exported for the test of that wall). */
export function sandboxProcessFlags(): string[] {
  permissionFlags ??= [
    '--experimental-permission',
    ...readablePaths().map((p) => `--allow-fs-read=${p}`),
    // No --allow-fs-write, --allow-child-process or --allow-worker: all refused.
    '--no-warnings=ExperimentalWarning',
  ];
  return permissionFlags;
}

export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  timeMs: CODE_ACTION_LIMITS.timeMs,
  memoryMb: CODE_ACTION_LIMITS.memoryMb,
  outputChars: CODE_ACTION_LIMITS.outputChars,
  logLines: CODE_ACTION_LIMITS.logLines,
};

type Failure = { reason: 'timeout' | 'memory' | 'crashed' };

/** One warm sandbox process: runs one request at a time; gone after a failure or RUNS_PER_PROCESS. */
class SandboxProcess {
  private readonly child: ChildProcess;
  private runs = 0;
  private nextId = 1;
  private stderrTail = '';
  private current: ((outcome: SandboxReply | Failure) => void) | null = null;
  dead = false;

  constructor() {
    this.child = fork(fileURLToPath(ENTRY), [], {
      execArgv: [`--max-old-space-size=${PROCESS_HEAP_MB}`, ...sandboxProcessFlags()],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
    });
    // The last of its error output tells an out-of-memory abort from another crash.
    this.child.stderr?.on('data', (chunk: Buffer) => {
      this.stderrTail = (this.stderrTail + chunk.toString('utf8')).slice(-4096);
    });
    this.child.on('message', (message) => {
      const { reply } = message as { id: number; reply: SandboxReply };
      this.settle(reply);
    });
    const died = () =>
      this.settle({
        reason: /heap out of memory|Reached heap limit/i.test(this.stderrTail) ? 'memory' : 'crashed',
      });
    this.child.once('exit', died);
    this.child.once('error', died);
    this.idle();
  }

  /** Idle processes do not keep the server (or a test run) from exiting. */
  private idle() {
    this.child.unref();
    this.child.channel?.unref();
  }

  private settle(outcome: SandboxReply | Failure) {
    const resolve = this.current;
    this.current = null;
    if ('reason' in outcome || !outcome.ok) {
      // The function's own error is fine to keep the process for; anything else replaces it.
      if ('reason' in outcome || outcome.kind !== 'error' || this.runs >= RUNS_PER_PROCESS) this.kill();
    } else if (this.runs >= RUNS_PER_PROCESS) this.kill();
    if (!this.dead) this.idle();
    resolve?.(outcome);
  }

  kill() {
    if (this.dead) return;
    this.dead = true;
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill('SIGKILL');
  }

  run(request: SandboxRequest, timeoutMs: number): Promise<SandboxReply | Failure> {
    this.runs += 1;
    this.child.ref();
    this.child.channel?.ref();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.current = null;
        this.kill();
        resolve({ reason: 'timeout' });
      }, timeoutMs);
      this.current = (outcome) => {
        clearTimeout(timer);
        resolve(outcome);
      };
      this.child.send({ id: this.nextId++, request }, (err) => {
        if (err) this.settle({ reason: 'crashed' });
      });
    });
  }

  get started(): boolean {
    return this.runs > 0;
  }
}

/** The warm processes and the queue for them. */
class SandboxPool {
  private readonly idleProcesses: SandboxProcess[] = [];
  private active = 0;
  private readonly waiting: (() => void)[] = [];

  async run(request: SandboxRequest): Promise<SandboxReply | Failure> {
    if (this.active >= CONCURRENCY) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.active += 1;
    try {
      let process = this.idleProcesses.pop();
      // One that died while idle is dropped.
      while (process?.dead) process = this.idleProcesses.pop();
      process ??= new SandboxProcess();
      const timeoutMs =
        request.limits.timeMs + RUN_ALLOWANCE_MS + (process.started ? 0 : STARTUP_ALLOWANCE_MS);
      const outcome = await process.run(request, timeoutMs);
      if (!process.dead) this.idleProcesses.push(process);
      return outcome;
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.active -= 1;
    }
  }
}

const pool = new SandboxPool();

/**
 * Runs `code`'s `action(input)` in the sandbox. Never throws for what the code does: its errors,
 * the limits and output that is not a JSON object come back as `{ ok: false, kind, error }`.
 */
export async function runInSandbox(
  code: string,
  input: Record<string, unknown>,
  limits: SandboxLimits = DEFAULT_SANDBOX_LIMITS,
): Promise<CodeRunResult> {
  const started = Date.now();
  const request: SandboxRequest = {
    code,
    functionName: CODE_ACTION_FUNCTION,
    inputJson: JSON.stringify(input),
    limits,
  };
  const outcome = await pool.run(request);
  const durationMs = Date.now() - started;
  if ('reason' in outcome) {
    const kind = outcome.reason;
    const error =
      kind === 'timeout'
        ? `The function ran past its ${limits.timeMs} ms and was stopped.`
        : kind === 'memory'
          ? `The function used more than ${limits.memoryMb} MB and was stopped.`
          : 'The sandbox stopped unexpectedly.';
    return { ok: false, kind, error, logs: [], durationMs };
  }
  if (!outcome.ok) return outcome;
  return outputOf(outcome);
}

function outputOf(reply: Extract<SandboxReply, { ok: true }>): CodeRunResult {
  const invalid = (error: string): CodeRunResult => ({
    ok: false,
    kind: 'invalid-output',
    error,
    logs: reply.logs,
    durationMs: reply.durationMs,
  });
  let value: unknown;
  try {
    value = JSON.parse(reply.outputJson);
  } catch {
    return invalid('The output is not JSON.');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return invalid('The function must return an object, e.g. { "total": 3 }.');
  }
  return {
    ok: true,
    output: value as Record<string, unknown>,
    logs: reply.logs,
    durationMs: reply.durationMs,
  };
}
