// `npm start`: install if needed, build if sources changed, then run the server (all roles, PGlite
// in ./data unless DATABASE_URL is set). Ctrl-C reaches the server, which closes the database.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ensureBuilt, ensureInstalled, root } from './lib.mjs';

await ensureInstalled();
await ensureBuilt();

// The server's node flags (apps/server/node-args.json, shared with the benches): source maps, and a
// young generation of 2 × 32 MB. Each request allocates briefly; with the default 16 MB the
// collector ran about twice as often, and the messaging bench measured some 15 % more CPU per message.
const nodeArgs = JSON.parse(readFileSync(path.join(root, 'apps/server/node-args.json'), 'utf8'));
const child = spawn(
  process.execPath,
  [...nodeArgs, path.join(root, 'apps/server/dist/main.js'), ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: 'inherit',
    env: { NODE_ENV: 'production', ...process.env },
  },
);
// The terminal sends Ctrl-C to the whole group; the server handles it. Forward SIGTERM ourselves.
process.on('SIGINT', () => {});
process.on('SIGTERM', () => child.kill('SIGTERM'));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
