import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { precompressDir } from '../../scripts/precompress.mjs';

// In development the API, the messaging API, WebSockets and health checks go to the local server.
const SERVER = 'http://localhost:3000';

// Chunks (issue 18: /dashboard interactive under 1 s; issue 39: what each page downloads). Left to
// itself the bundler made some 110 chunks, 50 of them preloaded by index.html: over HTTP/1.1 the
// browser fetches six at a time, so a cold load spent most of its second queueing small files.
// Grouped instead by what loads them: what index.html needs (one file), the libraries of the
// charts and of the rich-text editor (only the pages that show them), and the rest left with the
// route that imports it (a library used by several routes goes to a chunk they share), so the
// sign-in page does not download the signed-in screens' libraries. dompurify stays out of the
// editor group: the inbox sanitises messages with it and must not fetch the editor for that.
const CHART_LIBRARIES =
  /node_modules[\\/](recharts|@mantine[\\/]charts|d3-[a-z-]+|victory-vendor|decimal\.js-light|@reduxjs|redux|redux-thunk|reselect|react-redux|immer|es-toolkit|eventemitter3|react-is|internmap)[\\/]/;
const EDITOR_LIBRARIES =
  /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|linkifyjs|orderedmap|rope-sequence|w3c-keyname)[\\/]/;

/** Writes .br and .gz beside each text file once the build is written (scripts/precompress.mjs). */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'convo-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: () => precompressDir(outDir),
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': SERVER,
      '/rest': SERVER,
      '/ws': { target: SERVER, ws: true },
      '/health': SERVER,
    },
  },
  preview: { port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'boot', tags: ['$initial'], priority: 40 },
            { name: 'charts', test: CHART_LIBRARIES, priority: 30 },
            { name: 'editor', test: EDITOR_LIBRARIES, priority: 30 },
          ],
        },
      },
    },
  },
});
