import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutbound, policyOf } from '../../../platform/outbound/index.js';
import { closeTruncatedSitemap, crawlPages, fetchResource, pageParts, readSitemap } from './crawl.js';
import { KnowledgeError } from './errors.js';
import { DEFAULT_PARSE_LIMITS } from './parsers/limits.js';
import { buildPdf, buildPdfBomb } from './test-documents.js';

// The crawler against a real HTTP server on 127.0.0.1: pages, redirects (a loop, a long chain),
// a slow page, a page too large, and a sitemap of 100,000 URLs that must not be read whole.

/** The test server is on 127.0.0.1, which the crawler's guard refuses unless the operator allows it. */
const LOCAL = { fetch: createOutbound({ policy: () => policyOf(['127.0.0.1']) }).fetch } as const;
let server: Server;
let base = '';
const hugeSitemap = { bytesSent: 0, finished: false };
const PDF = buildPdf(['Our store opens at nine.']);

function page(title: string, body: string) {
  return `<!doctype html><html><head><title>${title}</title></head><body><h1>${title}</h1><p>${body}</p></body></html>`;
}

const urlset = (urls: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls
    .map((u) => `<url><loc>${u}</loc><lastmod>2026-01-01</lastmod></url>`)
    .join('\n')}</urlset>`;

beforeAll(async () => {
  const pdf = await PDF;
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base);
    const path = url.pathname;
    const html = (body: string) =>
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    if (path.startsWith('/pages/'))
      return html(page(`Page ${path.slice(7)}`, `Content of ${path.slice(7)}.`));
    if (path === '/loop/a') return res.writeHead(302, { location: '/loop/b' }).end();
    if (path === '/loop/b') return res.writeHead(301, { location: `${base}/loop/a` }).end();
    if (path.startsWith('/chain/')) {
      const n = Number(path.slice(7));
      return res.writeHead(302, { location: `/chain/${n + 1}` }).end();
    }
    if (path === '/moved') return res.writeHead(308, { location: '/pages/target' }).end();
    if (path === '/slow') {
      const timer = setTimeout(() => html(page('Slow', 'finally')), 3000);
      res.on('close', () => clearTimeout(timer));
      return;
    }
    if (path === '/big') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(`<p>${'x'.repeat(300_000)}</p>`);
      return;
    }
    if (path === '/image.png')
      return res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from([0x89, 0x50]));
    if (path === '/doc.pdf')
      return res.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from(pdf));
    if (path === '/text.txt')
      return res.writeHead(200, { 'content-type': 'text/plain' }).end('Plain words here.');
    if (path === '/sitemap.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(
        urlset([`${base}/pages/one`, `${base}/pages/two`, `${base}/missing`, `${base}/pages/one`]),
      );
    }
    if (path === '/sitemap-index.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' });
      return res.end(
        `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` +
          `<sitemap><loc>${base}/child-1.xml</loc></sitemap><sitemap><loc>${base}/child-2.xml</loc></sitemap></sitemapindex>`,
      );
    }
    if (path === '/child-1.xml')
      return res.writeHead(200).end(urlset([`${base}/pages/a`, `${base}/pages/b`]));
    if (path === '/child-2.xml')
      return res.writeHead(200).end(urlset([`${base}/pages/c`, `${base}/pages/d`]));
    if (path === '/not-a-sitemap.xml') return html(page('Hello', 'not xml'));
    if (path === '/huge-sitemap.xml') {
      // 100,000 URLs (about 7 MB) written as the client reads them: how much went out is measured.
      res.writeHead(200, { 'content-type': 'application/xml' });
      let i = 0;
      hugeSitemap.bytesSent = 0;
      hugeSitemap.finished = false;
      const write = () => {
        while (i < 100_000) {
          let chunk =
            i === 0
              ? '<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">'
              : '';
          for (let j = 0; j < 500 && i < 100_000; j++, i++)
            chunk += `<url><loc>${base}/pages/p${i}</loc></url>\n`;
          if (i >= 100_000) chunk += '</urlset>';
          hugeSitemap.bytesSent += chunk.length;
          if (!res.write(chunk)) return res.once('drain', write);
        }
        hugeSitemap.finished = true;
        res.end();
      };
      res.on('error', () => undefined);
      write();
      return;
    }
    res.writeHead(404).end('not found');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(KnowledgeError);
    return (err as Error).message;
  }
  throw new Error('expected a KnowledgeError');
}

describe('fetchResource', () => {
  it('fetches a page and follows a redirect', async () => {
    const page = await fetchResource(`${base}/moved`, LOCAL);
    expect(page.finalUrl).toBe(`${base}/pages/target`);
    expect(page.contentType).toBe('text/html');
    const [part] = await pageParts(page);
    expect(part).toMatchObject({ url: `${base}/pages/target`, title: 'Page target' });
    expect(part!.text).toContain('Content of target.');
  });

  it('names a redirect loop', async () => {
    expect(await failure(fetchResource(`${base}/loop/a`, LOCAL))).toBe(
      `${base}/loop/a redirects in a loop (back to ${base}/loop/a).`,
    );
  });

  it('follows at most 5 redirects', async () => {
    expect(await failure(fetchResource(`${base}/chain/0`, LOCAL))).toBe(
      `${base}/chain/0 redirects more than 5 times.`,
    );
  });

  it('gives up on a slow page at its timeout', async () => {
    const started = Date.now();
    expect(await failure(fetchResource(`${base}/slow`, { ...LOCAL, timeoutMs: 300 }))).toBe(
      `${base}/slow did not answer within 0.3 s.`,
    );
    expect(Date.now() - started).toBeLessThan(2500);
  });

  it('refuses a page over its byte cap', async () => {
    expect(await failure(fetchResource(`${base}/big`, { ...LOCAL, maxBytes: 100_000 }))).toBe(
      `${base}/big is larger than 0.1 MB.`,
    );
  });

  it('says what an error status or an unreachable host is', async () => {
    expect(await failure(fetchResource(`${base}/nothing-here`, LOCAL))).toBe(
      `${base}/nothing-here answered HTTP 404.`,
    );
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    // What answered (a closed port here) is not told: it reads as any unreachable address.
    expect(await failure(fetchResource(`http://127.0.0.1:${port}/`, LOCAL))).toBe(
      `Could not reach http://127.0.0.1:${port}/: could not reach the address.`,
    );
    expect(await failure(fetchResource('ftp://example.com/file', LOCAL))).toContain(
      'is not an http:// or https:// address',
    );
  });

  it('reads PDFs and text, and refuses other content types', async () => {
    const pdf = await pageParts(await fetchResource(`${base}/doc.pdf`, LOCAL));
    expect(pdf[0]).toMatchObject({ url: `${base}/doc.pdf`, page: 1, title: 'doc.pdf' });
    expect(pdf[0]!.text).toContain('Our store opens at nine.');
    const text = await pageParts(await fetchResource(`${base}/text.txt`, LOCAL));
    expect(text[0]!.text).toBe('Plain words here.');
    expect(await failure(fetchResource(`${base}/image.png`, LOCAL).then(pageParts))).toBe(
      `${base}/image.png is not a web page, text or PDF (it is image/png).`,
    );
  });
});

