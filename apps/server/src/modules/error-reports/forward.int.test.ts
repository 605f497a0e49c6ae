import { randomUUID } from 'node:crypto';
import { ERROR_REPORT_PATHS } from '@convo/api';
import { RELEASE_VERSION } from '@convo/domain';
import { type FakeSentry, startFakeSentry } from '@convo/provider-fakes';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startWorkers } from '../../app.js';
import type { JobRunner } from '../../platform/jobs/job-queue.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { sentryTarget } from './forward.js';

const silent = { warn: () => {}, error: () => {} };

describe('sentryTarget', () => {
  it('derives the store endpoint and auth from a DSN', () => {
    expect(sentryTarget('https://abc@o1.ingest.example.com/sub/77')).toEqual({
      storeUrl: 'https://o1.ingest.example.com/sub/api/77/store/',
      auth: expect.stringContaining('sentry_key=abc'),
    });
    expect(sentryTarget('https://o1.ingest.example.com/77')).toBeNull();
  });
});

describe.each(testDatabaseKinds())('error reports forwarded to a Sentry DSN on %s', (kind) => {
  let sentry: FakeSentry;
  let worker: JobRunner;
  beforeAll(async () => {
    sentry = await startFakeSentry();
  });
  const { t, tenants } = useTestApp(kind, { tenants: 1, env: () => ({ SENTRY_DSN: sentry.dsn }) });
  const [tenant] = tenants;
  beforeAll(() => {
    worker = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: silent,
      sentryDsn: sentry.dsn,
      pollMs: 50,
      backoffBaseMs: 0,
    });
  });
  afterAll(async () => {
    await worker.stop();
    await sentry.close();
  });

  it('stores the report, then forwards it once through the job queue', async () => {
    const eventId = randomUUID();
    const payload = {
      eventId,
      release: RELEASE_VERSION,
      name: 'TypeError',
      message: 'forward me',
      url: '/welcome',
      kind: 'render',
    };
    for (let i = 0; i < 2; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: ERROR_REPORT_PATHS.reports,
        headers: tenant.admin,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await vi.waitFor(() => expect(sentry.calls.filter((c) => c.status === 200)).toHaveLength(1), {
      timeout: 10_000,
    });
    const [call] = sentry.calls;
    expect(call?.path).toBe('/api/42/store/');
    expect(call?.body).toMatchObject({
      event_id: eventId.replaceAll('-', ''),
      release: RELEASE_VERSION,
      exception: { values: [{ type: 'TypeError', value: 'forward me' }] },
      request: { url: '/welcome' },
    });
    // Stays one: the second send of the same event was not forwarded again.
    await new Promise((r) => setTimeout(r, 300));
    expect(sentry.calls).toHaveLength(1);
  });
});
