import { APICallError, LoadAPIKeyError, RetryError } from 'ai';
import { describe, expect, it } from 'vitest';
import { BotEngineError } from '../../engine.js';
import { toBotEngineError } from './run.js';

function apiError(statusCode: number, responseBody: string, responseHeaders: Record<string, string> = {}) {
  return new APICallError({
    message: 'provider said no',
    url: 'http://127.0.0.1/v1/x',
    requestBodyValues: {},
    statusCode,
    responseBody,
    responseHeaders,
  });
}

describe('toBotEngineError', () => {
  it('maps the providers’ statuses to the codes the admin sees', () => {
    expect(toBotEngineError(apiError(401, '{}'), false, 1000).code).toBe('INVALID_CREDENTIALS');
    expect(toBotEngineError(apiError(403, '{}'), false, 1000).code).toBe('INVALID_CREDENTIALS');
    // Gemini answers a bad key with 400 INVALID_ARGUMENT / API_KEY_INVALID.
    expect(toBotEngineError(apiError(400, '{"reason":"API_KEY_INVALID"}'), false, 1000).code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect(toBotEngineError(apiError(400, '{"error":"bad request"}'), false, 1000).code).toBe(
      'PROVIDER_ERROR',
    );
    const limited = toBotEngineError(apiError(429, '{}', { 'retry-after': '12' }), false, 1000);
    expect(limited.code).toBe('RATE_LIMITED');
    expect(limited.message).toContain('retry after 12 s');
    expect(toBotEngineError(apiError(504, '{}'), false, 1000).code).toBe('TIMEOUT');
    expect(toBotEngineError(apiError(503, '{}'), false, 1000).code).toBe('PROVIDER_ERROR');
  });

  it('says TIMEOUT whenever our own timer fired, whatever the SDK threw', () => {
    const err = toBotEngineError(new Error('This operation was aborted'), true, 2500);
    expect(err.code).toBe('TIMEOUT');
    expect(err.message).toContain('2.5 s');
  });

  it('unwraps retries, reads a missing key, and keeps a BotEngineError as it is', () => {
    const retried = new RetryError({
      message: 'x',
      reason: 'maxRetriesExceeded',
      errors: [apiError(429, '{}')],
    });
    expect(toBotEngineError(retried, false, 1000).code).toBe('RATE_LIMITED');
    const noKey = new LoadAPIKeyError({ message: 'missing' });
    expect(toBotEngineError(noKey, false, 1000).code).toBe('INVALID_CREDENTIALS');
    const own = new BotEngineError('NOT_TRAINED', 'x');
    expect(toBotEngineError(own, false, 1000)).toBe(own);
    expect(toBotEngineError('boom', false, 1000).code).toBe('PROVIDER_ERROR');
  });
});
