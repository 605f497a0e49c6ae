// `npm run convo -- <command>`: the operator command (backup, restore, migrate-to-postgres, check,
// create-admin). Installs and builds the server when needed, like `npm start`, then runs dist/convo.js.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

await ensureInstalled();
await ensureBuilt({ only: ['server'] });

const child = spawn(
  process.execPath,
  ['--enable-source-maps', path.join(root, 'apps/server/dist/convo.js'), ...process.argv.slice(2)],
  { cwd: process.cwd(), stdio: 'inherit', env: { NODE_ENV: 'production', ...process.env } },
);
// Ctrl-C reaches the whole group; the command's transaction rolls back when it dies.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
