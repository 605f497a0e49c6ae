import { Redis } from 'ioredis';
import pg from 'pg';

// Vitest global setup of the integration project. The PostgreSQL half of every integration file
// and the two-node test run only when TEST_DATABASE_URL (and REDIS_URL) point at live services;
// on a developer's machine without them they are skipped. Under CI=true a skip would be a green
// run that tested less, so a missing or unreachable service fails the run with one line, and the
// output always says which services the tests ran against.

export interface ServiceProbes {
  postgres(url: string): Promise<boolean>;
  redis(url: string): Promise<boolean>;
}

export type ServicesVerdict = { ok: true; line: string } | { ok: false; line: string };

const isCi = (env: Record<string, string | undefined>) => /^(1|true|yes)$/i.test(env.CI?.trim() ?? '');

function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '<not a URL>';
  }
}

/** Which services the tests will use, and whether that is acceptable (under CI: both, live). */
export async function checkServices(
  env: Record<string, string | undefined>,
  probes: ServiceProbes = liveProbes,
): Promise<ServicesVerdict> {
  const pgUrl = env.TEST_DATABASE_URL?.trim();
  const redisUrl = env.REDIS_URL?.trim();
  const [pgUp, redisUp] = await Promise.all([
    pgUrl ? probes.postgres(pgUrl) : Promise.resolve(false),
    redisUrl ? probes.redis(redisUrl) : Promise.resolve(false),
  ]);
  const problems: string[] = [];
  if (!pgUrl) problems.push('TEST_DATABASE_URL is not set');
  else if (!pgUp) problems.push(`PostgreSQL at ${redact(pgUrl)} does not answer`);
  if (!redisUrl) problems.push('REDIS_URL is not set');
  else if (!redisUp) problems.push(`Redis at ${redact(redisUrl)} does not answer`);
  if (problems.length === 0)
    return {
      ok: true,
      line: `Services: PostgreSQL at ${redact(pgUrl!)} and Redis at ${redact(redisUrl!)} answer: the PostgreSQL and Redis tests run`,
    };
  if (isCi(env))
    return {
      ok: false,
      line: `CI=true but ${problems.join(' and ')}: the PostgreSQL/Redis tests would be skipped (start them first, as .ci/run does)`,
    };
  return {
    ok: true,
    line: `Services: ${problems.join(' and ')}: ${pgUp ? '' : 'the PostgreSQL half of the integration tests and '}the two-node test are skipped`,
  };
}

/** Whether a PostgreSQL server answers a query at this URL (the benches ask it too). */
export async function canReachPostgres(url: string, timeoutMs: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: timeoutMs });
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const liveProbes: ServiceProbes = {
  postgres: (url) => canReachPostgres(url, 5000),
  async redis(url) {
    const client = new Redis(url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
      connectTimeout: 5000,
    });
    try {
      await client.connect();
      return (await client.ping()) === 'PONG';
    } catch {
      return false;
    } finally {
      client.disconnect();
    }
  },
};

/** Vitest's global setup: one line, and under CI a thrown error when a service is missing. */
export default async function setup(): Promise<void> {
  const verdict = await checkServices(process.env);
  process.stdout.write(`${verdict.line}\n`);
  if (!verdict.ok) {
    // The line is the whole message: a stack trace of vitest's internals would only bury it.
    const error = new Error(verdict.line);
    error.stack = verdict.line;
    throw error;
  }
}
