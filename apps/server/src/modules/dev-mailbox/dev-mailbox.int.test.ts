import { ACCOUNT_PATHS } from '@convo/api';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { newSignup } from '../../testing/test-app.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { DEV_MAILBOX_KEY_HEADER, devMailboxKey } from './access.js';

// The local outbox holds every application's reset codes: only the operator, on the machine
// itself and with the install's key, may read it; everybody else sees no such endpoint.

describe.each(testDatabaseKinds())('dev mailbox on %s', (kind) => {
  const { t } = useTestApp(kind);
  const read = (options: Partial<InjectOptions> = {}) =>
    t.app.inject({ method: 'GET', url: ACCOUNT_PATHS.devMailbox, ...options });
  const key = () => ({ [DEV_MAILBOX_KEY_HEADER]: devMailboxKey(t.config.appSecret) });

  it('shows the outbox to the operator: loopback, no proxy, the key', async () => {
    const signup = newSignup();
    expect(
      (await t.app.inject({ method: 'POST', url: ACCOUNT_PATHS.signup, payload: signup })).statusCode,
    ).toBe(200);
    for (const remoteAddress of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) {
      const res = await read({ headers: key(), remoteAddress });
      expect(res.statusCode, res.body).toBe(200);
      const mails = (res.json() as { data: { to: string }[] }).data;
      expect(mails.map((m) => m.to)).toContain(signup.email);
    }
  });

  it('answers 404 to a stranger, signed in or not, without or with a wrong key', async () => {
    for (const headers of [{}, { [DEV_MAILBOX_KEY_HEADER]: 'guessed' }, { [DEV_MAILBOX_KEY_HEADER]: '' }]) {
      const res = await read({ headers, remoteAddress: '127.0.0.1' });
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('NOT_FOUND');
      expect(res.body).not.toContain('@');
    }
  });

  it('answers 404 from another machine, even with the key, and to a forged or proxied loopback', async () => {
    const remote = await read({ headers: key(), remoteAddress: '203.0.113.9' });
    expect(remote.statusCode).toBe(404);
    const forged = await read({
      headers: { ...key(), 'x-forwarded-for': '127.0.0.1' },
      remoteAddress: '203.0.113.9',
    });
    expect(forged.statusCode).toBe(404);
    // A reverse proxy on the same machine: the peer is loopback, the caller is not.
    for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host']) {
      const proxied = await read({
        headers: { ...key(), [header]: '198.51.100.4' },
        remoteAddress: '127.0.0.1',
      });
      expect(proxied.statusCode, header).toBe(404);
    }
  });
});
