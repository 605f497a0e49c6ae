// The help center's budgets (issue 16), on PGlite and (TEST_DATABASE_URL) PostgreSQL, with 10,000
// published articles in one application (plus 2,000 of another): article search p95 < 50 ms
// (the public search-as-you-type route and the dashboard's list search), the public article page's
// time to first byte p95 < 50 ms, and its weight (HTML + CSS + JS, all inline) < 30 KB gzip; and
// the answer bot's widget suggestions (questions as visitors type them) p95, held to the same 50 ms.
// Over real HTTP on loopback, the app in this process. Run: npx tsx bench/help-center.bench.ts
// Sizes: BENCH_HC_ARTICLES (10000), BENCH_REQUESTS per query (40).
import { gzipSync } from 'node:zlib';
import { ANSWER_BOT_PATHS, HELP_CENTER_PATHS, REGISTRATION_PATHS, WIDGET_ANSWER_BOT_PATHS } from '@convo/api';
import { sql } from 'drizzle-orm';
import { createTestApp, newSignup } from '../apps/server/src/testing/test-app.js';
import { testDatabaseKinds } from '../apps/server/src/testing/test-database.js';
import { percentile, printTable, type Row, timeMany } from './lib/stats.js';

const ARTICLES = Number(process.env.BENCH_HC_ARTICLES ?? 10_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 40);
const WORDS = [
  'billing',
  'refund',
  'shipping',
  'password',
  'account',
  'invoice',
  'delivery',
  'return',
  'order',
  'payment',
  'subscription',
  'coupon',
  'address',
  'tracking',
  'warranty',
  'exchange',
  'login',
  'security',
  'profile',
  'notification',
];
// Common words in every article, rare words in one article in fifty, one word in a single article.
const QUERIES = [
  'refund',
  'pass',
  'ship ord',
  'subscription coupon',
  'tracking warr',
  'zebracrossing',
  'nothingmatches',
];

// What visitors type into the widget: whole questions, common words and all.
const QUESTIONS = [
  'How do I get a refund for my order?',
  'my password does not work',
  'where is the tracking number of my delivery',
  'can I change the address of a subscription',
  'zebracrossing',
];

async function seed(
  db: Awaited<ReturnType<typeof createTestApp>>['database']['db'],
  applicationId: string,
  n: number,
) {
  const words = sql.raw(`array[${WORDS.map((w) => `'${w}'`).join(',')}]`);
  await db.execute(sql`
    insert into help_center_articles (application_id, language, title, slug, body_html, body_text, status, position)
    select ${applicationId}, 'en',
      'How to ' || w1 || ' your ' || w2 || ' ' || i,
      'how-to-' || w1 || '-your-' || w2 || '-' || i,
      '<h2>' || w1 || '</h2><p>' || body || '</p><ul><li>' || w2 || ' step one</li><li>step two</li></ul>',
      w1 || ' ' || body || ' ' || w2 || ' step one step two',
      'published', i
    from (
      select i,
        (${words})[1 + i % 20] as w1,
        (${words})[1 + (i / 20) % 20] as w2,
        repeat('Our team answers questions about ' || (${words})[1 + (i * 7) % 20] || ' and ' ||
          (${words})[1 + (i * 3) % 20] || ' every day of the week. ', 12) ||
          case when i = 4242 then ' zebracrossing' else '' end as body
      from generate_series(1, ${n}) as i
    ) s`);
  await db.execute(sql`analyze help_center_articles`);
}

