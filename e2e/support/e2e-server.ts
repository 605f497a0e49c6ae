import path from 'node:path';

// Where the e2e server runs and keeps its data: one place for the Playwright config and the helpers.
export const E2E_ROOT = path.resolve(import.meta.dirname, '../..');
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
// Per port, so two runs on one machine (different E2E_PORT) never share a database.
export const E2E_DATA_DIR = path.join(E2E_ROOT, '.data-test', `e2e-${E2E_PORT}`);
