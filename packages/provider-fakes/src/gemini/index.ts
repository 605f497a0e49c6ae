import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  type FakeOptions,
  type FakeProvider,
  type FakeReply,
  type FakeUsage,
  fakeId,
  isRecord,
  type RecordedCall,
  type RoutedRequest,
  sseFrame,
  startFakeProvider,
  startSse,
  textChunksOf,
  writeJson,
  writeTimedFrames,
} from '../shared/fake-server.js';

// The Gemini API (Generative Language, v1beta) as documented:
// `POST /v1beta/models/{model}:generateContent` and `:streamGenerateContent?alt=sse` (each SSE
// `data:` a GenerateContentResponse), the key in `x-goog-api-key` or `?key=`, tool calls as
// `functionCall` parts, usage in `usageMetadata`, errors as Google RPC status JSON
// `{ error: { code, message, status, details } }`. A wrong key is a 400 INVALID_ARGUMENT with
// reason API_KEY_INVALID, as the real API answers (not a 401).

type ScriptedAnswer = Extract<FakeReply, { kind: 'text' | 'tool' }>;

const MODEL_PATH = /^\/v1beta\/models\/([^/:]+):(generateContent|streamGenerateContent)$/;

function writeError(
  res: ServerResponse,
  error: 'invalid-key' | 'rate-limit' | 'server',
  retryAfter?: number,
): void {
  if (error === 'invalid-key') {
    writeJson(res, 400, {
      error: {
        code: 400,
        message: 'API key not valid. Please pass a valid API key.',
        status: 'INVALID_ARGUMENT',
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'API_KEY_INVALID',
            domain: 'googleapis.com',
            metadata: { service: 'generativelanguage.googleapis.com' },
          },
        ],
      },
    });
  } else if (error === 'rate-limit') {
    const seconds = retryAfter ?? 1;
    writeJson(
      res,
      429,
      {
        error: {
          code: 429,
          message: 'Resource has been exhausted (e.g. check quota).',
          status: 'RESOURCE_EXHAUSTED',
          details: [{ '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: `${seconds}s` }],
        },
      },
      { 'retry-after': String(seconds) },
    );
  } else {
    writeJson(res, 500, {
      error: { code: 500, message: 'An internal error has occurred. Please retry.', status: 'INTERNAL' },
    });
  }
}

async function writeContent(routed: RoutedRequest, reply: ScriptedAnswer, usage: FakeUsage): Promise<void> {
  const [, model = 'gemini-fake', method] = MODEL_PATH.exec(routed.call.path) ?? [];
  const responseId = fakeId('');
  const usageMetadata = {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: usage.outputTokens,
    totalTokenCount: usage.inputTokens + usage.outputTokens,
  };
  const chunk = (parts: unknown[], finishReason: string | null, withUsage: boolean) => ({
    candidates: [{ content: { parts, role: 'model' }, index: 0, ...(finishReason ? { finishReason } : {}) }],
    ...(withUsage ? { usageMetadata } : {}),
    modelVersion: model,
    responseId,
  });
  const toolPart = reply.kind === 'tool' ? { functionCall: { name: reply.name, args: reply.args } } : null;
  const chunks = textChunksOf(reply);
  if (method === 'generateContent') {
    const parts: unknown[] = chunks.length > 0 || !toolPart ? [{ text: chunks.join('') }] : [];
    if (toolPart) parts.push(toolPart);
    writeJson(routed.res, 200, chunk(parts, 'STOP', true));
    return;
  }
  // Each SSE event is a whole GenerateContentResponse; the last one carries finishReason and usage.
  const frames: { text: string; isTextChunk: boolean }[] = [];
  chunks.forEach((piece, i) => {
    const last = !toolPart && i === chunks.length - 1;
    frames.push({ text: sseFrame(chunk([{ text: piece }], last ? 'STOP' : null, last)), isTextChunk: true });
  });
  if (toolPart) frames.push({ text: sseFrame(chunk([toolPart], 'STOP', true)), isTextChunk: false });
  startSse(routed.res);
  await writeTimedFrames(routed, frames, reply);
}

function validate(call: RecordedCall): string | null {
  const body = call.body;
  if (!isRecord(body)) return 'Invalid JSON payload received.';
  if (!Array.isArray(body.contents) || body.contents.length === 0) {
    return '* GenerateContentRequest.contents: contents is not specified';
  }
  const roles = body.contents.map((c) => (isRecord(c) ? c.role : undefined));
  if (roles.some((r) => r !== undefined && r !== 'user' && r !== 'model')) {
    return 'Please use a valid role: user, model.';
  }
  return null;
}

function writeInvalid(res: ServerResponse, message: string): void {
  writeJson(res, 400, { error: { code: 400, message, status: 'INVALID_ARGUMENT' } });
}

/** Starts a fake Gemini API; `url` ends in `/v1beta` (what `createGoogleGenerativeAI({ baseURL })` expects). */
export function startFakeGemini(options: FakeOptions = {}): Promise<FakeProvider> {
  return startFakeProvider(
    {
      basePath: '/v1beta',
      keyOf: (req: IncomingMessage, query) => {
        const header = req.headers['x-goog-api-key'];
        return typeof header === 'string' ? header : query.key;
      },
      matches: (method, path) => method === 'POST' && MODEL_PATH.test(path),
      writeError,
      validate,
      writeInvalid,
      writeReply: writeContent,
    },
    options,
  );
}

/** The model a recorded Gemini call asked for. */
export function geminiModelOf(path: string): string | undefined {
  return MODEL_PATH.exec(path)?.[1];
}
