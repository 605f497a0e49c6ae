import { CODE_ACTION_LIMITS } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { runIsolated } from '../../../platform/isolated-process.js';
import { DEFAULT_SANDBOX_LIMITS, runInSandbox, sandboxProcessFlags } from './sandbox.js';

// Issue 36 item 4's safety: generated code can never reach the server's memory, files or network,
// and is bounded in CPU, memory and time. Each test runs real code in the real sandbox.

const run = (code: string, input: Record<string, unknown> = {}) => runInSandbox(code, input);
/** The run's own limit plus the process's start-up on a loaded machine: the kill comes before. */
const KILLED_WITHIN_MS = DEFAULT_SANDBOX_LIMITS.timeMs + 4000 + 2000;

describe('the code-action sandbox', () => {
  it('runs action(input), sync or async, with console lines', async () => {
    const result = await run(
      'async function action(input) { console.log("got", input.n); return { doubled: input.n * 2 }; }',
      { n: 21 },
    );
    expect(result).toMatchObject({ ok: true, output: { doubled: 42 }, logs: ['got 21'] });
  });

  it('has no network, module loading, process or timers', async () => {
    const names = [
      'fetch',
      'XMLHttpRequest',
      'WebSocket',
      'require',
      'process',
      'setTimeout',
      'Deno',
      'Bun',
      'std',
      'os',
    ];
    const result = await run(
      `function action() { return { kinds: ${JSON.stringify(names)}.map((n) => typeof globalThis[n]) }; }`,
    );
    expect(result).toMatchObject({ ok: true, output: { kinds: names.map(() => 'undefined') } });

    const network = await run('async function action() { await fetch("http://127.0.0.1:1/"); return {}; }');
    expect(network).toMatchObject({ ok: false, kind: 'error', error: expect.stringContaining('fetch') });
    const required = await run('function action() { return { fs: require("fs") }; }');
    expect(required).toMatchObject({ ok: false, kind: 'error', error: expect.stringContaining('require') });
  });

  it('cannot load a file or a network module, nor reach the host through constructors', async () => {
    for (const mod of ['fs', 'node:fs', 'node:net', 'node:child_process', '/etc/passwd']) {
      const result = await run(
        `async function action() { const m = await import(${JSON.stringify(mod)}); return { m: typeof m }; }`,
      );
      expect(result, mod).toMatchObject({ ok: false, kind: 'error' });
    }
    const viaConstructor = await run(
      'function action() { const g = (function () {}).constructor("return this")(); return { process: typeof g.process, require: typeof g.require }; }',
    );
    expect(viaConstructor).toMatchObject({
      ok: true,
      output: { process: 'undefined', require: 'undefined' },
    });
    const proc = await run('function action() { return { pid: process.pid }; }');
    expect(proc).toMatchObject({ ok: false, kind: 'error', error: expect.stringContaining('process') });
  });

  it('gives each run a fresh isolate: nothing one run leaves is seen by the next', async () => {
    // Runs one after another reuse a warm process; the isolate and its memory are new each time.
    const leave = await run(
      'function action(input) { globalThis.secret = input.secret; Object.prototype.leak = 1; return {}; }',
      {
        secret: 'tenant-a-secret',
      },
    );
    expect(leave).toMatchObject({ ok: true });
    for (let i = 0; i < 3; i++) {
      const look = await run(
        'function action() { return { secret: typeof globalThis.secret, leak: typeof ({}).leak }; }',
      );
      expect(look).toMatchObject({ ok: true, output: { secret: 'undefined', leak: 'undefined' } });
    }
  });

  it('answers the next run normally after one was stopped', async () => {
    expect(await run('function action() { for (;;) {} }')).toMatchObject({ ok: false, kind: 'timeout' });
    expect(await run('function action() { return { fine: true }; }')).toMatchObject({
      ok: true,
      output: { fine: true },
    });
  });

  it('stops an endless loop at its time limit', async () => {
    const started = Date.now();
    const result = await run('function action() { for (;;) {} }');
    expect(result).toMatchObject({ ok: false, kind: 'timeout' });
    expect(Date.now() - started).toBeLessThan(KILLED_WITHIN_MS);
  });

  it('stops an endless loop inside a promise chain too', async () => {
    const result = await run('async function action() { await null; while (true) { Math.random(); } }');
    expect(result).toMatchObject({ ok: false, kind: 'timeout' });
  });

  it('stops a memory bomb at its memory limit', async () => {
    const started = Date.now();
    for (const bomb of [
      'function action() { const a = []; for (let i = 0; ; i++) a.push(new Array(100000).fill(i)); }',
      'function action() { let s = "x"; const keep = []; for (;;) { s = s + s; keep.push(s + "y"); } }',
      'function action() { return { n: new ArrayBuffer(1024 * 1024 * 1024).byteLength }; }',
    ]) {
      const result = await run(bomb);
      expect(result, bomb).toMatchObject({ ok: false });
      expect(['memory', 'error'], bomb).toContain(result.ok ? 'ok' : result.kind);
    }
    expect(Date.now() - started).toBeLessThan(3 * KILLED_WITHIN_MS);
  });

  it('returns only a JSON object of bounded size, and the function’s own errors', async () => {
    expect(await run('function action() { return [1, 2]; }')).toMatchObject({
      ok: false,
      kind: 'invalid-output',
    });
    expect(await run('function action() { return 3; }')).toMatchObject({ ok: false, kind: 'invalid-output' });
    const big = await run(
      `function action() { return { s: "x".repeat(${CODE_ACTION_LIMITS.outputChars + 10}) }; }`,
    );
    expect(big).toMatchObject({ ok: false, kind: 'invalid-output' });
    expect(await run('function action() { throw new Error("nope"); }')).toMatchObject({
      ok: false,
      kind: 'error',
      error: 'Error: nope',
    });
    expect(await run('function reaction() { return {}; }')).toMatchObject({
      ok: false,
      error: expect.stringContaining('action(input)'),
    });
    expect(await run('function action( {')).toMatchObject({ ok: false, kind: 'error' });
  });

  it('runs the isolate in a process that may not read, write, spawn or start workers', async () => {
    const outcome = await runIsolated<Record<string, string>>(
      new URL('./sandbox-wall.fixture.mjs', import.meta.url),
      {},
      { timeoutMs: 10_000, memoryMb: 64, execArgv: sandboxProcessFlags() },
    );
    expect(outcome).toEqual({
      ok: true,
      value: {
        readSecrets: 'ERR_ACCESS_DENIED',
        readServerSource: 'ERR_ACCESS_DENIED',
        writeFile: 'ERR_ACCESS_DENIED',
        spawnProcess: 'ERR_ACCESS_DENIED',
        startWorker: 'ERR_ACCESS_DENIED',
      },
    });
  });
});
