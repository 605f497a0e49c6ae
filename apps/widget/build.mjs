// Builds the widget into dist/: the loaders as single small IIFE scripts (no framework), and the
// chat app as frame.html with one JS bundle (react/react-dom aliased to preact/compat).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { precompressDir } from '../../scripts/precompress.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const outDir = path.join(here, 'dist');

await build({
  root: here,
  base: '/widget/',
  configFile: false,
  logLevel: 'warn',
  resolve: { alias: { react: 'preact/compat', 'react-dom': 'preact/compat' } },
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2020',
    assetsInlineLimit: 0,
    rollupOptions: { input: path.join(here, 'frame.html') },
  },
});

const loaders = [
  ['src/loader/loader.ts', 'loader.js'],
  ['src/loader/agentic.ts', 'agentic/loader.js'],
  ['src/loader/sidebox.ts', 'sidebox.js'],
];
for (const [entry, file] of loaders) {
  await build({
    root: here,
    configFile: false,
    logLevel: 'warn',
    build: {
      outDir,
      emptyOutDir: false,
      target: 'es2018',
      minify: true,
      lib: { entry: path.join(here, entry), formats: ['iife'], name: 'ConvoLoader', fileName: () => file },
    },
  });
}

// Customers' pages load these files on every first visit: sent brotli or gzip (issue 39).
await precompressDir(outDir);
