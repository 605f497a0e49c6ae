import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { KnowledgeError } from '../errors.js';
import { passagesOf } from '../passages.js';
import { parseDocument } from './index.js';
import type { ParseReply, ParseRequest } from './isolated.js';
import { limitErrors } from './limits.js';

// The parsing thread's entry (isolated.ts starts one per file): parses the upload, splits it into
// passages under the limits, and posts back the passages or the reason it refused the file.
// Built as dist/knowledge-parse-worker.js (build.mjs).

async function run(request: ParseRequest): Promise<ParseReply> {
  try {
    const parts = await parseDocument(request.fileName, request.bytes, undefined, request.limits);
    const passages = passagesOf(parts, request.limits.maxPassages, () => {
      throw limitErrors.tooManyPassages(request.limits.maxPassages);
    });
    return { ok: true, passages, parts: parts.length };
  } catch (err) {
    if (err instanceof KnowledgeError) return { ok: false, message: err.message, detail: err.detail };
    return { ok: false, message: null, detail: null };
  }
}

if (!isMainThread && parentPort) {
  const port = parentPort;
  void run(workerData as ParseRequest).then((reply) => port.postMessage(reply));
}
