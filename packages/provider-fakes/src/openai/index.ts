import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  bearer,
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

// OpenAI's two text endpoints as the platform documents them (and @ai-sdk/openai parses them):
// Chat Completions (`POST /v1/chat/completions`, also what OpenAI-compatible servers such as
// Ollama, vLLM and LM Studio speak) and Responses (`POST /v1/responses`, the SDK's default).
// Keys come as `Authorization: Bearer`; errors are `{ error: { message, type, param, code } }`.
// Also `POST /v1/embeddings`, answered with deterministic vectors (fakeEmbedding) unless an error
// is scripted next.

type ScriptedAnswer = Extract<FakeReply, { kind: 'text' | 'tool' }>;

function writeError(
  res: ServerResponse,
  error: 'invalid-key' | 'rate-limit' | 'server',
  retryAfter?: number,
): void {
  if (error === 'invalid-key') {
    writeJson(res, 401, {
      error: {
        message:
          'Incorrect API key provided. You can find your API key at https://platform.openai.com/account/api-keys.',
        type: 'invalid_request_error',
        param: null,
        code: 'invalid_api_key',
      },
    });
  } else if (error === 'rate-limit') {
    writeJson(
      res,
      429,
      {
        error: {
          message: 'Rate limit reached for requests. Please try again later.',
          type: 'requests',
          param: null,
          code: 'rate_limit_exceeded',
        },
      },
      { 'retry-after': String(retryAfter ?? 1), 'x-ratelimit-remaining-requests': '0' },
    );
  } else {
    writeJson(res, 500, {
      error: {
        message: 'The server had an error while processing your request. Sorry about that!',
        type: 'server_error',
        param: null,
        code: null,
      },
    });
  }
}

function requestBody(routed: RoutedRequest): { model: string; stream: boolean; includeUsage: boolean } {
  const body = (routed.call.body ?? {}) as {
    model?: unknown;
    stream?: unknown;
    stream_options?: { include_usage?: unknown };
  };
  return {
    model: typeof body.model === 'string' ? body.model : 'gpt-fake',
    stream: body.stream === true,
    includeUsage: body.stream_options?.include_usage === true,
  };
}

function argumentsJson(reply: ScriptedAnswer): string {
  return reply.kind === 'tool' ? JSON.stringify(reply.args) : '';
}

// ---- Chat Completions -------------------------------------------------------------------------

async function writeChatCompletion(
  routed: RoutedRequest,
  reply: ScriptedAnswer,
  usage: FakeUsage,
): Promise<void> {
  const { model, stream, includeUsage } = requestBody(routed);
  const id = fakeId('chatcmpl-');
  const created = Math.floor(Date.now() / 1000);
  const callId = fakeId('call_');
  const usageJson = {
    prompt_tokens: usage.inputTokens,
    completion_tokens: usage.outputTokens,
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
  const finishReason = reply.kind === 'tool' ? 'tool_calls' : 'stop';
  const chunks = textChunksOf(reply);
  if (!stream) {
    const message = {
      role: 'assistant',
      content: chunks.length > 0 ? chunks.join('') : null,
      refusal: null,
      ...(reply.kind === 'tool'
        ? {
            tool_calls: [
              {
                id: callId,
                type: 'function',
                function: { name: reply.name, arguments: argumentsJson(reply) },
              },
            ],
          }
        : {}),
    };
    writeJson(routed.res, 200, {
      id,
      object: 'chat.completion',
      created,
      model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: finishReason }],
      usage: usageJson,
    });
    return;
  }
  const chunk = (delta: unknown, finish: string | null) => ({
    id,
    object: 'chat.completion.chunk',
    created,
    model,
    choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }],
  });
  const frames: { text: string; isTextChunk: boolean }[] = [
    { text: sseFrame(chunk({ role: 'assistant', content: '' }, null)), isTextChunk: false },
  ];
  for (const piece of chunks) {
    frames.push({ text: sseFrame(chunk({ content: piece }, null)), isTextChunk: true });
  }
  if (reply.kind === 'tool') {
    frames.push({
      text: sseFrame(
        chunk(
          {
            tool_calls: [
              { index: 0, id: callId, type: 'function', function: { name: reply.name, arguments: '' } },
            ],
          },
          null,
        ),
      ),
      isTextChunk: false,
    });
    frames.push({
      text: sseFrame(
        chunk({ tool_calls: [{ index: 0, function: { arguments: argumentsJson(reply) } }] }, null),
      ),
      isTextChunk: false,
    });
  }
  frames.push({ text: sseFrame(chunk({}, finishReason)), isTextChunk: false });
  if (includeUsage) {
    frames.push({
      text: sseFrame({ id, object: 'chat.completion.chunk', created, model, choices: [], usage: usageJson }),
      isTextChunk: false,
    });
  }
  frames.push({ text: sseFrame('[DONE]'), isTextChunk: false });
  startSse(routed.res);
  await writeTimedFrames(routed, frames, reply);
}

