import type { AppConfig } from '../../../../platform/config.js';
import { KnowledgeError, type KnowledgeErrorDetail } from '../errors.js';

// What one uploaded file may cost to read (issue 32): checked before and while it is parsed in
// its own child process. The operator sets them (PARSE_* settings); these are the defaults.

/** The shape is the configuration's (platform cannot import a module), written once there. */
export type ParseLimits = AppConfig['parseLimits'];

const MB = 1024 * 1024;

export const DEFAULT_PARSE_LIMITS: ParseLimits = {
  maxUnpackedBytes: 50 * MB,
  maxArchiveEntries: 2000,
  maxCompressionRatio: 100,
  maxPages: 2000,
  maxPassages: 20_000,
  timeoutMs: 30_000,
  memoryMb: 512,
  concurrency: 2,
};

/** Sizes as the messages say them: whole MB from 10 MB up, one decimal below. */
export function megabytes(bytes: number): number {
  const mb = bytes / MB;
  return mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10;
}

function limitError(detail: KnowledgeErrorDetail, message: string): KnowledgeError {
  return new KnowledgeError(message, detail);
}

export const limitErrors = {
  unpackedTooLarge: (bytes: number, limit: number) => {
    const size = megabytes(bytes);
    const max = megabytes(limit);
    return limitError(
      { code: 'UNPACKED_TOO_LARGE', params: { size, limit: max } },
      `The file is too large once unpacked: ${size} MB, the limit is ${max} MB.`,
    );
  },
  tooManyEntries: (count: number, limit: number) =>
    limitError(
      { code: 'TOO_MANY_ENTRIES', params: { count, limit } },
      `The file holds too many parts: ${count}, the limit is ${limit}.`,
    ),
  compressionRatio: (ratio: number, limit: number) =>
    limitError(
      { code: 'COMPRESSION_RATIO', params: { ratio: Math.round(ratio), limit } },
      `The file is compressed suspiciously well: ${Math.round(ratio)} to 1, the limit is ${limit} to 1.`,
    ),
  tooManyPages: (count: number, limit: number) =>
    limitError(
      { code: 'TOO_MANY_PAGES', params: { count, limit } },
      `The file has too many pages: ${count}, the limit is ${limit}.`,
    ),
  tooManyPassages: (limit: number) =>
    limitError(
      { code: 'TOO_MANY_PASSAGES', params: { limit } },
      `This source has more than ${limit} passages: split it up.`,
    ),
  timeout: (ms: number) => {
    const seconds = Math.ceil(ms / 1000);
    return limitError(
      { code: 'PARSE_TIMEOUT', params: { seconds } },
      `Reading the file took longer than ${seconds} s and was stopped.`,
    );
  },
  outOfMemory: (memoryMb: number) =>
    limitError(
      { code: 'PARSE_OUT_OF_MEMORY', params: { limit: memoryMb } },
      `Reading the file needed more than ${memoryMb} MB of memory and was stopped.`,
    ),
  crashed: () =>
    limitError(
      { code: 'PARSE_CRASHED', params: {} },
      'Reading the file stopped unexpectedly: the file may be damaged or built to harm the server.',
    ),
};
