// What the dashboard's first pages download on the wire (issue 39): each page loaded cold (a new
// browser context, no HTTP cache) in Chromium, counting every response's encodedDataLength
// (compressed body and headers) by type, until the network is idle; index.html's inline script
// counts as JavaScript at its gzip size. Budgets: /loginv2 ≤ 120 KB,
// /dashboard and /conversations ≤ 200 KB of JavaScript and CSS each. The bytes do not depend on the
// amount of data, so the demo workspace on PGlite is enough. Also timed, median of
// DASHBOARD_WIRE_LOADS (7) cold loads: /dashboard interactive (figures and charts drawn, as
// bench/dashboard.bench.ts counts it) and /conversations' first row, from the navigation's start.
// On the demo workspace these times are a floor: bench/dashboard.bench.ts times /dashboard on the
// seeded 1M-message database.
// Run: BENCH_ONLY=dashboard-wire npm run bench (after npm run build). DASHBOARD_WIRE_BASE reuses a
// server already running (with the demo workspace) instead of starting one; DASHBOARD_WIRE_FILES=1
// prints every file each page downloads; DASHBOARD_WIRE_PAGES=/dashboard,… loads only those pages.
// DASHBOARD_WIRE_TIMINGS=1 prints when each request of each load started and ended;
// DASHBOARD_WIRE_METRICS=1 the renderer main thread's CPU by kind (script, style, layout) when ready;
// DASHBOARD_WIRE_EMAIL and DASHBOARD_WIRE_PASSWORD sign in another account (with
// DASHBOARD_WIRE_BASE, e.g. a server on bench/dashboard.bench.ts's kept database).
// DASHBOARD_WIRE_PROFILE_DIR=<dir> writes each timed load's main-thread CPU profile there, from the
// navigation until the page is ready (the profiler slows the page: compare builds by their
// profiles, not by those loads' times); `npx tsx bench/profile-summary.ts <dir>` sums them.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { type BrowserContext, chromium } from '@playwright/test';
import { CONVERSATION_ROW_SHOWN, readyAtScript } from './lib/page-ready.js';
import { startServer } from './lib/server-process.js';
import { percentile, printTable, type Row } from './lib/stats.js';

const PORT = Number(process.env.DASHBOARD_WIRE_PORT ?? 3396);
const LOADS = Number(process.env.DASHBOARD_WIRE_LOADS ?? 7);
const SHOW_FILES = process.env.DASHBOARD_WIRE_FILES === '1';
const PROFILE_DIR = process.env.DASHBOARD_WIRE_PROFILE_DIR;
let profiled = 0;
/** DASHBOARD_WIRE_TIMINGS=1: each load's requests, when each started and ended (resource timings). */
const SHOW_TIMINGS = process.env.DASHBOARD_WIRE_TIMINGS === '1';
/** DASHBOARD_WIRE_METRICS=1: each load's main-thread time by kind (script, style, layout) when ready. */
const SHOW_METRICS = process.env.DASHBOARD_WIRE_METRICS === '1';
/** DASHBOARD_WIRE_PAGES=/dashboard,/conversations: only those pages. */
const ONLY = process.env.DASHBOARD_WIRE_PAGES?.split(',').filter(Boolean);
/**
 * DASHBOARD_WIRE_OTHER_BASE=<url>: a second server (another build, e.g. `DASHBOARD_DIST=<dist>
 * DATA_DIR=<dir> PORT=… SEED_DEMO=true node apps/server/dist/main.js`) timed in the same run, its
 * loads alternating with this one's: two builds compared in the same minutes.
 */
const OTHER_BASE = process.env.DASHBOARD_WIRE_OTHER_BASE;
const KB = 1024;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

interface PageBytes {
  /** Script files and, at its gzip size, the script inlined in index.html (the early start). */
  script: number;
  inline: number;
  style: number;
  other: number;
  scripts: number;
  files: [string, string, number][];
}

/**
 * Set up before the page's scripts: window.__readyAt is performance.now() (from the navigation's
 * start) at the frame after the page's first meaningful content is drawn. A string: the TypeScript
 * runner would wrap a function in helpers the page does not have.
 */
