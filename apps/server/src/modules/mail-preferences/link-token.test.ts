import { describe, expect, it } from 'vitest';
import { signMailLinkToken, unsubscribeUrl, verifyMailLinkToken } from './link-token.js';

const subject = { applicationId: 'app-1', userId: '7f1d3a52-2b1e-4d8e-9d3c-2a4b5c6d7e8f' };

describe('mail link token', () => {
  it('round-trips the member it names', () => {
    expect(verifyMailLinkToken('s3cret', signMailLinkToken('s3cret', subject))).toEqual(subject);
  });
  it('refuses another secret, a changed payload or a malformed token', () => {
    const token = signMailLinkToken('s3cret', subject);
    expect(verifyMailLinkToken('other', token)).toBeNull();
    const [, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ p: 'mail-preferences', a: 'app-2', u: subject.userId }),
    ).toString('base64url');
    expect(verifyMailLinkToken('s3cret', `${forged}.${signature}`)).toBeNull();
    expect(verifyMailLinkToken('s3cret', 'nonsense')).toBeNull();
    expect(verifyMailLinkToken('s3cret', `${token}.x`)).toBeNull();
  });
  it('builds the /unsubscribe link', () => {
    const url = unsubscribeUrl('https://convo.example', 's3cret', subject);
    expect(url.startsWith('https://convo.example/unsubscribe?token=')).toBe(true);
    const token = decodeURIComponent(url.split('token=')[1] ?? '');
    expect(verifyMailLinkToken('s3cret', token)).toEqual(subject);
  });
});
