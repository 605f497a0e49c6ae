import { REGISTRATION_PATHS } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { newTenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// Issue 32 item 7: register/client's limit per address is RATE_LIMIT_REGISTER_CLIENT (60 a minute
// by default), so an office behind one address or a load test can raise it.

describe.each(testDatabaseKinds())('register/client limit on %s', (kind) => {
  const { t } = useTestApp(kind, { env: { RATE_LIMIT_REGISTER_CLIENT: '3' } });

  it('allows RATE_LIMIT_REGISTER_CLIENT a minute from one address, then 429 RATE_LIMITED; another address is counted apart', async () => {
    const tenant = await newTenant(t);
    const register = (remoteAddress: string, i: number) =>
      t.app.inject({
        method: 'POST',
        url: REGISTRATION_PATHS.registerClient,
        remoteAddress,
        payload: {
          userId: `limit-${kind}-${remoteAddress}-${i}`,
          applicationId: tenant.applicationId,
          authenticationTypeId: 0,
        },
      });
    // Fresh addresses each run: with Redis the counters outlive the app (and the other database's run).
    const octet = () => Math.floor(Math.random() * 250) + 1;
    const [one, two] = [`10.${octet()}.${octet()}.${octet()}`, `10.${octet()}.${octet()}.${octet()}`];
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await register(one, i)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    const refused = await register(one, 9);
    expect(refused.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await register(two, 0)).statusCode).toBe(200);
  });
});
