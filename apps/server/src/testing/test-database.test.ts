import { describe, expect, it } from 'vitest';
import { testDatabaseKinds } from './test-database.js';

describe('testDatabaseKinds', () => {
  it('runs PostgreSQL when TEST_DATABASE_URL is set', () => {
    expect(testDatabaseKinds({ TEST_DATABASE_URL: 'postgres://x@h/db', CI: 'true' })).toEqual(['postgres']);
  });

  it('runs both engines when TEST_DATABASES=both', () => {
    expect(
      testDatabaseKinds({ TEST_DATABASE_URL: 'postgres://x@h/db', TEST_DATABASES: 'both', CI: 'true' }),
    ).toEqual(['pglite', 'postgres']);
  });

  it('runs PGlite only outside CI when it is unset', () => {
    expect(testDatabaseKinds({})).toEqual(['pglite']);
  });

  it('refuses to skip PostgreSQL in silence under CI', () => {
    expect(() => testDatabaseKinds({ CI: 'true' })).toThrow(/CI=true but TEST_DATABASE_URL is not set/);
  });
});
