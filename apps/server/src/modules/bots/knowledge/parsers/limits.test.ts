import { describe, expect, it } from 'vitest';
import { KnowledgeError } from '../errors.js';
import { buildDocx, buildDocxBomb, buildPdf } from '../test-documents.js';
import { parseInWorker } from './isolated.js';
import { DEFAULT_PARSE_LIMITS, type ParseLimits } from './limits.js';
import { checkZip } from './zip-guard.js';

// Each parse limit (issue 32), through the child process the server parses uploads in.

const MB = 1024 * 1024;
const limits = (over: Partial<ParseLimits>): ParseLimits => ({ ...DEFAULT_PARSE_LIMITS, ...over });

async function refusal(promise: Promise<unknown>): Promise<KnowledgeError> {
  try {
    await promise;
  } catch (err) {
    expect(err).toBeInstanceOf(KnowledgeError);
    return err as KnowledgeError;
  }
  throw new Error('expected a KnowledgeError');
}

describe('parse limits', () => {
  it('reads a normal document in the parsing process', async () => {
    const parsed = await parseInWorker(
      'hours.docx',
      await buildDocx(['# Hours', 'Open from nine to six.']),
      DEFAULT_PARSE_LIMITS,
    );
    expect(parsed.passages).toEqual([
      { position: 0, url: null, heading: 'Hours', text: 'Open from nine to six.' },
    ]);
  });

  it('refuses an archive larger than the limit once unpacked, from its central directory', async () => {
    const bomb = await buildDocxBomb(3 * MB);
    const err = await refusal(
      parseInWorker('big.docx', bomb, limits({ maxUnpackedBytes: 1 * MB, maxCompressionRatio: 100_000 })),
    );
    expect(err.message).toBe('The file is too large once unpacked: 3 MB, the limit is 1 MB.');
    expect(err.detail).toEqual({ code: 'UNPACKED_TOO_LARGE', params: { size: 3, limit: 1 } });
  });

  it('refuses an archive that compresses better than the ratio limit', async () => {
    const bomb = await buildDocxBomb(5 * MB);
    const err = await refusal(parseInWorker('dense.docx', bomb, limits({ maxCompressionRatio: 100 })));
    expect(err.detail?.code).toBe('COMPRESSION_RATIO');
    expect(err.detail?.params.limit).toBe(100);
    expect(err.detail?.params.ratio).toBeGreaterThan(100);
  });

  it('refuses an archive with more entries than the limit', async () => {
    const many = await buildDocxBomb(1000, { extraEntries: 30 });
    const err = await refusal(parseInWorker('many.docx', many, limits({ maxArchiveEntries: 20 })));
    expect(err.message).toBe('The file holds too many parts: 33, the limit is 20.');
    expect(err.detail).toEqual({ code: 'TOO_MANY_ENTRIES', params: { count: 33, limit: 20 } });
  });

  it('refuses a PDF with more pages than the limit', async () => {
    const pdf = await buildPdf(['one', 'two', 'three']);
    const err = await refusal(parseInWorker('long.pdf', pdf, limits({ maxPages: 2 })));
    expect(err.detail).toEqual({ code: 'TOO_MANY_PAGES', params: { count: 3, limit: 2 } });
  });

  it('refuses a source with more passages than the limit', async () => {
    const text = Array.from({ length: 40 }, (_, i) => `# Part ${i}\n\nParagraph number ${i}.`).join('\n\n');
    const err = await refusal(
      parseInWorker('long.md', new TextEncoder().encode(text), limits({ maxPassages: 5 })),
    );
    expect(err.detail).toEqual({ code: 'TOO_MANY_PASSAGES', params: { limit: 5 } });
  });

  it('stops a parse that takes longer than the wall time', async () => {
    const pdf = await buildPdf(Array.from({ length: 50 }, (_, i) => `Page ${i}`));
    // Starting the thread alone takes longer than this.
    const err = await refusal(parseInWorker('slow.pdf', pdf, limits({ timeoutMs: 5 })));
    expect(err.detail).toEqual({ code: 'PARSE_TIMEOUT', params: { seconds: 1 } });
  });

  it('stops a parse that needs more memory than its heap, and the server goes on', async () => {
    // The archive checks let it through: only the parsing process's heap cap stops it.
    const bomb = await buildDocxBomb(100 * MB);
    const err = await refusal(
      parseInWorker(
        'heavy.docx',
        bomb,
        limits({ maxUnpackedBytes: 1024 * MB, maxCompressionRatio: 100_000, memoryMb: 64 }),
      ),
    );
    expect(err.detail).toEqual({ code: 'PARSE_OUT_OF_MEMORY', params: { limit: 64 } });
    // It builds a 100 MB archive and fills a child's heap: seconds on a busy two-core machine.
  }, 30_000);

  it('checks the sizes an archive declares against what it really inflates to', async () => {
    const ok = await checkZip('a.docx', await buildDocxBomb(200_000), limits({}));
    expect(ok.entries).toBe(3);
    // The document and the two small parts beside it.
    expect(ok.unpackedBytes).toBeGreaterThan(200_000);
    expect(ok.unpackedBytes).toBeLessThan(201_000);
    // Damaged: a zip cut short.
    const cut = (await buildDocx(['hello'])).subarray(0, 100);
    await expect(checkZip('cut.docx', cut, limits({}))).rejects.toThrow('the file is damaged');
  });
});
