import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ACCOUNT_PATHS } from '@convo/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app.js';

describe('GET /api/ip/country', () => {
  let withDb: TestApp;
  let withoutDb: TestApp;
  beforeAll(async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'geoip-')), 'ranges.csv');
    writeFileSync(file, '203.0.113.0/24,IN\n');
    withDb = await createTestApp('pglite', { GEOIP_DB_PATH: file });
    withoutDb = await createTestApp('pglite');
  });
  afterAll(async () => {
    await withDb?.close();
    await withoutDb?.close();
  });

  it('answers the country of the caller from the local database', async () => {
    const res = await withDb.app.inject({
      method: 'GET',
      url: ACCOUNT_PATHS.ipCountry,
      remoteAddress: '203.0.113.9',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ country: 'in' });
  });

  it("answers 'us' for an unknown address or without a database", async () => {
    const unknown = await withDb.app.inject({
      method: 'GET',
      url: ACCOUNT_PATHS.ipCountry,
      remoteAddress: '192.0.2.1',
    });
    expect(unknown.json()).toEqual({ country: 'us' });
    const none = await withoutDb.app.inject({
      method: 'GET',
      url: ACCOUNT_PATHS.ipCountry,
      remoteAddress: '203.0.113.9',
    });
    expect(none.json()).toEqual({ country: 'us' });
  });
});
