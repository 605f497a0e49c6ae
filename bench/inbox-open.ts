// A/B of one figure of the inbox bench: click → first message of the 5,000-message conversation
// visible in Chromium, with the renderer main thread's CPU time over the same span (from a trace:
// wall time alone is noisy on a shared machine). Each sample is a new signed-in page, as the bench's
// one click is; the builds alternate sample by sample (the order within each pair too) so that both
// see the same load, after one uncounted open each.
// Run (on a database `bench/inbox.bench.ts` seeded and kept):
//   BENCH_INBOX_DATABASE_URL=postgres://…/db OPEN_DISTS=/tmp/dist-main,apps/dashboard/dist \
//   npx tsx bench/inbox-open.ts
// OPEN_SAMPLES per build (8), OPEN_POINTER_REST_MS (bench/lib/open-timer.ts), OPEN_PROFILE_DIR (below),
// BENCH_INBOX_PORT (3390: the first build's server; the next ones +1). OPEN_BY=keys times the
// keyboard instead: two rows before the big conversation, j, then j again opens the big one (k
// from below when it is among the first two), timed from the key press.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { clickAfterRest, OPEN_TIMER_SCRIPT, openTimerScript } from './lib/open-timer.js';
import { findSeeded } from './lib/seed-application.js';
import { type ServerProcess, startServer } from './lib/server-process.js';
import { percentile } from './lib/stats.js';

const PASSWORD = 'Bench1234';
const SAMPLES = Number(process.env.OPEN_SAMPLES ?? 8);
const BY_KEYS = process.env.OPEN_BY === 'keys';
// OPEN_PROFILE_DIR: a V8 CPU profile (200 µs sampling) of each open is written there, from before
// the pointer comes to the row until the visible frame (bench/profile-summary.ts reads them).
// Started over CDP: a profile the page starts itself (console.profile) at the click took its first
// sample some 200 ms later, after the click's own task.
const PROFILE_DIR = process.env.OPEN_PROFILE_DIR;
if (PROFILE_DIR) mkdirSync(PROFILE_DIR, { recursive: true });
let profiles = 0;

interface TraceEvent {
  name: string;
  /** The thread's CPU clock (µs) when the event was recorded. */
  tts?: number;
}

/** CPU time (ms) of the renderer main thread between the two marks (both made on that thread). */
function mainThreadCpu(events: TraceEvent[]): number {
  const click = events.find((e) => e.name === 'open-click')?.tts;
  const visible = events.find((e) => e.name === 'open-visible')?.tts;
  return click === undefined || visible === undefined ? Number.NaN : (visible - click) / 1000;
}

