import { afterEach, describe, expect, it } from 'vitest';
import {
  type FakeProvider,
  startFakeAnthropic,
  startFakeGemini,
  startFakeOpenAI,
  startFakeS3,
} from './index.js';

// The fakes' own contract, spoken to with plain fetch (the AI SDK's side is covered by the
// server's engine tests): routes, key checks, error JSON, non-streamed bodies and SSE framing.

let fake: FakeProvider | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

const chat = { model: 'm', messages: [{ role: 'user', content: 'hi' }] };
const responses = { model: 'm', input: [{ role: 'user', content: 'hi' }], store: false };
const messages = { model: 'claude', max_tokens: 100, messages: [{ role: 'user', content: 'hi' }] };
const anthropicHeaders = { 'anthropic-version': '2023-06-01' };
const contents = { contents: [{ role: 'user', parts: [{ text: 'hi' }] }] };

async function post(url: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('OpenAI fake', () => {
  it('answers chat completions without streaming, with usage', async () => {
    fake = await startFakeOpenAI({ apiKey: 'k' });
    fake.script({ kind: 'text', chunks: ['Hi', ' there'], usage: { inputTokens: 3, outputTokens: 2 } });
    const res = await post(`${fake.url}/chat/completions`, chat, { authorization: 'Bearer k' });
    expect(res.status).toBe(200);
    expect(JSON.parse(res.text)).toMatchObject({
      object: 'chat.completion',
      model: 'm',
      choices: [{ message: { role: 'assistant', content: 'Hi there' }, finish_reason: 'stop' }],
      usage: { prompt_tokens: 3, completion_tokens: 2, total_tokens: 5 },
    });
  });

  it('streams chat completion chunks ending in [DONE], with usage only when asked', async () => {
    fake = await startFakeOpenAI();
    fake.script({ kind: 'text', chunks: ['a', 'b'] }, { kind: 'text', chunks: ['c'] });
    const withUsage = await post(`${fake.url}/chat/completions`, {
      ...chat,
      stream: true,
      stream_options: { include_usage: true },
    });
    expect(withUsage.headers.get('content-type')).toBe('text/event-stream');
    const frames = withUsage.text.trim().split('\n\n');
    expect(frames.at(-1)).toBe('data: [DONE]');
    expect(withUsage.text).toContain('"content":"a"');
    expect(withUsage.text).toContain('"usage":{');
    const without = await post(`${fake.url}/chat/completions`, { ...chat, stream: true });
    expect(without.text).not.toContain('"usage"');
  });

  it('refuses a wrong key with OpenAI’s invalid_api_key error and records the call', async () => {
    fake = await startFakeOpenAI({ apiKey: 'right' });
    const res = await post(`${fake.url}/responses`, responses, { authorization: 'Bearer wrong' });
    expect(res.status).toBe(401);
    expect(JSON.parse(res.text)).toMatchObject({
      error: { code: 'invalid_api_key', type: 'invalid_request_error' },
    });
    expect(fake.calls[0]).toMatchObject({ path: '/v1/responses', reply: { kind: 'unauthorized' } });
  });

  it('sends 429 with retry-after, and 404 for paths it does not serve', async () => {
    fake = await startFakeOpenAI();
    fake.script({ kind: 'error', error: 'rate-limit', retryAfterSeconds: 9 });
    const limited = await post(`${fake.url}/responses`, responses);
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('9');
    expect((await post(`${fake.url}/images/generations`, {})).status).toBe(404);
  });

  it('answers embeddings with deterministic vectors, near for shared words, and scripted errors', async () => {
    fake = await startFakeOpenAI({ apiKey: 'k' });
    const auth = { authorization: 'Bearer k' };
    const res = await post(
      `${fake.url}/embeddings`,
      { model: 'e', input: ['pickup point hours', 'pickup points hours', 'warranty'] },
      auth,
    );
    expect(res.status).toBe(200);
    const body = JSON.parse(res.text) as { object: string; data: { index: number; embedding: number[] }[] };
    expect(body.object).toBe('list');
    expect(body.data.map((d) => d.index)).toEqual([0, 1, 2]);
    expect(body.data[0]!.embedding).toHaveLength(64);
    expect(body.data[1]!.embedding).toEqual(body.data[0]!.embedding);
    expect(body.data[2]!.embedding).not.toEqual(body.data[0]!.embedding);
    expect((await post(`${fake.url}/embeddings`, { model: 'e', input: [] }, auth)).status).toBe(400);
    fake.script({ kind: 'error', error: 'server' });
    expect((await post(`${fake.url}/embeddings`, { model: 'e', input: 'x' }, auth)).status).toBe(500);
  });

  it('streams Responses API events with a function call', async () => {
    fake = await startFakeOpenAI();
    fake.script({ kind: 'tool', name: 'search_knowledge', args: { query: 'x' } });
    const res = await post(`${fake.url}/responses`, { ...responses, stream: true });
    const types = [...res.text.matchAll(/^event: (.+)$/gm)].map((m) => m[1]);
    expect(types).toEqual([
      'response.created',
      'response.in_progress',
      'response.output_item.added',
      'response.function_call_arguments.delta',
      'response.function_call_arguments.done',
      'response.output_item.done',
      'response.completed',
    ]);
    expect(res.text).toContain('"arguments":"{\\"query\\":\\"x\\"}"');
  });
});

describe('Anthropic fake', () => {
  it('streams the documented event sequence and checks x-api-key', async () => {
    fake = await startFakeAnthropic({ apiKey: 'k' });
    const res = await post(
      `${fake.url}/messages`,
      { ...messages, stream: true },
      { ...anthropicHeaders, 'x-api-key': 'k' },
    );
    const types = [...res.text.matchAll(/^event: (.+)$/gm)].map((m) => m[1]);
    expect(types).toEqual([
      'message_start',
      'content_block_start',
      'ping',
      'content_block_delta',
      'content_block_delta',
      'content_block_delta',
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const refused = await post(`${fake.url}/messages`, messages, {
      ...anthropicHeaders,
      authorization: 'Bearer k',
    });
    expect(refused.status).toBe(401);
    expect(JSON.parse(refused.text)).toMatchObject({
      type: 'error',
      error: { type: 'authentication_error' },
    });
  });

  it('answers a tool_use block without streaming', async () => {
    fake = await startFakeAnthropic();
    fake.script({ kind: 'tool', name: 'handoff', args: { reason: 'asked' } });
    const res = await post(`${fake.url}/messages`, messages, anthropicHeaders);
    expect(JSON.parse(res.text)).toMatchObject({
      stop_reason: 'tool_use',
      content: [{ type: 'tool_use', name: 'handoff', input: { reason: 'asked' } }],
    });
  });
});

describe('Gemini fake', () => {
  it('accepts the key as x-goog-api-key or ?key= and refuses others as the API does (400 API_KEY_INVALID)', async () => {
    fake = await startFakeGemini({ apiKey: 'g' });
    const viaHeader = await post(`${fake.url}/models/gemini-x:generateContent`, contents, {
      'x-goog-api-key': 'g',
    });
    expect(JSON.parse(viaHeader.text)).toMatchObject({
      candidates: [{ content: { role: 'model' }, finishReason: 'STOP' }],
      usageMetadata: { promptTokenCount: 42 },
      modelVersion: 'gemini-x',
    });
    expect((await post(`${fake.url}/models/gemini-x:generateContent?key=g`, contents)).status).toBe(200);
    const refused = await post(`${fake.url}/models/gemini-x:generateContent?key=nope`, contents);
    expect(refused.status).toBe(400);
    expect(refused.text).toContain('API_KEY_INVALID');
  });

  it('streams SSE chunks, the last with finishReason and usage', async () => {
    fake = await startFakeGemini();
    fake.script({ kind: 'text', chunks: ['one', 'two'], firstChunkDelayMs: 30 });
    const res = await post(`${fake.url}/models/gemini-x:streamGenerateContent?alt=sse`, contents);
    const chunks = res.text
      .trim()
      .split('\n\n')
      .map(
        (f) =>
          JSON.parse(f.replace(/^data: /, '')) as {
            candidates: { finishReason?: string }[];
            usageMetadata?: unknown;
          },
      );
    expect(chunks).toHaveLength(2);
    expect(chunks[0]?.candidates[0]?.finishReason).toBeUndefined();
    expect(chunks[1]?.candidates[0]?.finishReason).toBe('STOP');
    expect(chunks[1]?.usageMetadata).toBeDefined();
    const call = fake.calls[0];
    expect(call?.firstChunkAt).toBeDefined();
    expect((call?.firstChunkAt ?? 0) - (call?.receivedAt ?? 0)).toBeGreaterThanOrEqual(25);
  });

  it('answers 500 INTERNAL and can hang until closed', async () => {
    fake = await startFakeGemini();
    fake.script({ kind: 'error', error: 'server' }, { kind: 'hang' });
    const failed = await post(`${fake.url}/models/m:generateContent`, contents);
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.text)).toMatchObject({ error: { code: 500, status: 'INTERNAL' } });
    const hung = fetch(`${fake.url}/models/m:generateContent`, {
      method: 'POST',
      body: JSON.stringify(contents),
    }).then(
      () => 'answered',
      () => 'closed',
    );
    const early = await Promise.race([hung, new Promise((r) => setTimeout(() => r('waiting'), 200))]);
    expect(early).toBe('waiting');
    await fake.close();
    fake = undefined;
    expect(await hung).toBe('closed');
  });
});

describe('request rules the real APIs enforce', () => {
  it('answers 400 in each provider’s format, without using up the script', async () => {
    const openai = await startFakeOpenAI();
    const anthropic = await startFakeAnthropic();
    const gemini = await startFakeGemini();
    try {
      openai.script({ kind: 'text', chunks: ['kept'] });
      const noMessages = await post(`${openai.url}/chat/completions`, { model: 'm', messages: [] });
      expect(noMessages.status).toBe(400);
      expect(JSON.parse(noMessages.text)).toMatchObject({ error: { type: 'invalid_request_error' } });
      const reference = await post(`${openai.url}/responses`, {
        ...responses,
        input: [{ type: 'item_reference', id: 'fc_1' }],
      });
      expect(reference.status).toBe(400);
      expect(reference.text).toContain('not persisted');
      expect(JSON.parse((await post(`${openai.url}/chat/completions`, chat)).text)).toMatchObject({
        choices: [{ message: { content: 'kept' } }],
      });

      const noVersion = await post(`${anthropic.url}/messages`, messages);
      expect(noVersion.status).toBe(400);
      expect(JSON.parse(noVersion.text)).toMatchObject({
        type: 'error',
        error: { type: 'invalid_request_error' },
      });
      const noMaxTokens = await post(
        `${anthropic.url}/messages`,
        { ...messages, max_tokens: undefined },
        anthropicHeaders,
      );
      expect(noMaxTokens.text).toContain('max_tokens');

      const badRole = await post(`${gemini.url}/models/m:generateContent`, {
        contents: [{ role: 'assistant', parts: [{ text: 'x' }] }],
      });
      expect(badRole.status).toBe(400);
      expect(JSON.parse(badRole.text)).toMatchObject({ error: { status: 'INVALID_ARGUMENT' } });
      expect(gemini.calls[0]?.reply).toMatchObject({ kind: 'invalid-request' });
    } finally {
      await Promise.all([openai.close(), anthropic.close(), gemini.close()]);
    }
  });
});

describe('S3 fake', () => {
  it('answers S3 XML errors: no signature, an unknown access key, a malformed header', async () => {
    const s3 = await startFakeS3({ accessKeyId: 'AKIDRIGHT' });
    try {
      const anonymous = await fetch(`${s3.url}/convo-files/a/b`);
      expect(anonymous.status).toBe(403);
      expect(anonymous.headers.get('content-type')).toBe('application/xml');
      const body = await anonymous.text();
      expect(body).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Error><Code>AccessDenied<\/Code>/);
      expect(body).toMatch(/<RequestId>[0-9A-F]{16}<\/RequestId><\/Error>$/);
      const wrongKey = await fetch(`${s3.url}/convo-files/a/b`, {
        headers: {
          authorization: `AWS4-HMAC-SHA256 Credential=AKIDWRONG/20261124/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`,
        },
      });
      expect(wrongKey.status).toBe(403);
      expect(await wrongKey.text()).toContain(
        '<Code>InvalidAccessKeyId</Code><Message>The AWS Access Key Id you provided does not exist in our records.</Message><AWSAccessKeyId>AKIDWRONG</AWSAccessKeyId>',
      );
      const badSignature = await fetch(`${s3.url}/convo-files/a/b`, {
        headers: {
          authorization: `AWS4-HMAC-SHA256 Credential=AKIDRIGHT/20261124/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature=${'0'.repeat(64)}`,
          'x-amz-date': '20261124T000000Z',
        },
      });
      expect(await badSignature.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
      const malformed = await fetch(`${s3.url}/convo-files/a/b`, { headers: { authorization: 'Bearer x' } });
      expect(malformed.status).toBe(400);
      const head = await fetch(`${s3.url}/convo-files/a/b`, { method: 'HEAD' });
      expect(head.status).toBe(403);
      expect(await head.text()).toBe('');
      expect(s3.calls.map((c) => [c.method, c.key, c.accessKeyId, c.status])).toEqual([
        ['GET', 'a/b', undefined, 403],
        ['GET', 'a/b', 'AKIDWRONG', 403],
        ['GET', 'a/b', 'AKIDRIGHT', 403],
        ['GET', 'a/b', undefined, 400],
        ['HEAD', 'a/b', undefined, 403],
      ]);
    } finally {
      await s3.close();
    }
  });
});