const READY: Record<'dashboard' | 'conversations' | 'login', string> = {
  // As bench/dashboard.bench.ts: the figures hold a number and both charts are drawn (or empty).
  dashboard: `() => {
    const figure = document.querySelector('[data-testid="figure-newConversations"] [data-testid="figure-value"]');
    if (!figure || !/\\d/.test(figure.textContent || '')) return false;
    if (document.querySelector('[data-testid="analytics-empty"]')) return true;
    // Both charts drawn (their svg is in; the demo workspace's bars may all be zero).
    const charts = document.querySelectorAll('[data-chart]');
    return charts.length >= 2 && Array.from(charts).every((c) => c.querySelector('svg') !== null);
  }`,
  conversations: CONVERSATION_ROW_SHOWN,
  login: `() => Array.from(document.querySelectorAll('button')).some((b) => /Log in/.test(b.textContent || ''))`,
};

async function measure(
  context: BrowserContext,
  url: string,
  ready: string,
): Promise<{ bytes: PageBytes; readyMs: number }> {
  const page = await context.newPage();
  await page.addInitScript({ content: readyAtScript(ready) });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const responses = new Map<string, { type: string; url: string }>();
  const out: PageBytes = { script: 0, inline: 0, style: 0, other: 0, scripts: 0, files: [] };
  cdp.on('Network.responseReceived', (e) =>
    responses.set(e.requestId, { type: e.type, url: e.response.url }),
  );
  cdp.on('Network.loadingFinished', (e) => {
    const r = responses.get(e.requestId);
    const type = r?.type ?? 'Other';
    if (r) out.files.push([type, new URL(r.url).pathname, e.encodedDataLength]);
    if (type === 'Script') {
      out.script += e.encodedDataLength;
      out.scripts += 1;
    } else if (type === 'Stylesheet') out.style += e.encodedDataLength;
    else out.other += e.encodedDataLength;
  });
  if (PROFILE_DIR) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  if (SHOW_METRICS) await cdp.send('Performance.enable', { timeDomain: 'threadTicks' });
  await page.goto(url);
  let readyMs = 0;
  for (let waited = 0; waited < 60_000; waited += 20) {
    readyMs = ((await page.evaluate('window.__readyAt')) as number | undefined) ?? 0;
    if (readyMs > 0) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  if (readyMs <= 0) throw new Error(`${url} did not show its content within 60 s`);
  if (PROFILE_DIR) {
    const { profile } = await cdp.send('Profiler.stop');
    mkdirSync(PROFILE_DIR, { recursive: true });
    const name = `${new URL(url).pathname.slice(1) || 'root'}-${++profiled}.cpuprofile`;
    writeFileSync(path.join(PROFILE_DIR, name), JSON.stringify(profile));
  }
  if (SHOW_METRICS) {
    const { metrics } = await cdp.send('Performance.getMetrics');
    const of = (name: string) => metrics.find((m) => m.name === name)?.value ?? 0;
    const ms = (name: string) => `${(of(name) * 1000).toFixed(0)} ms`;
    process.stdout.write(
      `${new URL(url).pathname} ready at ${readyMs.toFixed(0)} ms: tasks ${ms('TaskDuration')}, script ${ms('ScriptDuration')}, ` +
        `style ${ms('RecalcStyleDuration')} (${of('RecalcStyleCount')}), layout ${ms('LayoutDuration')} (${of('LayoutCount')}), ` +
        `nodes ${of('Nodes')}\n`,
    );
  }
  if (SHOW_TIMINGS) {
    const timings = (await page.evaluate(
      "performance.getEntriesByType('resource').map((e) => [e.name, Math.round(e.startTime), Math.round(e.responseEnd)])",
    )) as [string, number, number][];
    process.stdout.write(`\n${url} ready at ${readyMs.toFixed(0)} ms\n`);
    for (const [name, start, end] of timings.sort((a, b) => a[1] - b[1]))
      process.stdout.write(
        `  ${String(start).padStart(5)} → ${String(end).padStart(5)} ms  ${new URL(name).pathname}\n`,
      );
  }
  await page.waitForLoadState('networkidle');
  // The inline script comes inside the document (counted as "other" with it): its own compressed
  // size is counted as JavaScript too, and taken out of the document's.
  const inline = (await page.evaluate(
    "Array.from(document.querySelectorAll('script:not([src])'), (s) => s.textContent || '').join('')",
  )) as string;
  out.inline = inline === '' ? 0 : gzipSync(inline).length;
  out.script += out.inline;
  out.other -= out.inline;
  await page.close();
  return { bytes: out, readyMs };
}

const server = process.env.DASHBOARD_WIRE_BASE
  ? { base: process.env.DASHBOARD_WIRE_BASE, stop: async () => {} }
  : await startServer({ port: PORT, env: { SEED_DEMO: 'true' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const rows: Row[] = [];
try {
  const signInAt = async (base: string) => {
    const signIn = await browser.newContext();
    const login = await signIn.newPage();
    await login.goto(`${base}/loginv2`);
    await login
      .getByRole('textbox', { name: 'Email', exact: true })
      .fill(process.env.DASHBOARD_WIRE_EMAIL ?? 'owner@demo.convo.local', { timeout: 60_000 });
    await login
      .getByRole('textbox', { name: 'Password', exact: true })
      .fill(process.env.DASHBOARD_WIRE_PASSWORD ?? 'Demo1234');
    await login.getByRole('button', { name: 'Log in' }).click();
    await login.waitForURL((u) => u.pathname === '/dashboard', { timeout: 60_000 });
    const state = await signIn.storageState();
    await signIn.close();
    return state;
  };
  const storageState = await signInAt(server.base);
  // The other build's server, signed in on its own origin (its session is kept per origin).
  const otherState = OTHER_BASE ? await signInAt(OTHER_BASE) : null;

  const pages = [
    { path: '/loginv2', signedIn: false, ready: READY.login, budget: 120, timed: 'sign-in form shown' },
    {
      path: '/dashboard',
      signedIn: true,
      ready: READY.dashboard,
      budget: 200,
      timed: 'interactive (figures and charts drawn)',
      timeBudget: 1000,
    },
    {
      path: '/conversations',
      signedIn: true,
      ready: READY.conversations,
      budget: 200,
      timed: 'first conversation row shown',
      timeBudget: 1000,
    },
  ];
  for (const p of pages.filter((page) => !ONLY || ONLY.includes(page.path))) {
    const times: number[] = [];
    const otherTimes: number[] = [];
    let first: PageBytes | null = null;
    // A cold load in a new context, signed in on that server's origin when the page needs it.
    const loadAt = async (base: string, state: typeof storageState) => {
      const context = await browser.newContext({
        viewport: { width: 1280, height: 900 },
        ...(p.signedIn ? { storageState: state } : {}),
      });
      const m = await measure(context, `${base}${p.path}`, p.ready);
      await context.close();
      return m;
    };
    for (let i = 0; i < LOADS; i++) {
      const m = await loadAt(server.base, storageState);
      first ??= m.bytes;
      times.push(m.readyMs);
      // A/B: each load of this build is followed by one of the other, so both see the same
      // minutes of a machine whose speed drifts.
      if (OTHER_BASE && otherState) otherTimes.push((await loadAt(OTHER_BASE, otherState)).readyMs);
    }
    const b = first!;
    if (SHOW_FILES) {
      process.stdout.write(`\n${p.path}\n`);
      for (const [type, file, bytes] of b.files.sort((x, y) => y[2] - x[2]))
        process.stdout.write(`  ${kb(bytes).padStart(9)}  ${type.padEnd(10)} ${file}\n`);
    }
    const code = b.script + b.style;
    rows.push({
      figure: `${p.path}: JavaScript (${b.scripts} files${b.inline > 0 ? ' + inline' : ''}) + CSS on the wire, cold`,
      value: `${kb(code)} (${kb(b.script)} JS, ${kb(b.style)} CSS; other ${kb(b.other)})`,
      budget: `≤ ${p.budget} KB`,
      pass: code <= p.budget * KB,
    });
    times.sort((x, y) => x - y);
    const median = percentile(times, 50);
    rows.push({
      figure: `${p.path}: ${p.timed}, median of ${LOADS} cold loads (demo workspace)`,
      value: `${median.toFixed(0)} ms (slowest ${times.at(-1)!.toFixed(0)} ms)`,
      budget: p.timeBudget ? `< ${p.timeBudget} ms` : '—',
      pass: p.timeBudget ? median < p.timeBudget : null,
    });
    if (OTHER_BASE) {
      otherTimes.sort((x, y) => x - y);
      rows.push({
        figure: `${p.path}: ${p.timed}, median of ${LOADS} loads alternating with the above, ${OTHER_BASE}`,
        value: `${percentile(otherTimes, 50).toFixed(0)} ms (slowest ${otherTimes.at(-1)!.toFixed(0)} ms)`,
        budget: p.timeBudget ? `< ${p.timeBudget} ms` : '—',
        pass: null,
      });
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
printTable('Dashboard bytes on the wire (built server, demo workspace, Chromium)', rows);