// ---- Responses --------------------------------------------------------------------------------

async function writeResponse(routed: RoutedRequest, reply: ScriptedAnswer, usage: FakeUsage): Promise<void> {
  const { model, stream } = requestBody(routed);
  const id = fakeId('resp_');
  const createdAt = Math.floor(Date.now() / 1000);
  const usageJson = {
    input_tokens: usage.inputTokens,
    input_tokens_details: { cached_tokens: 0 },
    output_tokens: usage.outputTokens,
    output_tokens_details: { reasoning_tokens: 0 },
    total_tokens: usage.inputTokens + usage.outputTokens,
  };
  const chunks = textChunksOf(reply);
  const text = chunks.join('');
  const messageId = fakeId('msg_');
  const callItemId = fakeId('fc_');
  const callId = fakeId('call_');
  // Output items in order: the message (when there is text), then the function call.
  const messageItem =
    chunks.length > 0
      ? {
          id: messageId,
          type: 'message',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text, annotations: [], logprobs: [] }],
        }
      : null;
  const callItem =
    reply.kind === 'tool'
      ? {
          id: callItemId,
          type: 'function_call',
          status: 'completed',
          call_id: callId,
          name: reply.name,
          arguments: argumentsJson(reply),
        }
      : null;
  const output = [messageItem, callItem].filter((item) => item !== null);
  const response = (status: string, items: unknown[], withUsage: boolean) => ({
    id,
    object: 'response',
    created_at: createdAt,
    status,
    model,
    output: items,
    usage: withUsage ? usageJson : null,
    error: null,
    incomplete_details: null,
  });
  if (!stream) {
    writeJson(routed.res, 200, response('completed', output, true));
    return;
  }
  let sequence = 0;
  const event = (type: string, data: Record<string, unknown>) => ({
    text: sseFrame({ type, sequence_number: sequence++, ...data }, type),
    isTextChunk: false,
  });
  const frames: { text: string; isTextChunk: boolean }[] = [
    event('response.created', { response: response('in_progress', [], false) }),
    event('response.in_progress', { response: response('in_progress', [], false) }),
  ];
  let outputIndex = 0;
  if (messageItem) {
    const at = { item_id: messageId, output_index: outputIndex, content_index: 0 };
    frames.push(
      event('response.output_item.added', {
        output_index: outputIndex,
        item: { id: messageId, type: 'message', status: 'in_progress', role: 'assistant', content: [] },
      }),
      event('response.content_part.added', {
        ...at,
        part: { type: 'output_text', text: '', annotations: [] },
      }),
    );
    for (const piece of chunks) {
      frames.push({
        ...event('response.output_text.delta', { ...at, delta: piece, logprobs: [] }),
        isTextChunk: true,
      });
    }
    frames.push(
      event('response.output_text.done', { ...at, text, logprobs: [] }),
      event('response.content_part.done', { ...at, part: { type: 'output_text', text, annotations: [] } }),
      event('response.output_item.done', { output_index: outputIndex, item: messageItem }),
    );
    outputIndex++;
  }
  if (callItem) {
    const at = { item_id: callItemId, output_index: outputIndex };
    frames.push(
      event('response.output_item.added', {
        output_index: outputIndex,
        item: { ...callItem, status: 'in_progress', arguments: '' },
      }),
      event('response.function_call_arguments.delta', { ...at, delta: callItem.arguments }),
      event('response.function_call_arguments.done', { ...at, arguments: callItem.arguments }),
      event('response.output_item.done', { output_index: outputIndex, item: callItem }),
    );
  }
  frames.push(event('response.completed', { response: response('completed', output, true) }));
  startSse(routed.res);
  await writeTimedFrames(routed, frames, reply);
}

