import { z } from 'zod';
import type { Db } from '../../../platform/db/database.js';
import { type Job, type JobHandler, PermanentJobError } from '../../../platform/jobs/job-queue.js';
import type { FileStorage } from '../../../platform/storage/storage.js';
import { crawlPages, type FetchOptions, fetchResource, pageParts, readSitemap } from './crawl.js';
import { type Embedder, passageEmbeddingText } from './embeddings.js';
import { KnowledgeError } from './errors.js';
import { HELP_CENTER_KIND, helpCenterParts } from './help-center-source.js';
import type { TextPart } from './parsers/index.js';
import { parseInWorker } from './parsers/isolated.js';
import { DEFAULT_PARSE_LIMITS, limitErrors, type ParseLimits } from './parsers/limits.js';
import { passagesOf } from './passages.js';
import * as repo from './repository.js';

// The worker role's `knowledge.index` queue: reads a source (stored upload, page or sitemap),
// splits it into passages and writes them in one transaction at the end, so a source is either
// fully indexed or has no passages at all. A KnowledgeError fails the source at once with its
// message; anything else is retried by the queue and reported generically on the last attempt.
// An uploaded document is parsed in a child process under the parse limits (parsers/isolated.ts).

export { KNOWLEDGE_INDEX_ATTEMPTS, KNOWLEDGE_INDEX_QUEUE } from './indexing-queue.js';
/**
 * A whole crawl's time budget: under the job queue's 60 s claim, so a live worker never has its
 * job taken over. Pages not fetched by then are left out and the source says so.
 */
export const CRAWL_BUDGET_MS = 50_000;

const payloadSchema = z.object({ sourceId: z.uuid() });

export interface IndexingDeps {
  db: Db;
  /** Where uploads are stored; documents fail clearly without it. */
  storage?: FileStorage | undefined;
  fetch?: typeof fetch | undefined;
  /** Per page (default 10 s). */
  pageTimeoutMs?: number | undefined;
  crawlBudgetMs?: number | undefined;
  log?: { warn(obj: object, msg?: string): void } | undefined;
  /** Base of the help-center import's article links (PUBLIC_URL); relative links without. */
  publicUrl?: string | undefined;
  /** What one uploaded file may cost to parse (PARSE_* settings); the defaults otherwise. */
  parseLimits?: ParseLimits | undefined;
  /** The embeddings provider (hybrid retrieval); passages are keyword-searched alone without it. */
  embedder?: Embedder | null | undefined;
}

interface Collected {
  /** The passages, already split (an uploaded document's, by its parsing process). */
  passages: repo.NewPassage[];
  notes: string[];
}

