// Shared by start.mjs and test.mjs: install when needed, build when sources changed, run steps.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export function log(message) {
  process.stdout.write(`\x1b[36m›\x1b[0m ${message}\n`);
}

/** Runs a command with inherited output; resolves to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
}

/**
 * Runs a step with its output held back: one progress line, then its time; the output is printed
 * only when it fails (or with VERBOSE=1). A first `npm start` showed 150 lines of asset tables and
 * bundler warnings that a newcomer cannot act on.
 */
export async function runQuietOrExit(label, command, args, options = {}) {
  if (process.env.VERBOSE === '1') return runOrExit(label, command, args, options);
  log(`${label}…`);
  const started = Date.now();
  const output = [];
  const code = await new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('exit', (c, signal) => resolve(c ?? (signal ? 1 : 0)));
    child.on('error', () => resolve(127));
  });
  if (code !== 0) {
    process.stderr.write(Buffer.concat(output));
    process.stderr.write(`\n✗ ${label} failed (exit ${code})\n`);
    process.exit(code);
  }
  log(`${label}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

export async function runOrExit(label, command, args, options) {
  log(label);
  const started = Date.now();
  const code = await run(command, args, options);
  const seconds = Math.round((Date.now() - started) / 1000);
  if (code !== 0) {
    process.stderr.write(`\n✗ ${label} failed (exit ${code}) after ${seconds} s\n`);
    process.exit(code);
  }
  // Each step's time, so a slow CI run says where its minutes went.
  log(`${label}: done in ${seconds} s`);
}

/** Newest modification time of any file below the given paths (node_modules and dist skipped). */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) {
      for (const name of readdirSync(p)) {
        if (name === 'node_modules' || name === 'dist' || name.startsWith('.')) continue;
        walk(path.join(p, name));
      }
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  for (const p of paths) walk(path.join(root, p));
  return newest;
}

/** `npm install` when node_modules is missing or older than the lockfile. */
export async function ensureInstalled() {
  const marker = path.join(root, 'node_modules', '.package-lock.json');
  const lock = path.join(root, 'package-lock.json');
  const stale =
    !existsSync(marker) || (existsSync(lock) && statSync(lock).mtimeMs > statSync(marker).mtimeMs + 1000);
  if (stale)
    await runOrExit('Installing dependencies (npm install)', 'npm', ['install', '--no-audit', '--no-fund']);
}

const BUILDS = [
  {
    name: 'dashboard',
    output: 'apps/dashboard/dist/index.html',
    inputs: ['apps/dashboard', 'packages/domain/src', 'packages/api/src'],
    workspace: '@convo/dashboard',
  },
  {
    name: 'widget',
    output: 'apps/widget/dist/loader.js',
    inputs: ['apps/widget', 'packages/domain/src', 'packages/api/src'],
    workspace: '@convo/widget',
  },
  {
    name: 'server',
    // Written with dist/main.js by the same build; a build from before the operator command lacks it.
    output: 'apps/server/dist/convo.js',
    inputs: ['apps/server/src', 'apps/server/build.mjs', 'packages/domain/src', 'packages/api/src'],
    workspace: '@convo/server',
  },
];

/** Builds what is missing or older than its sources (force: always; only: these names). */
export async function ensureBuilt({ force = false, only } = {}) {
  for (const b of BUILDS) {
    if (only && !only.includes(b.name)) continue;
    const out = path.join(root, b.output);
    const upToDate = !force && existsSync(out) && statSync(out).mtimeMs >= newestMtime(b.inputs);
    if (upToDate) continue;
    await runQuietOrExit(`Building the ${b.name}`, 'npm', ['run', 'build', '--silent', '-w', b.workspace]);
  }
}
