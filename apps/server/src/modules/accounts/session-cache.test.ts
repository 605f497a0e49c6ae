import { describe, expect, it } from 'vitest';
import {
  type CachedSession,
  forgetAllSessions,
  forgetSessionsOfUsers,
  forgetSessionToken,
  openSessionCache,
  SessionCache,
} from './session-cache.js';

const sessionOf = (userId: string, expiresInMs = 60_000): CachedSession => ({
  user: { id: userId, userId: `name-${userId}`, roleType: '1', status: 1 },
  application: { id: 'app', key: 'key', product: 'classic', disabledAt: null },
  session: { expiresAt: new Date(Date.now() + expiresInMs) },
});

describe('SessionCache', () => {
  it('answers a stored session until the session itself expires', () => {
    const cache = new SessionCache(60_000);
    cache.set('live', sessionOf('u1'), cache.mark());
    cache.set('ending', sessionOf('u2', 1000), cache.mark());
    expect(cache.get('live', new Date())?.user.id).toBe('u1');
    expect(cache.get('ending', new Date())?.user.id).toBe('u2');
    expect(cache.get('ending', new Date(Date.now() + 2000))).toBeUndefined();
    expect(cache.get('unknown', new Date())).toBeUndefined();
  });

  it('does not store what a lookup read before something was forgotten', () => {
    const cache = new SessionCache(60_000);
    const mark = cache.mark();
    cache.forgetUsers(new Set(['u1'])); // e.g. the user was disabled while the lookup ran
    cache.set('token', sessionOf('u1'), mark);
    expect(cache.get('token', new Date())).toBeUndefined();
  });

  it('forgets by token and by user, in every cache of the process', () => {
    const a = openSessionCache(60_000);
    const b = openSessionCache(60_000);
    try {
      for (const { cache } of [a, b]) {
        cache.set('t1', sessionOf('u1'), cache.mark());
        cache.set('t2', sessionOf('u2'), cache.mark());
        cache.set('t3', sessionOf('u3'), cache.mark());
      }
      forgetSessionToken('t1');
      forgetSessionsOfUsers(['u2']);
      for (const { cache } of [a, b]) {
        expect(cache.get('t1', new Date())).toBeUndefined();
        expect(cache.get('t2', new Date())).toBeUndefined();
        expect(cache.get('t3', new Date())?.user.id).toBe('u3');
      }
      forgetAllSessions();
      expect(a.cache.get('t3', new Date())).toBeUndefined();
    } finally {
      a.close();
      b.close();
    }
  });

  it('a closed cache is no longer reached', () => {
    const a = openSessionCache(60_000);
    a.cache.set('t1', sessionOf('u1'), a.cache.mark());
    a.close();
    forgetSessionToken('t1');
    expect(a.cache.get('t1', new Date())?.user.id).toBe('u1');
  });
});
