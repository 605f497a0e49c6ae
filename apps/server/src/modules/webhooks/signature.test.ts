import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signTimestampedBody, verifyTimestampedSignature } from './signature.js';

// The automation connector's signature: what a receiver computes by hand from the documented rule.

describe('timestamped HMAC-SHA256 signature', () => {
  const secret = 'whsec_test';
  const body = '{"id":"d1","event":"conversation.resolved"}';

  it('is sha256= the hex HMAC of "<timestamp>.<body>", as a receiver recomputes it', () => {
    const byHand = createHmac('sha256', secret).update(`1700000000000.${body}`).digest('hex');
    expect(signTimestampedBody(secret, '1700000000000', body)).toBe(`sha256=${byHand}`);
  });

  it('verifies only the same secret, timestamp and bytes', () => {
    const sig = signTimestampedBody(secret, '1', body);
    expect(verifyTimestampedSignature(secret, '1', body, sig)).toBe(true);
    expect(verifyTimestampedSignature('whsec_other', '1', body, sig)).toBe(false);
    expect(verifyTimestampedSignature(secret, '2', body, sig)).toBe(false);
    expect(verifyTimestampedSignature(secret, '1', `${body} `, sig)).toBe(false);
    expect(verifyTimestampedSignature(secret, undefined, body, sig)).toBe(false);
    expect(verifyTimestampedSignature(secret, '1', body, sig.slice(7))).toBe(false);
  });
});
