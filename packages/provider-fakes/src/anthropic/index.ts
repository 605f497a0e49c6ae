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

// Anthropic's Messages API as documented: `POST /v1/messages` with `x-api-key` and
// `anthropic-version`; streaming as named SSE events (message_start, content_block_start,
// ping, content_block_delta with text_delta / input_json_delta, content_block_stop,
// message_delta with stop_reason and output usage, message_stop); tool calls are `tool_use`
// blocks; errors are `{ type: 'error', error: { type, message } }`.

type ScriptedAnswer = Extract<FakeReply, { kind: 'text' | 'tool' }>;

function writeError(
  res: ServerResponse,
  error: 'invalid-key' | 'rate-limit' | 'server',
  retryAfter?: number,
): void {
  const requestId = fakeId('req_');
  if (error === 'invalid-key') {
    writeJson(
      res,
      401,
      {
        type: 'error',
        error: { type: 'authentication_error', message: 'invalid x-api-key' },
        request_id: requestId,
      },
      { 'request-id': requestId },
    );
  } else if (error === 'rate-limit') {
    writeJson(
      res,
      429,
      {
        type: 'error',
        error: {
          type: 'rate_limit_error',
          message: 'This request would exceed the rate limit for your organization. Please try again later.',
        },
        request_id: requestId,
      },
      { 'retry-after': String(retryAfter ?? 1), 'request-id': requestId },
    );
  } else {
    writeJson(
      res,
      500,
      {
        type: 'error',
        error: { type: 'api_error', message: 'Internal server error' },
        request_id: requestId,
      },
      { 'request-id': requestId },
    );
  }
}

async function writeMessage(routed: RoutedRequest, reply: ScriptedAnswer, usage: FakeUsage): Promise<void> {
  const body = (routed.call.body ?? {}) as { model?: unknown; stream?: unknown };
  const model = typeof body.model === 'string' ? body.model : 'claude-fake';
  const id = fakeId('msg_');
  const toolId = fakeId('toolu_');
  const stopReason = reply.kind === 'tool' ? 'tool_use' : 'end_turn';
  const usageJson = {
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
    cache_creation_input_tokens: 0,
    cache_read_input_tokens: 0,
  };
  const chunks = textChunksOf(reply);
  if (body.stream !== true) {
    const content: unknown[] = chunks.length > 0 ? [{ type: 'text', text: chunks.join('') }] : [];
    if (reply.kind === 'tool')
      content.push({ type: 'tool_use', id: toolId, name: reply.name, input: reply.args });
    writeJson(routed.res, 200, {
      id,
      type: 'message',
      role: 'assistant',
      model,
      content,
      stop_reason: stopReason,
      stop_sequence: null,
      usage: usageJson,
    });
    return;
  }
  const frame = (type: string, data: Record<string, unknown>) => ({
    text: sseFrame({ type, ...data }, type),
    isTextChunk: false,
  });
  const frames: { text: string; isTextChunk: boolean }[] = [
    frame('message_start', {
      message: {
        id,
        type: 'message',
        role: 'assistant',
        model,
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usageJson, output_tokens: 1 },
      },
    }),
  ];
  let index = 0;
  if (chunks.length > 0) {
    frames.push(frame('content_block_start', { index, content_block: { type: 'text', text: '' } }));
    frames.push(frame('ping', {}));
    for (const piece of chunks) {
      frames.push({
        text: sseFrame(
          { type: 'content_block_delta', index, delta: { type: 'text_delta', text: piece } },
          'content_block_delta',
        ),
        isTextChunk: true,
      });
    }
    frames.push(frame('content_block_stop', { index }));
    index++;
  }
  if (reply.kind === 'tool') {
    frames.push(
      frame('content_block_start', {
        index,
        content_block: { type: 'tool_use', id: toolId, name: reply.name, input: {} },
      }),
      frame('content_block_delta', {
        index,
        delta: { type: 'input_json_delta', partial_json: JSON.stringify(reply.args) },
      }),
      frame('content_block_stop', { index }),
    );
  }
  frames.push(
    frame('message_delta', {
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: usage.outputTokens },
    }),
    frame('message_stop', {}),
  );
  startSse(routed.res);
  await writeTimedFrames(routed, frames, reply);
}

function validate(call: RecordedCall): string | null {
  if (typeof call.headers['anthropic-version'] !== 'string') return 'anthropic-version: header is required';
  const body = call.body;
  if (!isRecord(body)) return 'Request body is not valid JSON';
  if (typeof body.model !== 'string' || body.model === '') return 'model: Field required';
  if (typeof body.max_tokens !== 'number') return 'max_tokens: Field required';
  if (!Array.isArray(body.messages) || body.messages.length === 0)
    return 'messages: at least one message is required';
  if (body.system !== undefined && typeof body.system !== 'string' && !Array.isArray(body.system)) {
    return 'system: Input should be a valid list';
  }
  return null;
}

function writeInvalid(res: ServerResponse, message: string): void {
  writeJson(res, 400, { type: 'error', error: { type: 'invalid_request_error', message } });
}

/** Starts a fake Anthropic API; `url` ends in `/v1` (what `createAnthropic({ baseURL })` expects). */
export function startFakeAnthropic(options: FakeOptions = {}): Promise<FakeProvider> {
  return startFakeProvider(
    {
      basePath: '/v1',
      keyOf: (req: IncomingMessage) => {
        const key = req.headers['x-api-key'];
        return typeof key === 'string' ? key : undefined;
      },
      matches: (method, path) => method === 'POST' && path === '/v1/messages',
      writeError,
      validate,
      writeInvalid,
      writeReply: writeMessage,
    },
    options,
  );
}
