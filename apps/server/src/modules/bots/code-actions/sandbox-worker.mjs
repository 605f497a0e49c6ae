// @ts-check
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import baseVariant from '@jitl/quickjs-wasmfile-release-sync';
import { newQuickJSWASMModuleFromVariant, newVariant } from 'quickjs-emscripten-core';

// The sandbox process's entry (sandbox.ts starts one per run, under Node's permission model): runs
// the admin's function inside a QuickJS isolate compiled to WebAssembly. The isolate is its own
// JavaScript engine with its own heap in the module's linear memory; it has the language's
// built-ins and nothing else (no fetch, require, import, process, timers, file or network API), a
// memory limit, a stack limit and an interrupt handler that stops it at the deadline. Input goes in
// as JSON text, output comes out as JSON text: no object is shared with this process.
// Plain JavaScript so the process runs it without a TypeScript loader: tsx's loader needs a worker
// thread and reads outside the allowed folders, which the permission model refuses (types: the
// SandboxRequest and SandboxReply of sandbox.ts). Built as dist/code-action-sandbox.js (build.mjs).

/** @typedef {import('./sandbox.js').SandboxRequest} SandboxRequest */
/** @typedef {import('./sandbox.js').SandboxReply} SandboxReply */

const RESULT = '__convoResult';
const PAGE = 64 * 1024;
/** What the engine itself takes before any of the function's data (the build's initial memory). */
const ENGINE_BYTES = 16 * 1024 * 1024;
const INPUT = '__convoInput';

/**
 * @param {import('quickjs-emscripten-core').QuickJSContext} ctx
 * @param {import('quickjs-emscripten-core').QuickJSHandle} handle
 * @returns {string}
 */
function guestError(ctx, handle) {
  const value = ctx.dump(handle);
  if (value && typeof value === 'object') {
    const { name, message } = value;
    if (typeof message === 'string') return `${typeof name === 'string' ? `${name}: ` : ''}${message}`;
  }
  return String(value);
}