describe('a crawled PDF bomb', () => {
  it('is read in the parsing process: it fails as a page, the crawler process keeps its memory', async () => {
    const bomb = buildPdfBomb(300 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    // The peak resident size of this process (KB): unpacking 300 MB here would raise it.
    const peakBefore = process.resourceUsage().maxRSS;
    const page = {
      url: 'https://example.com/bomb.pdf',
      finalUrl: 'https://example.com/bomb.pdf',
      contentType: 'application/pdf',
      bytes: bomb,
    };
    const limits = { ...DEFAULT_PARSE_LIMITS, memoryMb: 128, timeoutMs: 5_000 };
    const error = await pageParts(page, limits).then(
      () => null,
      (err: unknown) => err,
    );
    expect(error).toBeInstanceOf(KnowledgeError);
    expect((error as KnowledgeError).detail?.code).toMatch(/^PARSE_/);
    expect(process.resourceUsage().maxRSS - peakBefore).toBeLessThan(150 * 1024);
  }, 60_000);
});

describe('private networks', () => {
  it('are refused by the guard unless the operator allows them, redirects included', async () => {
    // The test server itself is refused without the allowance, like the same error as any unreachable address.
    expect(await failure(fetchResource(`${base}/pages/one`))).toBe(
      `Could not reach ${base}/pages/one: could not reach the address.`,
    );
    for (const url of [
      'http://10.1.2.3/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[::1]:8080/',
      'http://[::ffff:192.168.0.1]/',
      'http://localhost/',
    ]) {
      expect(await failure(fetchResource(url))).toBe(
        `Could not reach ${new URL(url).href}: could not reach the address.`,
      );
    }
    // An allowed first hop cannot redirect into a network that is not allowed.
    const only127002 = { fetch: createOutbound({ policy: () => policyOf(['127.0.0.2']) }).fetch };
    const second = createServer((_req, res) => res.writeHead(302, { location: `${base}/pages/one` }).end());
    await new Promise<void>((resolve) => second.listen(0, '127.0.0.2', resolve));
    const hop = `http://127.0.0.2:${(second.address() as AddressInfo).port}/`;
    try {
      expect(await failure(fetchResource(hop, only127002))).toBe(
        `Could not reach ${base}/pages/one: could not reach the address.`,
      );
    } finally {
      await new Promise((resolve) => second.close(resolve));
    }
  });
});

describe('readSitemap', () => {
  it('lists the pages of a sitemap once each', async () => {
    const listing = await readSitemap(`${base}/sitemap.xml`, 50, LOCAL);
    expect(listing).toEqual({
      urls: [`${base}/pages/one`, `${base}/pages/two`, `${base}/missing`],
      truncated: false,
    });
  });

  it('follows a sitemap index and stops at the page limit', async () => {
    expect(await readSitemap(`${base}/sitemap-index.xml`, 50, LOCAL)).toEqual({
      urls: ['a', 'b', 'c', 'd'].map((p) => `${base}/pages/${p}`),
      truncated: false,
    });
    expect(await readSitemap(`${base}/sitemap-index.xml`, 3, LOCAL)).toEqual({
      urls: ['a', 'b', 'c'].map((p) => `${base}/pages/${p}`),
      truncated: true,
    });
  });

  it('cuts a sitemap of 100,000 URLs at the limit without downloading it whole', async () => {
    // Counts the bytes the crawler actually pulls from the response body.
    let consumed = 0;
    const countingFetch: typeof fetch = async (input, init) => {
      const res = await fetch(input, init);
      if (!res.body) return res;
      const counted = res.body.pipeThrough(
        new TransformStream<Uint8Array, Uint8Array>({
          transform(chunk, controller) {
            consumed += chunk.length;
            controller.enqueue(chunk);
          },
        }),
      );
      return new Response(counted, { status: res.status, headers: res.headers });
    };
    const listing = await readSitemap(`${base}/huge-sitemap.xml`, 500, { ...LOCAL, fetch: countingFetch });
    expect(listing.urls).toHaveLength(500);
    expect(listing.urls[499]).toBe(`${base}/pages/p499`);
    expect(listing.truncated).toBe(true);
    // 500 entries are about 25 KB; the read stops within a chunk or two of them (of about 5 MB).
    expect(consumed).toBeLessThan(300_000);
    await new Promise((r) => setTimeout(r, 100));
    expect(hugeSitemap.finished).toBe(false);
  });

  it('says a page that is not a sitemap is not one', async () => {
    expect(await failure(readSitemap(`${base}/not-a-sitemap.xml`, 10, LOCAL))).toBe(
      `${base}/not-a-sitemap.xml is not a sitemap: it has no <urlset> or <sitemapindex>.`,
    );
  });

  it('closes a sitemap cut in the middle after its last whole entry', () => {
    expect(closeTruncatedSitemap('<urlset a="1"><url><loc>x</loc></url><url><loc>y')).toBe(
      '<urlset a="1"><url><loc>x</loc></url></urlset>',
    );
    expect(closeTruncatedSitemap('<sitemapindex><sitemap><loc>x</loc></sitemap><sitem')).toBe(
      '<sitemapindex><sitemap><loc>x</loc></sitemap></sitemapindex>',
    );
    expect(closeTruncatedSitemap('<urlset><url><loc>x</loc></url></urlset>')).toBe(
      '<urlset><url><loc>x</loc></url></urlset>',
    );
  });
});

describe('crawlPages', () => {
  it('reads every page it can, reports the others and its progress', async () => {
    const progress: [number, number][] = [];
    const result = await crawlPages([`${base}/pages/one`, `${base}/missing`, `${base}/pages/two`], {
      ...LOCAL,
      concurrency: 2,
      onProgress: (done, total) => {
        progress.push([done, total]);
      },
    });
    expect(result.parts.map((p) => p.title)).toEqual(['Page one', 'Page two']);
    expect(result.failures).toEqual([
      { url: `${base}/missing`, error: `${base}/missing answered HTTP 404.` },
    ]);
    expect(result.stoppedEarly).toBe(false);
    expect(progress.at(-1)).toEqual([3, 3]);
  });

  it('stops at its deadline and says so', async () => {
    const result = await crawlPages([`${base}/slow`, `${base}/slow`, `${base}/pages/late`], {
      ...LOCAL,
      concurrency: 1,
      signal: AbortSignal.timeout(200),
    });
    expect(result.stoppedEarly).toBe(true);
    expect(result.parts).toEqual([]);
  });
});
