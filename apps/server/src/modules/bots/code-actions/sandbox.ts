import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CODE_ACTION_FUNCTION, CODE_ACTION_LIMITS, type CodeRunResult } from '@convo/api';
import { isolatedEntry, runIsolated } from '../../../platform/isolated-process.js';

// Where a custom action's code runs (docs/decisions.md "Custom actions run in a QuickJS isolate
// inside a locked-down process"). Two walls:
//  1. the code runs in a QuickJS isolate (WebAssembly): a separate engine whose heap is not this
//     server's, with only the language's built-ins (no fetch, require, process, timers, files),
//     a hard memory cap (its WebAssembly memory's maximum) and an interrupt at the deadline
//     (sandbox-worker.ts);
//  2. that isolate lives in a child process of its own (platform/isolated-process.ts): its heap is
//     capped, it is killed past a wall time (a native loop such as a huge Array.fill does not call
//     the interrupt handler; the kill still ends it), and Node's permission model forbids it to
//     write any file, read outside the code it runs, start processes or workers.
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
/** Starting the process and the isolate, on a loaded machine, before the function's own time. */
const STARTUP_ALLOWANCE_MS = 4000;
/** Runs at once: each is a process, so a burst of tests cannot multiply the memory. */
const CONCURRENCY = 2;

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
  const outcome = await runIsolated<SandboxReply>(ENTRY, request, {
    timeoutMs: limits.timeMs + STARTUP_ALLOWANCE_MS,
    memoryMb: PROCESS_HEAP_MB,
    execArgv: sandboxProcessFlags(),
    concurrency: CONCURRENCY,
  });
  const durationMs = Date.now() - started;
  if (!outcome.ok) {
    const kind = outcome.reason === 'crashed' ? 'crashed' : outcome.reason;
    const error =
      outcome.reason === 'timeout'
        ? `The function ran past its ${limits.timeMs} ms and was stopped.`
        : outcome.reason === 'memory'
          ? `The function used more than ${limits.memoryMb} MB and was stopped.`
          : 'The sandbox stopped unexpectedly.';
    return { ok: false, kind, error, logs: [], durationMs };
  }
  const reply = outcome.value;
  if (!reply.ok) return reply;
  return outputOf(reply);
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
