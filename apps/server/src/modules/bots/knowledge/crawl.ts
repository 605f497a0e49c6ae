import { XMLParser } from 'fast-xml-parser';
import { z } from 'zod';
import { outbound, outboundErrorIn } from '../../../platform/outbound/index.js';
import { KnowledgeError } from './errors.js';
import { htmlToText } from './parsers/html.js';
import type { TextPart } from './parsers/index.js';
import { pdfPagesInWorker } from './parsers/isolated.js';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from './parsers/limits.js';
import { decodeText } from './parsers/sniff.js';

// Fetching a knowledge source's pages: one address, or the pages a sitemap lists (sitemap indexes
// included), each with a timeout, a byte cap and at most 5 redirects followed by hand so a loop is
// named as one. A sitemap is read only until it has listed enough pages: one of 100,000 URLs is
// never downloaded whole.

export const PAGE_TIMEOUT_MS = 10_000;
export const MAX_PAGE_BYTES = 5 * 1024 * 1024;
export const MAX_SITEMAP_BYTES = 10 * 1024 * 1024;
export const MAX_REDIRECTS = 5;
/** Child sitemaps of an index read at most (each one fetched is one more request). */
export const MAX_CHILD_SITEMAPS = 50;
const USER_AGENT = 'ConvoKnowledgeBot/1.0 (+https://github.com/convo)';

export interface FetchOptions {
  timeoutMs?: number | undefined;
  maxBytes?: number | undefined;
  maxRedirects?: number | undefined;
  /** The server's outbound guard by default (platform/outbound): an admin's URL never reaches its network. */
  fetch?: typeof fetch | undefined;
  /** Cancels everything (the job's overall deadline). */
  signal?: AbortSignal | undefined;
}

export interface Fetched {
  /** The address asked for. */
  url: string;
  /** The address the body came from, after redirects. */
  finalUrl: string;
  contentType: string;
  bytes: Uint8Array;
}

const causeCode = (err: unknown): string => {
  const cause = err instanceof Error ? (err as { cause?: unknown }).cause : undefined;
  const code = cause && typeof cause === 'object' ? (cause as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : '';
};

const NETWORK_REASONS: Record<string, string> = {
  ECONNREFUSED: 'the connection was refused',
  ENOTFOUND: 'the host name does not exist',
  EAI_AGAIN: 'the host name could not be resolved',
  ECONNRESET: 'the connection was reset',
  EHOSTUNREACH: 'the host is unreachable',
  ENETUNREACH: 'the network is unreachable',
  CERT_HAS_EXPIRED: 'its TLS certificate has expired',
  DEPTH_ZERO_SELF_SIGNED_CERT: 'its TLS certificate is self-signed',
  ERR_TLS_CERT_ALTNAME_INVALID: 'its TLS certificate is for another name',
};

const seconds = (ms: number) => Number((ms / 1000).toFixed(1));

function networkError(url: string, err: unknown, timeoutMs: number, outer?: AbortSignal): KnowledgeError {
  if (err instanceof KnowledgeError) return err;
  if (outer?.aborted) return new KnowledgeError('Crawling took too long and was stopped.');
  const name = err instanceof Error ? err.name : '';
  if (name === 'TimeoutError' || name === 'AbortError') {
    return new KnowledgeError(`${url} did not answer within ${seconds(timeoutMs)} s.`);
  }
  // The guard's refusal and a failed connection read the same: what answered is not told.
  const refused = outboundErrorIn(err);
  if (refused) return new KnowledgeError(`Could not reach ${url}: ${refused.message}.`);
  const code = causeCode(err);
  const reason = NETWORK_REASONS[code] ?? (code ? code : 'the request failed');
  return new KnowledgeError(`Could not reach ${url}: ${reason}.`);
}

const sizeLabel = (bytes: number) => `${Number((bytes / (1024 * 1024)).toFixed(1))} MB`;

/**
 * Reads a body up to `maxBytes`. Over the cap: throws, or with `stopWhen`/`truncate` returns what
 * was read so far. `stopWhen` ends the read early once the caller has what it needs.
 */
async function readCapped(
  url: string,
  res: Response,
  maxBytes: number,
  mode: { truncate: boolean; stopWhen?: ((chunk: Uint8Array) => boolean) | undefined },
): Promise<Uint8Array> {
  const declared = Number(res.headers.get('content-length') ?? '');
  if (!mode.truncate && Number.isFinite(declared) && declared > maxBytes) {
    await res.body?.cancel();
    throw new KnowledgeError(`${url} is larger than ${sizeLabel(maxBytes)}.`);
  }
  if (!res.body) return new Uint8Array();
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      const room = maxBytes - size;
      if (value.length > room) {
        if (!mode.truncate) throw new KnowledgeError(`${url} is larger than ${sizeLabel(maxBytes)}.`);
        chunks.push(value.subarray(0, room));
        size += room;
        break;
      }
      chunks.push(value);
      size += value.length;
      if (mode.stopWhen?.(value)) break;
    }
  } finally {
    // Stops the download of whatever is left (a huge sitemap, an endless stream).
    await reader.cancel().catch(() => undefined);
  }
  return Buffer.concat(chunks);
}