async function sample(browser: Browser, base: string, state: string, bigId: number) {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    storageState: JSON.parse(state) as never,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${base}/conversations`);
    const rowButton = page.locator(`[data-group-id="${bigId}"]`).getByRole('button');
    await rowButton.waitFor({ timeout: 60_000 });
    // By the keyboard, as an agent going down (or up) the list: the row two before the big one is
    // opened with a click, the next with the key, and the key again opens the big one.
    let key: 'j' | 'k' = 'j';
    if (BY_KEYS) {
      const ids = await page
        .locator('[data-group-id]')
        .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-group-id'))));
      const at = ids.indexOf(bigId);
      if (at < 2) key = 'k';
      const from = ids[at < 2 ? at + 2 : at - 2];
      if (from === undefined) throw new Error('fewer than three rows around the big conversation');
      await clickAfterRest(page.locator(`[data-group-id="${from}"]`).getByRole('button'));
      await page.getByTestId('message').first().waitFor({ timeout: 30_000 });
      await page.waitForTimeout(500);
      await page.keyboard.press(key);
      await page.waitForURL((u) => u.pathname === `/conversations/${ids[at < 2 ? at + 1 : at - 1]}`);
      await page.getByTestId('message').first().waitFor({ timeout: 30_000 });
    }
    // Let the list's own start-up (and the first open) settle: only the open's own work is measured.
    await page.waitForTimeout(1500);
    await page.evaluate(BY_KEYS ? openTimerScript('keydown') : OPEN_TIMER_SCRIPT);
    // OPEN_TRACE_CATEGORIES adds trace categories (e.g. devtools.timeline) for OPEN_TRACE_DUMP.
    const extra = (process.env.OPEN_TRACE_CATEGORIES ?? '').split(',').filter(Boolean);
    await browser.startTracing(page, { categories: ['blink.user_timing', ...extra] });
    const profiler = PROFILE_DIR ? await context.newCDPSession(page) : null;
    if (profiler) {
      await profiler.send('Profiler.enable');
      await profiler.send('Profiler.setSamplingInterval', { interval: 200 });
      await profiler.send('Profiler.start');
    }
    if (BY_KEYS) await page.keyboard.press(key);
    else await clickAfterRest(rowButton);
    let openMs = 0;
    for (let waited = 0; openMs <= 0 && waited < 30_000; waited += 20) {
      await new Promise((r) => setTimeout(r, 20));
      openMs = (await page.evaluate('window.__openMs')) as number;
    }
    if (profiler) {
      const { profile } = await profiler.send('Profiler.stop');
      writeFileSync(path.join(PROFILE_DIR!, `open-${++profiles}.cpuprofile`), JSON.stringify(profile));
    }
    const raw = (await browser.stopTracing()).toString('utf8');
    if (process.env.OPEN_TRACE_DUMP) writeFileSync(process.env.OPEN_TRACE_DUMP, raw);
    const trace = JSON.parse(raw) as { traceEvents: TraceEvent[] };
    const dataMs = (await page.evaluate('window.__dataMs')) as number;
    return { openMs, dataMs, cpuMs: mainThreadCpu(trace.traceEvents) };
  } finally {
    await context.close();
  }
}

async function main() {
  const url = process.env.BENCH_INBOX_DATABASE_URL;
  const dists = (process.env.OPEN_DISTS ?? '').split(',').filter(Boolean);
  if (!url || dists.length === 0) throw new Error('BENCH_INBOX_DATABASE_URL and OPEN_DISTS are needed');
  const seeded = await findSeeded(url);
  if (!seeded) throw new Error(`no seeded application in ${url}`);
  const port = Number(process.env.BENCH_INBOX_PORT ?? 3390);
  const servers: ServerProcess[] = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    for (const [i, dist] of dists.entries())
      servers.push(
        await startServer({ port: port + i, databaseUrl: url, env: { DASHBOARD_DIST: path.resolve(dist) } }),
      );
    // One sign-in per server (its own origin), kept as storage state for every sample.
    const states: string[] = [];
    for (const server of servers) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${server.base}/loginv2`);
      await page
        .getByRole('textbox', { name: 'Email', exact: true })
        .fill(seeded.ownerEmail, { timeout: 60_000 });
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL((u) => !u.pathname.includes('login'));
      states.push(JSON.stringify(await context.storageState()));
      await context.close();
    }
    const results = dists.map(() => ({ open: [] as number[], cpu: [] as number[], after: [] as number[] }));
    // One open per server not counted (its first answers, the browser's first page of it), then
    // the order within each pair alternates: the first of a pair was seen to be the slower one.
    for (const [i, server] of servers.entries()) await sample(browser, server.base, states[i]!, seeded.bigId);
    for (let s = 0; s < SAMPLES; s++) {
      const order = s % 2 === 0 ? [...servers.keys()] : [...servers.keys()].reverse();
      for (const i of order) {
        const r = await sample(browser, servers[i]!.base, states[i]!, seeded.bigId);
        results[i]!.open.push(r.openMs);
        results[i]!.cpu.push(r.cpuMs);
        results[i]!.after.push(r.openMs - Math.max(0, r.dataMs));
        process.stdout.write(
          `${dists[i]} #${s + 1}: open ${r.openMs.toFixed(0)} ms (answers in at ${r.dataMs.toFixed(0)} ms), ` +
            `main-thread CPU ${r.cpuMs.toFixed(0)} ms\n`,
        );
      }
    }
    const summary = (xs: number[]) => {
      const sorted = [...xs].sort((a, b) => a - b);
      return `median ${percentile(sorted, 50).toFixed(0)} ms (min ${sorted[0]!.toFixed(0)}, max ${sorted.at(-1)!.toFixed(0)})`;
    };
    for (const [i, dist] of dists.entries()) {
      const r = results[i]!;
      process.stdout.write(
        `${dist}: open ${summary(r.open)}; after the answers ${summary(r.after)}; main-thread CPU ${summary(r.cpu)}\n`,
      );
    }
  } finally {
    await browser.close();
    for (const server of servers) await server.stop();
  }
}

await main();
