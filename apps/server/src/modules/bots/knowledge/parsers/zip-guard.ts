import yauzl from 'yauzl';
import { KnowledgeError } from '../errors.js';
import { limitErrors, type ParseLimits } from './limits.js';

// An archive (a .docx) is judged by its central directory before anything is inflated: the
// number of entries, the sizes they declare once inflated, and how well they claim to compress.
// A directory can lie about sizes, so each entry is then inflated once as a stream (yauzl stops
// one that grows past its declared size) and nothing is kept: the parser that follows inflates at
// most what was checked here.

type ZipLimits = Pick<ParseLimits, 'maxUnpackedBytes' | 'maxArchiveEntries' | 'maxCompressionRatio'>;

/** Below this much inflated data the ratio is not judged: a small file cannot hurt anyone. */
const RATIO_FLOOR_BYTES = 1024 * 1024;

export interface ZipSummary {
  entries: number;
  unpackedBytes: number;
}

const damaged = (fileName: string) =>
  new KnowledgeError(`"${fileName}" could not be read as a Word document (.docx): the file is damaged.`);

export async function checkZip(fileName: string, bytes: Uint8Array, limits: ZipLimits): Promise<ZipSummary> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.fromBufferPromise(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), {
      lazyEntries: true,
      validateEntrySizes: true,
    });
  } catch {
    throw damaged(fileName);
  }
  try {
    if (zip.entryCount > limits.maxArchiveEntries)
      throw limitErrors.tooManyEntries(zip.entryCount, limits.maxArchiveEntries);
    const entries: yauzl.Entry[] = [];
    let declared = 0;
    let compressed = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        entries.push(entry);
        declared += entry.uncompressedSize;
        compressed += entry.compressedSize;
      }
    } catch {
      throw damaged(fileName);
    }
    if (declared > limits.maxUnpackedBytes)
      throw limitErrors.unpackedTooLarge(declared, limits.maxUnpackedBytes);
    const ratio = declared / Math.max(1, Math.min(compressed, bytes.byteLength));
    if (declared > RATIO_FLOOR_BYTES && ratio > limits.maxCompressionRatio)
      throw limitErrors.compressionRatio(ratio, limits.maxCompressionRatio);
    // The declared sizes are only claims: inflate each entry once, stopped past its claim.
    let inflated = 0;
    for (const entry of entries) {
      if (entry.fileName.endsWith('/')) continue;
      let stream: NodeJS.ReadableStream;
      try {
        stream = await zip.openReadStreamPromise(entry);
      } catch {
        throw damaged(fileName);
      }
      try {
        for await (const chunk of stream) {
          inflated += (chunk as Buffer).length;
          if (inflated > limits.maxUnpackedBytes)
            throw limitErrors.unpackedTooLarge(inflated, limits.maxUnpackedBytes);
        }
      } catch (err) {
        if (err instanceof KnowledgeError) throw err;
        throw damaged(fileName);
      }
    }
    return { entries: entries.length, unpackedBytes: declared };
  } finally {
    zip.close();
  }
}