export interface FetchResourceOptions extends FetchOptions {
  /** Keep the first `maxBytes` of a larger body instead of failing (sitemaps). */
  truncate?: boolean | undefined;
  stopWhen?: ((chunk: Uint8Array) => boolean) | undefined;
}

/** GETs an http(s) address, following at most `maxRedirects` redirects and naming loops. */
export async function fetchResource(url: string, opts: FetchResourceOptions = {}): Promise<Fetched> {
  const send = opts.fetch ?? outbound.fetch;
  const timeoutMs = opts.timeoutMs ?? PAGE_TIMEOUT_MS;
  const maxRedirects = opts.maxRedirects ?? MAX_REDIRECTS;
  const seen = new Set<string>();
  let current = url;
  for (let hop = 0; ; hop++) {
    const parsed = URL.canParse(current) ? new URL(current) : null;
    if (!parsed || (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')) {
      throw new KnowledgeError(`${current} is not an http:// or https:// address.`);
    }
    parsed.hash = '';
    current = parsed.href;
    if (seen.has(current)) throw new KnowledgeError(`${url} redirects in a loop (back to ${current}).`);
    seen.add(current);
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = opts.signal ? AbortSignal.any([timeout, opts.signal]) : timeout;
    try {
      const res = await send(current, {
        redirect: 'manual',
        signal,
        headers: {
          'user-agent': USER_AGENT,
          accept:
            'text/html,application/xhtml+xml,application/xml,text/plain,application/pdf;q=0.9,*/*;q=0.5',
        },
      });
      if (res.status >= 300 && res.status < 400 && res.headers.has('location')) {
        await res.body?.cancel();
        if (hop >= maxRedirects)
          throw new KnowledgeError(`${url} redirects more than ${maxRedirects} times.`);
        current = new URL(res.headers.get('location') ?? '', current).href;
        continue;
      }
      if (!res.ok) {
        await res.body?.cancel();
        throw new KnowledgeError(`${current} answered HTTP ${res.status}.`);
      }
      const bytes = await readCapped(current, res, opts.maxBytes ?? MAX_PAGE_BYTES, {
        truncate: opts.truncate ?? false,
        stopWhen: opts.stopWhen,
      });
      const contentType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      return { url, finalUrl: current, contentType, bytes };
    } catch (err) {
      throw networkError(current, err, timeoutMs, opts.signal);
    }
  }
}

/**
 * The text of a fetched page: HTML, plain text or markdown (read here: their size is the page's,
 * capped by MAX_PAGE_BYTES), or a PDF (read in the parsing process under `limits`).
 */
export async function pageParts(
  page: Fetched,
  limits: ParseLimits = DEFAULT_PARSE_LIMITS,
): Promise<TextPart[]> {
  const { contentType, finalUrl } = page;
  const looksLikePdf = Buffer.from(page.bytes.subarray(0, 1024)).indexOf('%PDF-') >= 0;
  if (contentType === 'application/pdf' || (looksLikePdf && !contentType.startsWith('text/html'))) {
    const name = decodeURIComponent(new URL(finalUrl).pathname.split('/').pop() || finalUrl);
    const pages = await pdfPagesInWorker(name, page.bytes, limits);
    return pages.map((text, i) => ({ text, url: finalUrl, title: name, page: i + 1 }));
  }
  const isHtml = contentType === 'text/html' || contentType === 'application/xhtml+xml' || contentType === '';
  const isText = contentType === 'text/plain' || contentType === 'text/markdown';
  if (!isHtml && !isText) {
    throw new KnowledgeError(`${finalUrl} is not a web page, text or PDF (it is ${contentType}).`);
  }
  const text = decodeText(page.bytes);
  if (text === null) throw new KnowledgeError(`${finalUrl} is not a web page: it holds binary data.`);
  if (isText) return [{ text, url: finalUrl, title: null }];
  const html = htmlToText(text);
  return [{ text: html.text, url: finalUrl, title: html.title }];
}

export interface SitemapListing {
  /** Page addresses, at most the page limit, in the sitemap's order. */
  urls: string[];
  /** The sitemap listed more pages than the limit (or was cut at its byte cap). */
  truncated: boolean;
}

const locSchema = z.object({ loc: z.union([z.string(), z.number()]).transform(String) }).passthrough();
const xml = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  processEntities: true,
  isArray: (name) => name === 'url' || name === 'sitemap',
});