async function readStored(storage: FileStorage | undefined, key: string | null): Promise<Uint8Array> {
  if (!storage || !key) throw new KnowledgeError('The uploaded file is no longer stored: upload it again.');
  const object = await storage.get(key);
  if (!object) throw new KnowledgeError('The uploaded file is no longer stored: upload it again.');
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** Writes progress at most every 250 ms (a sitemap of 500 fast pages is not 500 updates). */
function progressWriter(deps: IndexingDeps, source: repo.SourceRow) {
  let last = 0;
  return async (done: number, total: number, force = false) => {
    const now = Date.now();
    if (!force && now - last < 250 && done < total) return;
    last = now;
    await repo.updateSource(deps.db, source.applicationId, source.id, {
      progressDone: done,
      progressTotal: total,
    });
  };
}

async function collect(deps: IndexingDeps, source: repo.SourceRow, signal: AbortSignal): Promise<Collected> {
  const progress = progressWriter(deps, source);
  const fetchOpts: FetchOptions = {
    fetch: deps.fetch,
    timeoutMs: deps.pageTimeoutMs,
    signal,
  };
  const limits = deps.parseLimits ?? DEFAULT_PARSE_LIMITS;
  const split = (parts: readonly TextPart[]) =>
    passagesOf(parts, limits.maxPassages, () => {
      throw limitErrors.tooManyPassages(limits.maxPassages);
    });
  if (source.kind === 'document') {
    await progress(0, 1, true);
    const parsed = await parseInWorker(source.name, await readStored(deps.storage, source.fileKey), limits);
    await progress(parsed.parts, parsed.parts, true);
    return { passages: parsed.passages, notes: [] };
  }
  if (source.kind === HELP_CENTER_KIND) {
    await progress(0, 1, true);
    const parts = await helpCenterParts(deps.db, source.applicationId, deps.publicUrl);
    await progress(parts.length, parts.length, true);
    return { passages: split(parts), notes: [] };
  }
  if (source.kind === 'url') {
    await progress(0, 1, true);
    const parts = await pageParts(await fetchResource(source.url ?? '', fetchOpts), limits);
    await progress(1, 1, true);
    return { passages: split(parts), notes: [] };
  }
  const limit = source.pageLimit ?? 50;
  const listing = await readSitemap(source.url ?? '', limit, fetchOpts);
  if (listing.urls.length === 0) throw new KnowledgeError('The sitemap lists no pages.');
  await progress(0, listing.urls.length, true);
  const crawl = await crawlPages(listing.urls, {
    ...fetchOpts,
    parseLimits: limits,
    onProgress: (done, total) => progress(done, total),
  });
  const fetched = listing.urls.length - crawl.failures.length;
  if (crawl.parts.length === 0) {
    const first = crawl.failures[0];
    throw new KnowledgeError(
      crawl.stoppedEarly
        ? 'Crawling took too long and was stopped before any page was read.'
        : `None of the ${listing.urls.length} pages could be read${first ? ` (${first.error})` : ''}.`,
    );
  }
  const notes: string[] = [];
  if (listing.truncated) {
    notes.push(`The sitemap lists more than ${limit} pages: only the first ${limit} were crawled.`);
  }
  if (crawl.stoppedEarly)
    notes.push(
      `Crawling was stopped after ${Math.round((deps.crawlBudgetMs ?? CRAWL_BUDGET_MS) / 1000)} s: some pages were left out.`,
    );
  if (crawl.failures.length > 0) {
    const first = crawl.failures[0]!;
    notes.push(
      `${crawl.failures.length} of ${listing.urls.length} pages could not be read (first: ${first.error})`,
    );
  }
  await progress(fetched, listing.urls.length, true);
  return { passages: split(crawl.parts), notes };
}

async function fail(
  db: Db,
  source: repo.SourceRow,
  message: string,
  detail: KnowledgeError['detail'] = null,
) {
  await db.transaction(async (tx) => {
    const locked = await repo.lockSource(tx, source.applicationId, source.id);
    if (!locked) return;
    await repo.deletePassages(tx, source.applicationId, source.id);
    await repo.updateSource(tx, source.applicationId, source.id, {
      status: 'failed',
      error: message,
      errorDetail: detail,
      passageCount: 0,
    });
  });
}

/** Indexes one source now (the job handler's body; the bench and tests call it directly too). */
export async function indexSource(
  deps: IndexingDeps,
  applicationId: string,
  sourceId: string,
  opts: {
    lastAttempt: boolean;
    /** A later attempt of the job (the earlier one ended without recording an outcome, or failed). */
    previousAttemptLost?: boolean | undefined;
  } = { lastAttempt: true },
): Promise<void> {
  const source = await repo.findSource(deps.db, applicationId, sourceId);
  // Deleted since it was queued: nothing to do.
  if (!source) return;
  // Still "indexing" on a later attempt: the process that was reading this upload died with it
  // (the parse limits exist so it cannot, but a file must not get a second try at it).
  if (source.kind === 'document' && source.status === 'indexing' && opts.previousAttemptLost) {
    const err = limitErrors.crashed();
    await fail(deps.db, source, err.message, err.detail);
    return;
  }
  await repo.updateSource(deps.db, applicationId, sourceId, {
    status: 'indexing',
    error: null,
    errorDetail: null,
  });
  const signal = AbortSignal.timeout(deps.crawlBudgetMs ?? CRAWL_BUDGET_MS);
  try {
    const { passages, notes } = await collect(deps, source, signal);
    if (passages.length === 0) throw new KnowledgeError('No text was found to index.');
    await deps.db.transaction(async (tx) => {
      const locked = await repo.lockSource(tx, applicationId, sourceId);
      if (!locked) return;
      await repo.replacePassages(tx, locked, passages);
      await repo.updateSource(tx, applicationId, sourceId, {
        status: 'ready',
        // A source that was indexed keeps its remarks in `error` (shown as a note, not a failure).
        error: notes.length > 0 ? notes.join(' ') : null,
        passageCount: passages.length,
      });
    });
    if (deps.embedder) await embedSource(deps, deps.embedder, source, signal);
  } catch (err) {
    if (err instanceof KnowledgeError) {
      await fail(deps.db, source, err.message, err.detail);
      return;
    }
    deps.log?.warn({ err, sourceId }, 'knowledge indexing failed');
    if (!opts.lastAttempt) {
      await repo.updateSource(deps.db, applicationId, sourceId, { status: 'pending' });
      throw err;
    }
    await fail(deps.db, source, 'Indexing failed unexpectedly: try again with Re-crawl.');
  }
}

/**
 * Embeds the source's passages after they are written. A provider failure leaves the source
 * ready with keyword search alone (its passages are embedded again on the next indexing).
 */
export async function embedSource(
  deps: IndexingDeps,
  embedder: Embedder,
  source: repo.SourceRow,
  signal: AbortSignal,
): Promise<void> {
  try {
    const passages = await repo.passagesToEmbed(deps.db, source.applicationId, source.id, embedder.model);
    if (passages.length === 0) return;
    const vectors = await embedder.embed(passages.map(passageEmbeddingText), signal);
    await repo.storeEmbeddings(
      deps.db,
      source.applicationId,
      embedder.model,
      passages.map((p, i) => ({ id: p.id, vector: vectors[i] ?? [] })).filter((v) => v.vector.length > 0),
    );
  } catch (err) {
    deps.log?.warn({ err, sourceId: source.id }, 'knowledge passages could not be embedded');
  }
}

export function knowledgeIndexHandler(deps: IndexingDeps): JobHandler {
  return async (job: Job) => {
    const parsed = payloadSchema.safeParse(job.payload);
    if (!parsed.success || !job.applicationId) throw new PermanentJobError('malformed knowledge job');
    await indexSource(deps, job.applicationId, parsed.data.sourceId, {
      lastAttempt: job.attempts >= job.maxAttempts,
      previousAttemptLost: job.attempts > 1,
    });
  };
}
