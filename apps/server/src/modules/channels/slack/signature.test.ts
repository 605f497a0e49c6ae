import { describe, expect, it } from 'vitest';
import { slackSignature, verifySlackSignature } from './signature.js';

// Slack's documented example (api.slack.com/authentication/verifying-requests-from-slack).
const SECRET = '8f742231b10e8888abcd99yyyzzz85a5';
const TIMESTAMP = '1531420618';
const BODY =
  'token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c';
const NOW = Number(TIMESTAMP) * 1000;

describe('Slack request signing', () => {
  it('computes Slack’s documented example signature', () => {
    expect(slackSignature(SECRET, TIMESTAMP, BODY)).toBe(
      'v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503',
    );
  });

  it('accepts the right signature within five minutes, refuses anything else', () => {
    const headers = (signature: string | undefined, timestamp: string | undefined = TIMESTAMP) => ({
      'x-slack-signature': signature,
      'x-slack-request-timestamp': timestamp,
    });
    const right = slackSignature(SECRET, TIMESTAMP, BODY);
    expect(verifySlackSignature(headers(right), SECRET, BODY, NOW)).toBe(true);
    expect(verifySlackSignature(headers(right), SECRET, BODY, NOW + 299_000)).toBe(true);
    expect(verifySlackSignature(headers(right), SECRET, BODY, NOW + 301_000)).toBe(false);
    expect(verifySlackSignature(headers(right), SECRET, BODY, NOW - 301_000)).toBe(false);
    expect(verifySlackSignature(headers(right), SECRET, `${BODY}x`, NOW)).toBe(false);
    expect(verifySlackSignature(headers(right), 'another-secret', BODY, NOW)).toBe(false);
    expect(verifySlackSignature(headers(undefined), SECRET, BODY, NOW)).toBe(false);
    expect(verifySlackSignature({ 'x-slack-signature': right }, SECRET, BODY, NOW)).toBe(false);
    expect(verifySlackSignature(headers(right, 'abc'), SECRET, BODY, NOW)).toBe(false);
  });
});
