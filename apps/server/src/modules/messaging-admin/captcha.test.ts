import { type FakeRecaptcha, startFakeRecaptcha } from '@convo/provider-fakes';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/errors.js';
import { checkCaptcha } from './captcha.js';

// The verifier's failures the registration tests do not reach: a wrong secret, a hang past the
// timeout, an HTML or 500 answer; each against the reCAPTCHA fake (the happy and refused answers
// are in register-captcha.int.test.ts).

const log = pino({ level: 'silent' });
let fake: FakeRecaptcha | undefined;
afterEach(async () => {
  await fake?.close();
  fake = undefined;
});

/** The client error `checkCaptcha` throws, or null when the answer passed. */
async function outcome(promise: Promise<void>): Promise<{ status: number; code: string } | null> {
  try {
    await promise;
    return null;
  } catch (err) {
    if (err instanceof AppError) return { status: err.statusCode, code: err.code };
    throw err;
  }
}

describe('checkCaptcha', () => {
  it('checks nothing without a configured secret', async () => {
    expect(await outcome(checkCaptcha(null, { answer: undefined, remoteIp: '10.0.0.1' }, log))).toBeNull();
  });

  it('passes a solved answer and refuses a wrong one', async () => {
    fake = await startFakeRecaptcha();
    const captcha = { secret: fake.secret, verifyUrl: fake.verifyUrl, siteKey: null };
    const answer = fake.issueToken();
    expect(await outcome(checkCaptcha(captcha, { answer, remoteIp: '10.0.0.1' }, log))).toBeNull();
    expect(await outcome(checkCaptcha(captcha, { answer: 'nope', remoteIp: '10.0.0.1' }, log))).toEqual({
      status: 400,
      code: 'CAPTCHA_FAILED',
    });
  });

  it('is unavailable, not the person’s fault, when the verifier refuses the server’s secret', async () => {
    fake = await startFakeRecaptcha({ secret: 'the-real-one' });
    const captcha = { secret: 'a-stale-one', verifyUrl: fake.verifyUrl, siteKey: null };
    const answer = fake.issueToken();
    expect(await outcome(checkCaptcha(captcha, { answer, remoteIp: '10.0.0.1' }, log))).toEqual({
      status: 503,
      code: 'CAPTCHA_UNAVAILABLE',
    });
    expect(fake.calls.at(-1)?.errorCodes).toEqual(['invalid-input-secret']);
  });

  it.each(['hang', 'not-json', 'server-error'] as const)(
    'fails closed when the verifier answers %s',
    async (kind) => {
      fake = await startFakeRecaptcha();
      const captcha = { secret: fake.secret, verifyUrl: fake.verifyUrl, siteKey: null };
      const answer = fake.issueToken();
      fake.outage(kind);
      const started = performance.now();
      expect(await outcome(checkCaptcha(captcha, { answer, remoteIp: '10.0.0.1' }, log, 300))).toEqual({
        status: 503,
        code: 'CAPTCHA_UNAVAILABLE',
      });
      // The timeout is what ended the hang (and nothing waits on an answer that came).
      expect(performance.now() - started).toBeLessThan(3000);
    },
  );
});
