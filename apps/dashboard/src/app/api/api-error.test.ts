import { MESSAGES } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  ApiError,
  CLIENT_ERROR_CODES,
  endsSession,
  fromFetchFailure,
  isCancellation,
  isMissingError,
  joinUrl,
  parseResponse,
} from './api-error';

const dataSchema = z.object({ code: z.literal('SUCCESS'), data: z.object({ n: z.number() }) });

function thrown(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('did not throw');
}

describe('parseResponse', () => {
  it('returns validated data', () => {
    const body = JSON.stringify({ code: 'SUCCESS', data: { n: 1 } });
    expect(parseResponse({ status: 200, ok: true, body }, dataSchema, 'product')).toEqual({
      code: 'SUCCESS',
      data: { n: 1 },
    });
  });

  it('turns a server error body into a typed error', () => {
    const body = JSON.stringify({ code: 'INVALID_CREDENTIALS', message: 'Wrong email or password' });
    const error = thrown(() => parseResponse({ status: 401, ok: false, body }, dataSchema, 'product'));
    expect(error).toMatchObject({
      status: 401,
      code: 'INVALID_CREDENTIALS',
      message: 'Wrong email or password',
    });
  });

  it('keeps the details of a validation error', () => {
    const body = JSON.stringify({ code: 'VALIDATION_ERROR', message: 'Bad', details: [{ path: 'email' }] });
    const error = thrown(() => parseResponse({ status: 400, ok: false, body }, dataSchema, 'product'));
    expect(error.details).toEqual([{ path: 'email' }]);
  });

  it('falls back to a generic message for a non-JSON error body', () => {
    const error = thrown(() =>
      parseResponse({ status: 502, ok: false, body: '<html>' }, dataSchema, 'product'),
    );
    expect(error).toMatchObject({
      status: 502,
      code: CLIENT_ERROR_CODES.HTTP_ERROR,
      message: MESSAGES.genericRetry,
    });
  });

  it('treats an empty 200 from the messaging side as unable to fetch', () => {
    const error = thrown(() => parseResponse({ status: 200, ok: true, body: '' }, dataSchema, 'messaging'));
    expect(error.message).toBe('Whoops! Unable to fetch your data. Please try again later.');
  });

  it('accepts an empty body on the product side when the schema allows it', () => {
    expect(parseResponse({ status: 204, ok: true, body: '' }, z.undefined(), 'product')).toBeUndefined();
  });

  it('rejects a body that does not match the contract', () => {
    const error = thrown(() =>
      parseResponse({ status: 200, ok: true, body: '{"code":"NOPE"}' }, dataSchema, 'product'),
    );
    expect(error.code).toBe(CLIENT_ERROR_CODES.INVALID_RESPONSE);
  });
});

describe('fromFetchFailure', () => {
  const abortError = Object.assign(new Error('aborted'), { name: 'AbortError' });

  it('maps a logout abort to the logout message', () => {
    const error = fromFetchFailure(abortError, MESSAGES.requestCanceledDueToLogout);
    expect(error.message).toBe('Request canceled due to logout');
    expect(isCancellation(error)).toBe(true);
  });

  it('maps other aborts to Request cancelled', () => {
    const error = fromFetchFailure(abortError, undefined);
    expect(error.message).toBe('Request cancelled');
    expect(isCancellation(error)).toBe(true);
  });

  it('maps network failures to a generic, non-cancellation error', () => {
    const error = fromFetchFailure(new TypeError('Failed to fetch'), undefined);
    expect(error.code).toBe(CLIENT_ERROR_CODES.NETWORK_ERROR);
    expect(isCancellation(error)).toBe(false);
  });
});

describe('isCancellation', () => {
  it('recognises the spec messages', () => {
    expect(isCancellation(new Error('Request aborted'))).toBe(true);
    expect(isCancellation('Request canceled due to logout')).toBe(true);
    expect(isCancellation(new Error('boom'))).toBe(false);
  });
});

describe('joinUrl', () => {
  it('joins bases with and without slashes', () => {
    expect(joinUrl('', '/api/login')).toBe('/api/login');
    expect(joinUrl('http://localhost:3000/', '/api/login')).toBe('http://localhost:3000/api/login');
    expect(joinUrl('https://x.example', 'api/login')).toBe('https://x.example/api/login');
  });
});

describe('endsSession', () => {
  it('is true for a 401, except a wrong password in a form', () => {
    expect(endsSession(new ApiError(401, 'UNAUTHORIZED', 'x'))).toBe(true);
    expect(endsSession(new ApiError(401, 'INVALID_CREDENTIALS', 'x'))).toBe(false);
    expect(endsSession(new ApiError(401, 'PASSWORD_INVALID', 'x'))).toBe(false);
    expect(endsSession(new ApiError(403, 'FORBIDDEN', 'x'))).toBe(false);
  });
});

describe('isMissingError', () => {
  it("is the server's not-found or refusal only, never a network failure or a proxy's 5xx", () => {
    expect(isMissingError(new ApiError(404, 'NOT_FOUND', 'x'))).toBe(true);
    expect(isMissingError(new ApiError(403, 'FORBIDDEN', 'x'))).toBe(true);
    expect(isMissingError(fromFetchFailure(new TypeError('Failed to fetch'), undefined))).toBe(false);
    expect(isMissingError(new ApiError(502, 'BAD_GATEWAY', 'x'))).toBe(false);
    expect(isMissingError(new Error('x'))).toBe(false);
  });
});