/** The rules of both endpoints a client can break (the real API answers them with a 400). */
function validate(call: RecordedCall): string | null {
  const body = call.body;
  if (!isRecord(body)) return 'We could not parse the JSON body of your request.';
  if (typeof body.model !== 'string' || body.model === '') return "Missing required parameter: 'model'.";
  if (call.path === '/v1/embeddings') {
    const input = body.input;
    const ok =
      (typeof input === 'string' && input !== '') ||
      (Array.isArray(input) && input.length > 0 && input.every((t) => typeof t === 'string' && t !== ''));
    return ok ? null : "Invalid 'input': expected a non-empty string or array of non-empty strings.";
  }
  if (call.path === '/v1/chat/completions') {
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      return "Invalid 'messages': empty array. Expected an array with minimum length 1.";
    }
    return null;
  }
  if (typeof body.input !== 'string' && !Array.isArray(body.input))
    return "Missing required parameter: 'input'.";
  // Without storage there is nothing for an item reference to point at.
  if (body.store === false && Array.isArray(body.input)) {
    const referenced = body.input.some((item) => isRecord(item) && item.type === 'item_reference');
    if (referenced) return 'Items are not persisted when `store` is set to false.';
  }
  return null;
}

/** Dimensions of the fake's embeddings. */
export const FAKE_EMBEDDING_DIMENSIONS = 64;

/**
 * A deterministic embedding: a hashed bag of the text's words (lower case, a plural "s" dropped),
 * so texts sharing words are near and others far, the same on every run.
 */
export function fakeEmbedding(text: string): number[] {
  const vector = new Array<number>(FAKE_EMBEDDING_DIMENSIONS).fill(0);
  for (const raw of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const word = raw.length > 3 && raw.endsWith('s') ? raw.slice(0, -1) : raw;
    // FNV-1a
    let hash = 0x811c9dc5;
    for (let i = 0; i < word.length; i++) hash = Math.imul(hash ^ word.charCodeAt(i), 0x01000193) >>> 0;
    vector[hash % FAKE_EMBEDDING_DIMENSIONS]! += hash & 0x80000000 ? -1 : 1;
  }
  return vector;
}

/** `POST /v1/embeddings`: one vector per input, in OpenAI's list format. */
function writeEmbeddings(routed: RoutedRequest): boolean {
  if (routed.call.path !== '/v1/embeddings' || !isRecord(routed.call.body)) return false;
  const { input, model } = routed.call.body;
  const texts = typeof input === 'string' ? [input] : (input as string[]);
  const tokens = texts.reduce((n, t) => n + t.split(/\s+/).length, 0);
  writeJson(routed.res, 200, {
    object: 'list',
    data: texts.map((t, index) => ({ object: 'embedding', index, embedding: fakeEmbedding(t) })),
    model,
    usage: { prompt_tokens: tokens, total_tokens: tokens },
  });
  return true;
}

function writeInvalid(res: ServerResponse, message: string): void {
  writeJson(res, 400, { error: { message, type: 'invalid_request_error', param: null, code: null } });
}

/**
 * Starts a fake OpenAI API. Give the SDK `url` as its base URL (it ends in `/v1`), e.g.
 * `createOpenAI({ baseURL: fake.url, apiKey })` or `createOpenAICompatible({ baseURL: fake.url })`.
 */
export function startFakeOpenAI(options: FakeOptions = {}): Promise<FakeProvider> {
  return startFakeProvider(
    {
      basePath: '/v1',
      keyOf: (req: IncomingMessage) => bearer(req),
      matches: (method, path) =>
        method === 'POST' &&
        (path === '/v1/chat/completions' || path === '/v1/responses' || path === '/v1/embeddings'),
      writeComputed: writeEmbeddings,
      writeError,
      validate,
      writeInvalid,
      writeReply: (routed, reply, usage) =>
        routed.call.path === '/v1/responses'
          ? writeResponse(routed, reply, usage)
          : writeChatCompletion(routed, reply, usage),
    },
    options,
  );
}
