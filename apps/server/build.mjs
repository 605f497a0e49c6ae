// Bundles the server (and the workspace packages it imports) into dist/main.js, the operator command into
// dist/convo.js, the upload-parsing process into dist/knowledge-parse-worker.js and the embedded
// database's thread into dist/pglite-worker.js; npm packages stay external and load from
// node_modules. The SQL migrations are copied beside it.
import { cpSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));
process.chdir(here);

rmSync('dist', { recursive: true, force: true });
await build({
  // The server, and the operator command (`npm run convo`, `convo` in the container image); the
  // knowledge parsing process's entry beside main.js, where platform/isolated-process.ts looks for it.
  entryPoints: {
    main: './src/main.ts',
    convo: './src/ops/main.ts',
    'knowledge-parse-worker': './src/modules/bots/knowledge/parsers/parse-worker.ts',
    'code-action-sandbox': './src/modules/bots/code-actions/sandbox-worker.mjs',
    // The embedded database's thread, beside main.js where platform/db/pglite-thread.ts looks for it.
    'pglite-worker': './src/platform/db/pglite-worker.mjs',
  },
  absWorkingDir: here,
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // npm packages stay external; workspace packages (TypeScript sources) are bundled in.
  plugins: [
    {
      name: 'external-npm-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.kind === 'entry-point' || args.path.startsWith('@convo/')
            ? undefined
            : { path: args.path, external: true },
        );
      },
    },
  ],
  logLevel: 'warning',
});
cpSync('src/db/migrations', 'dist/migrations', { recursive: true });
