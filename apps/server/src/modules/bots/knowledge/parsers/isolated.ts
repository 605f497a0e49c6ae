import { isolatedEntry, runIsolated } from '../../../../platform/isolated-process.js';
import { KnowledgeError, type KnowledgeErrorDetail } from '../errors.js';
import type { SourcePassage } from '../passages.js';
import { limitErrors, type ParseLimits } from './limits.js';

// An uploaded document is parsed in a child process of its own (parse-worker.ts) under the parse
// limits, so a file built to exhaust memory or time (a "zip bomb" .docx) fails as a source and
// never takes the server, or another tenant's requests, down with it.

export interface ParseRequest {
  fileName: string;
  bytes: Uint8Array;
  limits: ParseLimits;
  /** Only a PDF's page texts (a crawled PDF: the crawler makes its parts with the page's address). */
  pdfPagesOnly?: boolean | undefined;
}

export type ParseReply =
  | { ok: true; passages: SourcePassage[]; parts: number }
  | { ok: true; pages: string[] }
  /** message null: not the file's fault (our bug); the caller reports it generically. */
  | { ok: false; message: string | null; detail: KnowledgeErrorDetail | null };

const ENTRY = isolatedEntry(new URL('./parse-worker.ts', import.meta.url), 'knowledge-parse-worker');

/** Runs one request in its own process; a refusal or a dead process is a KnowledgeError. */
async function runParse(request: ParseRequest): Promise<Extract<ParseReply, { ok: true }>> {
  const { limits, fileName } = request;
  const outcome = await runIsolated<ParseReply>(ENTRY, request, {
    timeoutMs: limits.timeoutMs,
    memoryMb: limits.memoryMb,
    concurrency: limits.concurrency,
  });
  if (!outcome.ok) {
    if (outcome.reason === 'timeout') throw limitErrors.timeout(limits.timeoutMs);
    if (outcome.reason === 'memory') throw limitErrors.outOfMemory(limits.memoryMb);
    throw limitErrors.crashed();
  }
  const reply = outcome.value;
  if (reply.ok) return reply;
  if (reply.message === null) throw new Error(`parsing "${fileName}" failed unexpectedly`);
  throw new KnowledgeError(reply.message, reply.detail);
}

/** The document's passages; throws KnowledgeError for any file that cannot or may not be read. */
export async function parseInWorker(
  fileName: string,
  bytes: Uint8Array,
  limits: ParseLimits,
): Promise<{ passages: SourcePassage[]; parts: number }> {
  const reply = await runParse({ fileName, bytes, limits });
  if (!('passages' in reply)) throw new Error(`parsing "${fileName}" answered pages, not passages`);
  return { passages: reply.passages, parts: reply.parts };
}

/**
 * A crawled PDF's page texts, read in the parsing process too: its streams are compressed, so a
 * page under the crawler's byte cap can still unpack to gigabytes.
 */
export async function pdfPagesInWorker(
  fileName: string,
  bytes: Uint8Array,
  limits: ParseLimits,
): Promise<string[]> {
  const reply = await runParse({ fileName, bytes, limits, pdfPagesOnly: true });
  if (!('pages' in reply)) throw new Error(`parsing "${fileName}" answered passages, not pages`);
  return reply.pages;
}
