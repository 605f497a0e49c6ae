import { describe, expect, it } from 'vitest';
import { sealJson } from '../../platform/crypto.js';
import { confirmEmailChange, EMAIL_CHANGE_TTL_MS } from './email-change.js';
import type { AccountsDeps } from './service.js';

// The expiry is checked before any database read: a deps without a database proves it.
describe('confirmEmailChange', () => {
  it('refuses an expired link before touching the database', async () => {
    const deps = { config: { appSecret: 's3cret' } } as unknown as AccountsDeps;
    const now = 1_800_000_000_000;
    const token = sealJson('s3cret', {
      p: 'email-change',
      u: 'u',
      a: 'a',
      from: 'a@x.io',
      to: 'b@x.io',
      exp: now - EMAIL_CHANGE_TTL_MS,
    });
    await expect(confirmEmailChange(deps, token, now)).rejects.toMatchObject({ code: 'INVALID_CODE' });
  });
});