/** The engine compiled once per process; each run instantiates it afresh with its own memory. */
const wasmModule = new WebAssembly.Module(
  readFileSync(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm')),
);

/** @param {string} message @returns {'timeout' | 'memory' | 'error'} */
function kindOf(message) {
  if (/\binterrupted\b/.test(message)) return 'timeout';
  if (/out of memory/i.test(message)) return 'memory';
  return 'error';
}

/** @param {SandboxRequest} request @returns {Promise<SandboxReply>} */
async function run(request) {
  const started = performance.now();
  /** @type {string[]} */
  const logs = [];
  const elapsed = () => Math.round(performance.now() - started);
  // The hard memory cap: the WebAssembly memory cannot grow past its maximum, so an allocation
  // beyond it fails inside the isolate as "out of memory". (QuickJS's own limit below counts too
  // little in this build, which has no malloc_usable_size: it is kept only as an early stop.)
  const limitBytes = request.limits.memoryMb * 1024 * 1024;
  const wasmMemory = new WebAssembly.Memory({
    initial: ENGINE_BYTES / PAGE,
    maximum: (ENGINE_BYTES + limitBytes) / PAGE,
  });
  // A new instance per run: nothing one run leaves in the engine's memory is seen by the next.
  const module = await newQuickJSWASMModuleFromVariant(newVariant(baseVariant, { wasmMemory, wasmModule }));
  const runtime = module.newRuntime();
  runtime.setMemoryLimit(limitBytes);
  runtime.setMaxStackSize(512 * 1024);
  const deadline = Date.now() + request.limits.timeMs;
  runtime.setInterruptHandler(() => Date.now() > deadline);
  const ctx = runtime.newContext();
  /** @type {(kind: 'error' | 'timeout' | 'memory' | 'invalid-output', error: string) => SandboxReply} */
  const fail = (kind, error) => ({
    ok: false,
    kind,
    error: error.slice(0, 2000),
    logs,
    durationMs: elapsed(),
  });
  try {
    // console.log/info/warn/error collect bounded lines for the admin's test; nothing else is given.
    const consoleObject = ctx.newObject();
    const log = ctx.newFunction('log', (...args) => {
      if (logs.length < request.limits.logLines) {
        const line = args.map((a) => {
          const v = ctx.dump(a);
          return typeof v === 'string' ? v : JSON.stringify(v);
        });
        logs.push(line.join(' ').slice(0, 500));
      }
    });
    for (const level of ['log', 'info', 'warn', 'error']) ctx.setProp(consoleObject, level, log);
    ctx.setProp(ctx.global, 'console', consoleObject);
    log.dispose();
    consoleObject.dispose();
    const input = ctx.newString(request.inputJson);
    ctx.setProp(ctx.global, INPUT, input);
    input.dispose();

    const defined = ctx.evalCode(request.code, 'action.js');
    if (defined.error) {
      const message = guestError(ctx, defined.error);
      defined.error.dispose();
      return fail(kindOf(message), message);
    }
    defined.value.dispose();

    // The function may be async; its promise settles through the job queue run below.
    const call = ctx.evalCode(
      `(() => {
        if (typeof ${request.functionName} !== 'function') {
          throw new TypeError('The code must define a function named ${request.functionName}(input).');
        }
        globalThis.${RESULT} = undefined;
        Promise.resolve()
          .then(() => ${request.functionName}(JSON.parse(globalThis.${INPUT})))
          .then(
            (value) => {
              const json = JSON.stringify(value === undefined ? null : value);
              // Measured inside the isolate: an oversized answer never crosses into this process.
              globalThis.${RESULT} = typeof json === 'string' && json.length > ${request.limits.outputChars}
                ? { ok: false, invalidOutput: true, error: 'The output is over ${request.limits.outputChars} characters of JSON.' }
                : { ok: true, json };
            },
            (err) => { globalThis.${RESULT} = { ok: false, error: err instanceof Error ? err.name + ': ' + err.message : String(err) }; },
          );
      })()`,
      'run.js',
    );
    if (call.error) {
      const message = guestError(ctx, call.error);
      call.error.dispose();
      return fail(kindOf(message), message);
    }
    call.value.dispose();
    for (;;) {
      const jobs = runtime.executePendingJobs();
      if (jobs.error) {
        const message = guestError(ctx, jobs.error);
        jobs.error.dispose();
        return fail(kindOf(message), message);
      }
      if (jobs.value === 0) break;
    }
    const resultHandle = ctx.getProp(ctx.global, RESULT);
    /** @type {{ ok: boolean; json?: unknown; error?: unknown; invalidOutput?: boolean } | undefined} */
    const result = ctx.dump(resultHandle);
    resultHandle.dispose();
    if (!result) return fail('error', 'The function’s promise never settled.');
    if (!result.ok) {
      const message = String(result.error);
      return fail(result.invalidOutput ? 'invalid-output' : kindOf(message), message);
    }
    if (typeof result.json !== 'string')
      return fail('invalid-output', 'The function returned nothing JSON can hold.');
    if (result.json.length > request.limits.outputChars) {
      return fail('invalid-output', `The output is over ${request.limits.outputChars} characters of JSON.`);
    }
    return { ok: true, outputJson: result.json, logs, durationMs: elapsed() };
  } catch (err) {
    // The isolate itself failed (its memory limit hit while the host was building a value).
    const message = err instanceof Error ? err.message : String(err);
    return fail(kindOf(message), message);
  }
  // Nothing is disposed: disposing an isolate stopped mid-allocation can abort instead of
  // answering. The instance and its memory are dropped with the last reference to them.
}

// Serves runs one at a time for as long as the parent keeps it (sandbox.ts replaces a process
// that ran past its time, and recycles each after a number of runs).
const send = process.send?.bind(process);
if (send) {
  // The server is gone: nothing more will come.
  process.once('disconnect', () => process.exit(0));
  process.on('message', (message) => {
    const { id, request } = /** @type {{ id: number; request: SandboxRequest }} */ (message);
    void run(request)
      .catch(
        /** @returns {SandboxReply} */
        (err) => ({
          ok: false,
          kind: 'crashed',
          error: err instanceof Error ? err.message : String(err),
          logs: [],
          durationMs: 0,
        }),
      )
      .then((reply) => send({ id, reply }));
  });
}
