import { defineConfig } from 'vitest/config';

// One config, three projects: fast pure/unit tests, dashboard component tests in a DOM, and integration tests that open a real database
// (PGlite always; PostgreSQL as well when TEST_DATABASE_URL is set).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.{ts,tsx}',
            'bench/lib/**/*.test.ts',
            'scripts/**/*.test.mjs',
          ],
          exclude: ['**/*.int.test.ts', '**/*.dom.test.tsx', '**/node_modules/**'],
          environment: 'node',
          // Files share their worker's module graph instead of loading it again each (the suite's
          // time went mostly to imports). The dashboard's DOM tests stay isolated: they depend on
          // lazy modules loading afresh.
          isolate: false,
        },
      },
      {
        // Component tests of the dashboard (Testing Library): a DOM, the app's providers, the network
        // faked by MSW (apps/dashboard/src/testing/render.tsx).
        test: {
          name: 'dom',
          include: ['apps/dashboard/src/**/*.dom.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['apps/dashboard/src/testing/dom-setup.ts'],
          environmentOptions: { happyDOM: { url: 'http://localhost:3000/' } },
          // User-event typing through Mantine is slow on two shared cores.
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'integration',
          include: ['apps/*/src/**/*.int.test.ts'],
          // Says which of PostgreSQL and Redis the tests use; under CI=true a missing one fails the run.
          globalSetup: ['apps/server/src/testing/ci-services.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Each file opens its own database; two cores, so keep parallelism modest. Runs after
          // the unit project (vitest requires its own group when the worker count differs).
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          // Each file builds its own app on its own database; only the imported modules are shared
          // (a slow two-core machine: 16 min with isolation, 7.6 min without).
          isolate: false,
        },
      },
    ],
  },
});
