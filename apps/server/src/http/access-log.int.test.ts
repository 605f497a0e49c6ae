import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../platform/db/database.js';
import { createLogger } from '../platform/logger.js';
import { buildTestApp } from '../testing/test-app.js';
import { openTestDatabase } from '../testing/test-database.js';

// The access log at the default level: one line a request, written when it is answered, without
// the request's headers (its token stays out of the log).
describe('the access log', () => {
  const lines: Record<string, unknown>[] = [];
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    const logger = createLogger(
      { logLevel: 'info' },
      { write: (line: string) => void lines.push(JSON.parse(line) as Record<string, unknown>) },
    );
    ({ app } = await buildTestApp(database, { LOG_LEVEL: 'info' }, { logger }));
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
