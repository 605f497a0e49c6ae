import { KnowledgeError } from '../errors.js';
import { passagesOf } from '../passages.js';
import { parseDocument } from './index.js';
import type { ParseReply, ParseRequest } from './isolated.js';
import { limitErrors } from './limits.js';
import { pdfPages } from './pdf.js';

// The parsing process's entry (isolated.ts starts one per file): receives the upload, parses it,
// splits it into passages under the limits, and sends back the passages or the reason it refused
// the file, then exits.
// Built as dist/knowledge-parse-worker.js (build.mjs).

async function run(request: ParseRequest): Promise<ParseReply> {
  try {
    if (request.pdfPagesOnly)
      return { ok: true, pages: await pdfPages(request.fileName, request.bytes, request.limits) };
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

const send = process.send?.bind(process);
if (send) {
  process.once('message', (request) => {
    void run(request as ParseRequest).then((reply) => send(reply, undefined, {}, () => process.exit(0)));
  });
}
