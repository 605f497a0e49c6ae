import { describe, expect, it } from 'vitest';
import { checkServices, type ServiceProbes } from './ci-services.js';

const up: ServiceProbes = { postgres: async () => true, redis: async () => true };
const pgDown: ServiceProbes = { postgres: async () => false, redis: async () => true };
const both = {
  TEST_DATABASE_URL: 'postgres://postgres:pw@127.0.0.1:5432/test',
  REDIS_URL: 'redis://127.0.0.1:6379',
};

describe('checkServices (no silent skips of the PostgreSQL and Redis tests in CI)', () => {
  it('says the PostgreSQL and Redis tests run when both answer, without the password', async () => {
    const v = await checkServices({ ...both, CI: 'true' }, up);
    expect(v.ok).toBe(true);
    expect(v.line).toMatch(/the PostgreSQL and Redis tests run/);
    expect(v.line).not.toContain('pw');
  });

  it('fails under CI when a variable is missing, naming it', async () => {
    const v = await checkServices({ TEST_DATABASE_URL: both.TEST_DATABASE_URL, CI: 'true' }, up);
    expect(v).toEqual({ ok: false, line: expect.stringMatching(/^CI=true but REDIS_URL is not set/) });
  });

  it('fails under CI when a service is set but does not answer', async () => {
    const v = await checkServices({ ...both, CI: '1' }, pgDown);
    expect(v.ok).toBe(false);
    expect(v.line).toMatch(/PostgreSQL at .* does not answer/);
  });

  it('outside CI lets the tests skip, and says which', async () => {
    const v = await checkServices({}, up);
    expect(v.ok).toBe(true);
    expect(v.line).toMatch(/TEST_DATABASE_URL is not set and REDIS_URL is not set/);
    expect(v.line).toMatch(/skipped/);
  });
});
