// What the dashboard's first pages download on the wire (issue 39): each page loaded cold (a new
// browser context, no HTTP cache) in Chromium, counting every response's encodedDataLength
// (compressed body and headers) by type, until the network is idle. Budgets: /loginv2 ≤ 120 KB,
// /dashboard and /conversations ≤ 200 KB of JavaScript and CSS each. The bytes do not depend on the
// amount of data, so the demo workspace on PGlite is enough.
// Run: BENCH_ONLY=dashboard-wire npm run bench (after npm run build).
import { type BrowserContext, chromium } from '@playwright/test';
import { startServer } from './lib/server-process.js';
import { printTable, type Row } from './lib/stats.js';

const PORT = Number(process.env.DASHBOARD_WIRE_PORT ?? 3396);
const KB = 1024;
const kb = (n: number) => `${(n / KB).toFixed(1)} KB`;

interface PageBytes {
  script: number;
  style: number;
  other: number;
  scripts: number;
}

async function measure(context: BrowserContext, url: string, ready: string): Promise<PageBytes> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const types = new Map<string, string>();
  const out: PageBytes = { script: 0, style: 0, other: 0, scripts: 0 };
  cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
  cdp.on('Network.loadingFinished', (e) => {
    const type = types.get(e.requestId);
    if (type === 'Script') {
      out.script += e.encodedDataLength;
      out.scripts += 1;
    } else if (type === 'Stylesheet') out.style += e.encodedDataLength;
    else out.other += e.encodedDataLength;
  });
  await page.goto(url);
  await page.locator(ready).first().waitFor({ timeout: 60_000 });
  await page.waitForLoadState('networkidle');
  await page.close();
  return out;
}

const server = await startServer({ port: PORT, env: { SEED_DEMO: 'true' } });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const rows: Row[] = [];
try {
  const signIn = await browser.newContext();
  const login = await signIn.newPage();
  await login.goto(`${server.base}/loginv2`);
  await login
    .getByRole('textbox', { name: 'Email', exact: true })
    .fill('owner@demo.convo.local', { timeout: 60_000 });
  await login.getByRole('textbox', { name: 'Password', exact: true }).fill('Demo1234');
  await login.getByRole('button', { name: 'Log in' }).click();
  await login.waitForURL((u) => u.pathname === '/dashboard', { timeout: 60_000 });
  const storageState = await signIn.storageState();
  await signIn.close();

  const pages = [
    { path: '/loginv2', signedIn: false, ready: 'button:has-text("Log in")', budget: 120 },
    { path: '/dashboard', signedIn: true, ready: '[data-testid="figure-value"]', budget: 200 },
    { path: '/conversations', signedIn: true, ready: '[data-testid="conversation-row"]', budget: 200 },
  ];
  for (const p of pages) {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
      ...(p.signedIn ? { storageState } : {}),
    });
    const b = await measure(context, `${server.base}${p.path}`, p.ready);
    await context.close();
    const code = b.script + b.style;
    rows.push({
      figure: `${p.path}: JavaScript (${b.scripts} files) + CSS on the wire, cold`,
      value: `${kb(code)} (${kb(b.script)} JS, ${kb(b.style)} CSS; other ${kb(b.other)})`,
      budget: `≤ ${p.budget} KB`,
      pass: code <= p.budget * KB,
    });
  }
} finally {
  await browser.close();
  await server.stop();
}
printTable('Dashboard bytes on the wire (built server, demo workspace, Chromium)', rows);
