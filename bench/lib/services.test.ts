import { describe, expect, it } from 'vitest';
import { describePostgres, findPostgres, MACHINE_POSTGRES_URL } from './services.js';

describe('findPostgres (the database npm run bench measures)', () => {
  it('takes TEST_DATABASE_URL as given, without probing the machine', async () => {
    const probed: string[] = [];
    const choice = await findPostgres({ TEST_DATABASE_URL: 'postgres://u@db:5433/x' }, async (url) => {
      probed.push(url);
      return true;
    });
    expect(choice).toEqual({ url: 'postgres://u@db:5433/x', source: 'TEST_DATABASE_URL' });
    expect(probed).toEqual([]);
  });

  it("uses the machine's PostgreSQL when TEST_DATABASE_URL is unset and it answers", async () => {
    const choice = await findPostgres({}, async (url) => url === MACHINE_POSTGRES_URL);
    expect(choice).toEqual({ url: MACHINE_POSTGRES_URL, source: 'machine' });
  });

  it('falls back to PGlite only, with a line saying so, when nothing answers', async () => {
    const choice = await findPostgres({ TEST_DATABASE_URL: '  ' }, async () => false);
    expect(choice).toEqual({ url: null });
    expect(describePostgres(choice)).toMatch(/PGlite figures only/);
  });

  it('never prints a password', () => {
    const line = describePostgres({ url: 'postgres://u:secret@db:5432/x', source: 'TEST_DATABASE_URL' });
    expect(line).not.toContain('secret');
  });
});
