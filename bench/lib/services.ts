import { canReachPostgres } from '../../apps/server/src/testing/ci-services.js';

/** The machine's PostgreSQL, as `.ci/run` finds it (the cluster Debian's package starts). */
export const MACHINE_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/test';

export type PostgresChoice = { url: string; source: 'TEST_DATABASE_URL' | 'machine' } | { url: null };

/**
 * The PostgreSQL the benches measure: TEST_DATABASE_URL when set (trusted as given), else the
 * machine's when a connection to it succeeds, else none (the benches then run on PGlite only).
 */
export async function findPostgres(
  env: Record<string, string | undefined>,
  reachable: (url: string) => Promise<boolean> = canConnect,
): Promise<PostgresChoice> {
  const given = env.TEST_DATABASE_URL?.trim();
  if (given) return { url: given, source: 'TEST_DATABASE_URL' };
  if (await reachable(MACHINE_POSTGRES_URL)) return { url: MACHINE_POSTGRES_URL, source: 'machine' };
  return { url: null };
}

/** One line saying which database the PostgreSQL figures come from, or that there are none. */
export function describePostgres(choice: PostgresChoice): string {
  if (choice.url === null)
    return `PostgreSQL: none reachable (TEST_DATABASE_URL unset, nothing at ${MACHINE_POSTGRES_URL}): PGlite figures only, the PostgreSQL budgets are not measured`;
  return `PostgreSQL: ${redact(choice.url)} (${choice.source === 'machine' ? "the machine's" : 'TEST_DATABASE_URL'})`;
}

function redact(url: string): string {
  const u = new URL(url);
  if (u.password) u.password = '***';
  return u.toString();
}

const canConnect = (url: string) => canReachPostgres(url, 3000);