function locs(entries: unknown): string[] {
  if (!Array.isArray(entries)) return [];
  const out: string[] = [];
  for (const entry of entries) {
    const parsed = locSchema.safeParse(entry);
    if (parsed.success) out.push(parsed.data.loc.trim());
  }
  return out;
}

/**
 * Closes a sitemap cut short (byte cap or early stop) after its last whole entry, so the entries
 * read so far parse.
 */
export function closeTruncatedSitemap(text: string): string {
  const root = /<((?:[\w-]+:)?(urlset|sitemapindex))[\s>]/.exec(text);
  if (!root) return text;
  const [, rootName, kind] = root as unknown as [string, string, string];
  if (new RegExp(`</${rootName}\\s*>`).test(text)) return text;
  const tag = kind === 'urlset' ? 'url' : 'sitemap';
  let end = text.indexOf('>', root.index) + 1;
  for (const m of text.matchAll(new RegExp(`</(?:[\\w-]+:)?${tag}\\s*>`, 'g'))) end = m.index + m[0].length;
  return `${text.slice(0, end)}</${rootName}>`;
}

function isWebUrl(s: string): boolean {
  if (!URL.canParse(s)) return false;
  const protocol = new URL(s).protocol;
  return protocol === 'http:' || protocol === 'https:';
}

