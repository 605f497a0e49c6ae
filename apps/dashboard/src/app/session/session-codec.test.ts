import { MESSAGES } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { makeSession } from './session.fixture';
import { decodeSession, encodeSession, fromBase64, toBase64, withoutPasswords } from './session-codec';

describe('base64', () => {
  it('round-trips non-ASCII text (names in Kannada, accents)', () => {
    const text = 'ಕನ್ನಡ — Ñandú';
    expect(fromBase64(toBase64(text))).toBe(text);
  });
});

describe('encodeSession / decodeSession', () => {
  it('round-trips a session through the two stored values', () => {
    const session = makeSession({ name: 'Zoë ಕನ್ನಡ' });
    const encoded = encodeSession(session);
    expect(decodeSession(encoded.session, encoded.appSettings)).toEqual({ ok: true, session });
  });

  it('stores the user part base64-encoded and without app settings', () => {
    const encoded = encodeSession(makeSession());
    expect(encoded.session).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const user = JSON.parse(fromBase64(encoded.session)) as Record<string, unknown>;
    expect(user.userName).toBe('ada@example.com');
    expect(user.appSettings).toBeUndefined();
    expect(JSON.parse(encoded.appSettings)).toMatchObject({ applicationId: 'app-1' });
  });

  it('never stores a password, even when the server sent one', () => {
    const session = { ...makeSession(), password: 'Secret123', applozicUser: { password: 'x', id: 1 } };
    const encoded = encodeSession(session);
    const text = fromBase64(encoded.session);
    expect(text).not.toContain('Secret123');
    expect(text).not.toMatch(/password/i);
    expect(text).toContain('"id":1');
  });

  it('reports a missing session with the spec message', () => {
    expect(decodeSession(null, null)).toEqual({
      ok: false,
      reason: 'missing',
      message: MESSAGES.sessionNotFound,
    });
  });

  it('treats garbage as no session', () => {
    expect(decodeSession('%%%not-base64', '{}')).toMatchObject({ ok: false, reason: 'corrupt' });
    expect(decodeSession(toBase64('{"userName":1}'), '{}')).toMatchObject({ ok: false, reason: 'corrupt' });
  });

  it('reports missing app settings with the spec message', () => {
    const encoded = encodeSession(makeSession());
    expect(decodeSession(encoded.session, null)).toEqual({
      ok: false,
      reason: 'settings-missing',
      message: MESSAGES.appSettingNotFound,
    });
  });
});

describe('withoutPasswords', () => {
  it('keeps everything else, arrays included', () => {
    expect(withoutPasswords({ a: [{ userPassword: 1, b: 2 }], c: null })).toEqual({ a: [{ b: 2 }], c: null });
  });
});
