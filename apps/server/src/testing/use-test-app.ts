import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { newTenant, type Tenant } from './messaging-fixtures.js';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.js';
import type { TestDbKind } from './test-database.js';

type Env = Record<string, string>;

/** `N` tenants as a tuple, so `const [a, b] = tenants` is typed without `| undefined`. */
type Tenants<N extends number, Acc extends Tenant[] = []> = number extends N
  ? Tenant[]
  : Acc['length'] extends N
    ? Acc
    : Tenants<N, [...Acc, Tenant]>;

export interface UseTestAppOptions<N extends number> extends TestAppOptions {
  /** Tenants (sign-ups, each with its super admin) to create once the app is up. Default 0. */
  tenants?: N;
  /** Extra config; a function is called in beforeAll, after the hooks registered before this call. */
  env?: Env | (() => Env);
  /** Give the file a temp DATA_DIR (`t.config.dataDir`), removed after the file. */
  dataDir?: boolean;
}

/**
 * The set-up every integration test file repeated: in a `describe` block, registers a beforeAll
 * that creates the test app (and tenants, and a temp DATA_DIR when asked) and an afterAll that
 * closes it. `t` and the tenants are live views of what beforeAll created, so tests and helpers
 * use them as before (`t.app.inject`, `tenant.admin`); reading them earlier throws. Hooks that
 * the file registers after this call run after this set-up, and their afterAll before its
 * clean-up (vitest runs afterAll hooks in reverse order).
 *
 *   const { t, tenants } = useTestApp(kind, { tenants: 2 });
 *   const [tenant, other] = tenants;
 */
export function useTestApp<N extends number = 0>(
  kind: TestDbKind,
  options: UseTestAppOptions<N> = {},
): { t: TestApp; tenants: Tenants<N> } {
  let created: TestApp | undefined;
  const createdTenants: Tenant[] = [];
  let dataDir: string | undefined;

  beforeAll(async () => {
    const env = typeof options.env === 'function' ? options.env() : { ...options.env };
    if (options.dataDir) {
      dataDir = mkdtempSync(path.join(tmpdir(), 'convo-test-'));
      env.DATA_DIR = dataDir;
    }
    created = await createTestApp(kind, env, options);
    for (let i = 0; i < (options.tenants ?? 0); i++) createdTenants.push(await newTenant(created));
  });
  afterAll(async () => {
    await created?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('useTestApp: read before its beforeAll ran');
    return value;
  };
  const t = liveView(() => ready(created), {
    app: true,
    database: true,
    config: true,
    lastMailTo: true,
    close: true,
  });
  const tenants = Array.from({ length: options.tenants ?? 0 }, (_, i) =>
    liveView(() => ready(createdTenants[i]), { applicationId: true, admin: true, adminUserName: true }),
  );
  return { t, tenants: tenants as Tenants<N> };
}

/** An object whose fields read through to `current()`; `fields` must list every key of T. */
function liveView<T extends object>(current: () => T, fields: Record<keyof T, true>): T {
  const view = {} as T;
  for (const key of Object.keys(fields) as (keyof T)[]) {
    Object.defineProperty(view, key, { enumerable: true, get: () => current()[key] });
  }
  return view;
}