/** Reads a sitemap (or sitemap index) until it lists `pageLimit` pages. */
export async function readSitemap(
  url: string,
  pageLimit: number,
  opts: FetchOptions = {},
): Promise<SitemapListing> {
  const urls: string[] = [];
  const seenPages = new Set<string>();
  const queue = [url];
  const seenSitemaps = new Set<string>();
  let truncated = false;
  let fetchedSitemaps = 0;
  while (queue.length > 0) {
    const next = queue.shift()!;
    if (seenSitemaps.has(next)) continue;
    seenSitemaps.add(next);
    if (fetchedSitemaps > MAX_CHILD_SITEMAPS) {
      truncated = true;
      break;
    }
    fetchedSitemaps += 1;
    // Stop reading once one page more than still needed has been listed: enough to know there are more.
    const needed = pageLimit - urls.length + 1;
    let closings = 0;
    let tail = '';
    const fetched = await fetchResource(next, {
      ...opts,
      maxBytes: MAX_SITEMAP_BYTES,
      truncate: true,
      stopWhen: (chunk) => {
        const text = tail + Buffer.from(chunk).toString('latin1');
        closings += (text.match(/<\/(?:[\w-]+:)?url>/g) ?? []).length;
        tail = text.slice(-16).replace(/^[^<]*/, '');
        closings -= (tail.match(/<\/(?:[\w-]+:)?url>/g) ?? []).length;
        return closings >= needed;
      },
    });
    // Lenient: a sitemap cut at its byte cap may end inside a character.
    const text = Buffer.from(fetched.bytes).toString('utf8');
    if (!/<(?:[\w-]+:)?(urlset|sitemapindex)[\s>]/.test(text)) {
      throw new KnowledgeError(`${next} is not a sitemap: it has no <urlset> or <sitemapindex>.`);
    }
    let doc: Record<string, unknown>;
    try {
      doc = xml.parse(closeTruncatedSitemap(text)) as Record<string, unknown>;
    } catch {
      throw new KnowledgeError(`${next} is not a valid sitemap: its XML is malformed.`);
    }
    const index = doc.sitemapindex as Record<string, unknown> | undefined;
    const set = doc.urlset as Record<string, unknown> | undefined;
    if (index) {
      for (const loc of locs(index.sitemap)) if (isWebUrl(loc)) queue.push(new URL(loc, next).href);
      continue;
    }
    for (const loc of locs(set?.url)) {
      if (!isWebUrl(loc) || seenPages.has(loc)) continue;
      if (urls.length >= pageLimit) {
        truncated = true;
        break;
      }
      seenPages.add(loc);
      urls.push(loc);
    }
    if (fetched.bytes.length >= MAX_SITEMAP_BYTES) truncated = true;
    if (urls.length >= pageLimit) {
      if (queue.length > 0) truncated = true;
      break;
    }
  }
  return { urls, truncated };
}

export interface CrawlResult {
  parts: TextPart[];
  /** Pages that could not be fetched or read, with the reason. */
  failures: { url: string; error: string }[];
  /** The deadline stopped the crawl before every page was fetched. */
  stoppedEarly: boolean;
}

export interface CrawlOptions extends FetchOptions {
  concurrency?: number | undefined;
  /** What a crawled PDF may cost to read (PARSE_* settings). */
  parseLimits?: ParseLimits | undefined;
  onProgress?: ((done: number, total: number) => void | Promise<void>) | undefined;
}

/** Fetches and reads pages a few at a time; a page that fails is skipped and reported. */
export async function crawlPages(urls: readonly string[], opts: CrawlOptions = {}): Promise<CrawlResult> {
  const parts: TextPart[][] = new Array(urls.length);
  const failures: { url: string; error: string }[] = [];
  let next = 0;
  let done = 0;
  let stoppedEarly = false;
  const worker = async () => {
    for (;;) {
      if (opts.signal?.aborted) {
        stoppedEarly = next < urls.length;
        return;
      }
      const i = next++;
      if (i >= urls.length) return;
      const url = urls[i]!;
      try {
        parts[i] = await pageParts(await fetchResource(url, opts), opts.parseLimits);
      } catch (err) {
        if (opts.signal?.aborted) {
          stoppedEarly = true;
          return;
        }
        failures.push({ url, error: err instanceof KnowledgeError ? err.message : 'could not be read' });
      }
      done += 1;
      await opts.onProgress?.(done, urls.length);
    }
  };
  await Promise.all(
    Array.from({ length: Math.min(opts.concurrency ?? 4, Math.max(urls.length, 1)) }, worker),
  );
  return { parts: parts.filter(Boolean).flat(), failures, stoppedEarly };
}
