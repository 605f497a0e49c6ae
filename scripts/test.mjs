// `npm test`: install if needed, then typecheck, lint, import circles, landed migrations, unit and integration tests (PGlite, plus
// PostgreSQL when TEST_DATABASE_URL is set), a fresh build, and the browser end-to-end tests.
import { ensureChromium } from './ensure-chromium.mjs';
import { ensureBuilt, ensureInstalled, runOrExit } from './lib.mjs';

const started = Date.now();
await ensureInstalled();
await runOrExit('Typecheck', 'node', ['scripts/typecheck.mjs']);
await runOrExit('Lint (biome)', 'npx', ['biome', 'check', '.']);
await runOrExit('Import circles and layers', 'node', ['scripts/check-import-cycles.mjs']);
// Landed migrations unchanged against the lock and main's history (under CI=true, all locked).
await runOrExit('Landed migrations', 'node', ['scripts/migrations-lock.mjs', 'check']);
await runOrExit('Unit and integration tests (vitest)', 'npx', ['vitest', 'run']);
await ensureBuilt();
await ensureChromium();
await runOrExit('End-to-end tests in Chromium (playwright)', 'npx', [
  'playwright',
  'test',
  '-c',
  'e2e/playwright.config.ts',
]);
process.stdout.write(`\n✓ All checks passed in ${Math.round((Date.now() - started) / 1000)} s\n`);
