// Sign-in and the per-request session check, over real HTTP on loopback, on PGlite and (when
// TEST_DATABASE_URL is set) PostgreSQL. Run: npx tsx bench/accounts.bench.ts
import { ACCOUNT_PATHS } from '@convo/api';
import { createTestApp, newSignup } from '../apps/server/src/testing/test-app.js';
import { testDatabaseKinds } from '../apps/server/src/testing/test-database.js';
import { percentile, printTable, type Row, timeMany } from './lib/stats.js';

const SESSION_CHECKS = 500;
const SIGN_INS = 30;

async function benchKind(kind: 'pglite' | 'postgres'): Promise<Row[]> {
  const t = await createTestApp(kind, { RATE_LIMIT_LOGIN_MAX: '100000' });
  try {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const body = newSignup();
    const signup = await fetch(`${base}${ACCOUNT_PATHS.signup}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const token = ((await signup.json()) as { data: { token: string } }).data.token;
    const login = await timeMany(SIGN_INS, async () => {
      const r = await fetch(`${base}${ACCOUNT_PATHS.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ userName: body.email, password: body.password }),
      });
      if (r.status !== 200) throw new Error(`login ${r.status}`);
      await r.arrayBuffer();
    });
    const me = await timeMany(SESSION_CHECKS, async () => {
      const r = await fetch(`${base}${ACCOUNT_PATHS.me}`, { headers: { authorization: `Bearer ${token}` } });
      if (r.status !== 200) throw new Error(`me ${r.status}`);
      await r.arrayBuffer();
    });
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    return [
      {
        figure: `${kind}: sign-in p50 (argon2id verify)`,
        value: ms(percentile(login, 50)),
        budget: '–',
        pass: null,
      },
      {
        figure: `${kind}: sign-in p95`,
        value: ms(percentile(login, 95)),
        budget: '< 300 ms',
        pass: percentile(login, 95) < 300,
      },
      {
        figure: `${kind}: authenticated GET /api/users/me p50`,
        value: ms(percentile(me, 50)),
        budget: '–',
        pass: null,
      },
      {
        figure: `${kind}: authenticated GET /api/users/me p95`,
        value: ms(percentile(me, 95)),
        budget: '< 50 ms',
        pass: percentile(me, 95) < 50,
      },
    ];
  } finally {
    await t.close();
  }
}

const rows: Row[] = [];
for (const kind of testDatabaseKinds()) rows.push(...(await benchKind(kind)));
printTable('Accounts (sign-in and session check over HTTP on loopback)', rows);
