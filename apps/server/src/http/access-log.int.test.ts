import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../platform/config.js';
import type { Database } from '../platform/db/database.js';
import { createLogger } from '../platform/logger.js';
import { createMailer } from '../platform/mail/mailer.js';
import { openTestDatabase } from '../testing/test-database.js';

// The access log at the default level: one line a request, written when it is answered, without
// the request's headers (its token stays out of the log).
describe('the access log', () => {
  const lines: Record<string, unknown>[] = [];
  let database: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: '/tmp/convo-test-unused',
      APP_SECRET: 'test-secret-0123456789abcdef',
      PUBLIC_URL: 'http://localhost:3000',
      LOG_LEVEL: 'info',
    });
    const logger = createLogger(config, {
      write: (line: string) => {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      },
    });
    const mailer = createMailer(database.db, undefined, config.mailFrom, logger);
    app = await buildApp({ config, database, mailer, logger });
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  it('writes one line a request, when it is answered, with its method, path, status and time', async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/users/me?probe=1',
      headers: { authorization: 'Bearer secret-token-value', 'x-request-id': 'access-log-probe' },
    });
    expect(res.statusCode).toBe(401);
    const mine = lines.filter((l) => l.reqId === 'access-log-probe');
    expect(mine.map((l) => l.msg)).toEqual(['request completed']);
    expect(mine[0]).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/users/me?probe=1',
      statusCode: 401,
      remoteAddress: '127.0.0.1',
    });
    expect(typeof mine[0]!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toContain('secret-token-value');
  });
});