async function benchKind(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  // The app trusts this machine as its reverse proxy, so each search can name the visitor it comes
  // from (X-Forwarded-For): a help center is read by many visitors, and one address's searches are
  // limited to 120 a minute (public-site/routes.ts, SEARCH_LIMIT), which the bench's 40 requests a
  // query from one address would pass and be answered 429.
  const t = await createTestApp(kind, { TRUST_PROXY: '127.0.0.1' });
  try {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const signup = async () => {
      const r = await fetch(`${base}/api/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(newSignup()),
      });
      return ((await r.json()) as { data: { token: string; applicationId: string } }).data;
    };
    const a = await signup();
    const other = await signup();
    const s0 = performance.now();
    await seed(t.database.db, a.applicationId, ARTICLES);
    await seed(t.database.db, other.applicationId, Math.round(ARTICLES / 5));
    process.stdout.write(
      `  ${kind}: seeded ${ARTICLES + Math.round(ARTICLES / 5)} articles in ${Math.round(performance.now() - s0)} ms\n`,
    );

    const site = `${base}/hc/${a.applicationId}`;
    let visitor = 0;
    const get = async (url: string, headers: Record<string, string> = {}) => {
      visitor += 1;
      const from = `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
      const r = await fetch(url, { headers: { ...headers, 'x-forwarded-for': from } });
      if (r.status !== 200) throw new Error(`${url} ${r.status}`);
      return r;
    };
    // Warm the plans and the site cache.
    for (const q of QUERIES)
      await (await get(`${site}/search.json?q=${encodeURIComponent(q)}`)).arrayBuffer();

    const publicSearch: number[] = [];
    const listSearch: number[] = [];
    let hits = 0;
    for (const q of QUERIES) {
      publicSearch.push(
        ...(await timeMany(REQUESTS, async () => {
          const body = (await (await get(`${site}/search.json?q=${encodeURIComponent(q)}`)).json()) as {
            results: unknown[];
          };
          hits += body.results.length;
        })),
      );
      listSearch.push(
        ...(await timeMany(REQUESTS, async () => {
          await (
            await get(`${base}${HELP_CENTER_PATHS.articles}?q=${encodeURIComponent(q)}&limit=50`, {
              authorization: `Bearer ${a.token}`,
            })
          ).arrayBuffer();
        })),
      );
    }
    if (hits === 0) throw new Error('the searches found nothing: the seed is wrong');
    publicSearch.sort((x, y) => x - y);
    listSearch.sort((x, y) => x - y);

    // The answer bot's suggestions, as the widget asks them (a visitor's token; one visitor per
    // question keeps each under the per-visitor rate limit).
    const enabled = await fetch(`${base}${ANSWER_BOT_PATHS.settings}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${a.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ enabled: true, suggestionCount: 3 }),
    });
    if (enabled.status !== 200) throw new Error(`answer bot ${enabled.status}`);
    const suggestions: number[] = [];
    let suggested = 0;
    for (const [i, question] of QUESTIONS.entries()) {
      const reg = await fetch(`${base}${REGISTRATION_PATHS.registerClient}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          userId: `bench-visitor-${i}`,
          applicationId: a.applicationId,
          authenticationTypeId: 0,
        }),
      });
      const visitor = {
        'x-authorization': ((await reg.json()) as { authToken: string }).authToken,
        'application-key': a.applicationId,
      };
      const url = `${base}${WIDGET_ANSWER_BOT_PATHS.suggestions}?q=${encodeURIComponent(question)}&lang=en`;
      await (await get(url, visitor)).arrayBuffer();
      suggestions.push(
        ...(await timeMany(REQUESTS, async () => {
          suggested += ((await (await get(url, visitor)).json()) as { articles: unknown[] }).articles.length;
        })),
      );
    }
    if (suggested === 0) throw new Error('the answer bot suggested nothing: the seed is wrong');
    suggestions.sort((x, y) => x - y);

    // Time to first byte: fetch resolves when the status line and headers are in.
    const ttfb: number[] = [];
    let body = '';
    for (let i = 0; i < REQUESTS * 3; i++) {
      const n = 1 + ((i * 997) % ARTICLES);
      const slug = `how-to-${WORDS[n % 20]}-your-${WORDS[Math.floor(n / 20) % 20]}-${n}`;
      const t0 = performance.now();
      const r = await get(`${site}/articles/${slug}`);
      ttfb.push(performance.now() - t0);
      body = await r.text();
    }
    ttfb.sort((x, y) => x - y);
    const weight = gzipSync(Buffer.from(body), { level: 9 }).byteLength / 1024;
    const external = /<script[^>]+src=|<link[^>]+rel="stylesheet"/.test(body);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    return [
      {
        figure: `${kind}: public search-as-you-type p95 (${QUERIES.length} queries)`,
        value: ms(percentile(publicSearch, 95)),
        budget: '< 50 ms',
        pass: percentile(publicSearch, 95) < 50,
      },
      {
        figure: `${kind}: dashboard article search p95`,
        value: ms(percentile(listSearch, 95)),
        budget: '< 50 ms',
        pass: percentile(listSearch, 95) < 50,
      },
      {
        figure: `${kind}: answer bot widget suggestions p95 (${QUESTIONS.length} questions)`,
        value: ms(percentile(suggestions, 95)),
        budget: '< 50 ms',
        pass: percentile(suggestions, 95) < 50,
      },
      {
        figure: `${kind}: public article page TTFB p50`,
        value: ms(percentile(ttfb, 50)),
        budget: '–',
        pass: null,
      },
      {
        figure: `${kind}: public article page TTFB p95`,
        value: ms(percentile(ttfb, 95)),
        budget: '< 50 ms',
        pass: percentile(ttfb, 95) < 50,
      },
      {
        figure: `${kind}: article page HTML + CSS + JS (gzip, all inline${external ? '; EXTERNAL FILES FOUND' : ''})`,
        value: `${weight.toFixed(2)} KB`,
        budget: '< 30 KB',
        pass: weight < 30 && !external,
      },
    ];
  } finally {
    await t.close();
  }
}

const rows: Row[] = [];
for (const kind of testDatabaseKinds()) rows.push(...(await benchKind(kind)));
printTable(`Help center (${ARTICLES} articles in one application)`, rows);
