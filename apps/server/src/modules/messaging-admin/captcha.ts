import type { Logger } from 'pino';
import { z } from 'zod';
import { AppError, badRequest } from '../../http/errors.js';
import type { AppConfig } from '../../platform/config.js';

// The captcha answer of `register/v2/account`, checked with reCAPTCHA's siteverify (or a service
// speaking its wire format: hCaptcha, Turnstile). Fail closed: no verdict, no account.

export const CAPTCHA_TIMEOUT_MS = 5000;

const verdictSchema = z.object({
  success: z.boolean(),
  'error-codes': z.array(z.string()).optional(),
});

/** Errors that are the operator's (a wrong secret), not the person's answer. */
const SETUP_ERRORS = new Set(['missing-input-secret', 'invalid-input-secret', 'bad-request']);

const unavailable = () =>
  new AppError(503, 'CAPTCHA_UNAVAILABLE', 'The captcha could not be checked. Try again in a moment.');

/**
 * Resolves when the answer passes, or when no captcha is configured (operators without one keep
 * the sign-up rate limit and the frequent-sign-ups block); throws the client's error otherwise.
 */
export async function checkCaptcha(
  captcha: AppConfig['captcha'],
  input: { answer: string | undefined; remoteIp: string },
  log: Logger,
  timeoutMs = CAPTCHA_TIMEOUT_MS,
): Promise<void> {
  if (!captcha) return;
  if (!input.answer) throw badRequest('CAPTCHA_REQUIRED', 'Solve the captcha to create an account.');
  let verdict: z.infer<typeof verdictSchema>;
  try {
    const res = await fetch(captcha.verifyUrl, {
      method: 'POST',
      headers: { accept: 'application/json' },
      body: new URLSearchParams({ secret: captcha.secret, response: input.answer, remoteip: input.remoteIp }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!res.ok) throw new Error(`siteverify answered HTTP ${res.status}`);
    verdict = verdictSchema.parse(await res.json());
  } catch (err) {
    log.warn({ err }, 'captcha verification unavailable');
    throw unavailable();
  }
  if (verdict.success) return;
  const codes = verdict['error-codes'] ?? [];
  if (codes.some((c) => SETUP_ERRORS.has(c))) {
    // Every sign-up would fail the same way: the operator must see it, the person may not retry.
    log.error({ codes }, 'captcha verification refused the server’s request (check CAPTCHA_SECRET)');
    throw unavailable();
  }
  throw badRequest('CAPTCHA_FAILED', 'The captcha answer was not accepted. Solve it again.');
}
