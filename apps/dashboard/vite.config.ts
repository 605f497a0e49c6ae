import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, defineConfig, type Plugin, type Rolldown, type UserConfig } from 'vite';
import { precompressDir } from '../../scripts/precompress.mjs';
import type { EarlyFiles } from './src/app/early/early-start';
import type { Landing } from './src/app/routing/landing';

// In development the API, the messaging API, WebSockets and health checks go to the local server.
const SERVER = 'http://localhost:3000';

// Chunks (issue 18: /dashboard interactive under 1 s; issue 39: what each page downloads). Left to
// itself the bundler made some 110 chunks, 50 of them preloaded by index.html: over HTTP/1.1 the
// browser fetches six at a time, so a cold load spent most of its second queueing small files.
// Grouped instead by what loads them: what index.html needs (one file), the libraries of the
// charts and of the rich-text editor (only the pages that show them), one group per first route
// (ROUTE_GROUPS below), and the rest left to the bundler. dompurify stays out of the editor group:
// the inbox sanitises messages with it and must not fetch the editor for that.
const CHART_LIBRARIES =
  /node_modules[\\/](recharts|@mantine[\\/]charts|d3-[a-z-]+|victory-vendor|decimal\.js-light|@reduxjs|redux|redux-thunk|reselect|react-redux|immer|es-toolkit|eventemitter3|react-is|internmap)[\\/]/;
const EDITOR_LIBRARIES =
  /node_modules[\\/](@tiptap|prosemirror-[a-z-]+|linkifyjs|orderedmap|rope-sequence|w3c-keyname)[\\/]/;

// Route groups (issue 39): left to itself the bundler makes a chunk per set of pages sharing a
// module, some 100 small files per signed-in page, each paying its response headers and
// compressing worse than one file. Instead, each module a route's page runs goes to the first
// route (in the order a visitor meets them) that runs it: the sign-in page, the whole app's
// router, the signed-in shell, /dashboard, then /conversations. What a page runs is only known
// once the bundler has dropped unused code (a page importing one component of @mantine/core's
// index imports them all), so a first build without these groups (not written) says which
// modules each route's chunks hold.
// A group then only needs its own, earlier groups' and the boot's modules: no cycle between
// chunks. Modules no route runs keep the bundler's own chunks (settings, editor, charts...).
const ROUTE_GROUPS: [name: string, roots: string[]][] = [
  ['route-sign-in', ['src/app/sign-in/sign-in-app.tsx', 'src/features/auth/pages/login-page.tsx']],
  // The router, react-query and the routes' table: every page but a cold sign-in page.
  ['route-app', ['src/app/full-app.tsx']],
  // /dashboard's first request (its range in the browser's time zone), which boot sends as soon as
  // the config is in: before the shell, so that its chunk needs the boot's alone and runs before
  // the page's chunks have come (features/analytics/lib/initial-overview-request.ts).
  ['route-dashboard-request', ['src/features/analytics/lib/initial-overview-request.ts']],
  ['route-shell', ['src/app/layout/signed-in-container.tsx']],
  [
    'route-dashboard',
    ['src/features/home/dashboard-page.tsx', 'src/features/analytics/lib/initial-overview.ts'],
  ],
  ['route-inbox', ['src/features/inbox/pages/inbox-page.tsx']],
];

/**
 * Each module's route group, from a first build's chunks (see ROUTE_GROUPS). A module that two
 * pages behind the shell run (the inbox and /dashboard share lists, avatars, statuses) goes to the
 * shell, which both load: neither page then fetches the other's group for it.
 */
function routeGroupsOf(
  output: Rolldown.OutputChunk[],
  importsOf: ReadonlyMap<string, readonly string[]>,
): Map<string, string> {
  const byFile = new Map(output.map((chunk) => [chunk.fileName, chunk]));
  const runBy = new Map<string, number[]>();
  const empty = new Set<string>();
  ROUTE_GROUPS.forEach(([name, roots], index) => {
    const rootIds = new Set(roots.map((root) => path.resolve(import.meta.dirname, root)));
    const stack = output.filter((c) => c.facadeModuleId !== null && rootIds.has(c.facadeModuleId));
    if (stack.length === 0) throw new Error(`Route group ${name}: no chunk holds its roots`);
    const seen = new Set<string>();
    while (stack.length > 0) {
      const chunk = stack.pop() as Rolldown.OutputChunk;
      if (seen.has(chunk.fileName)) continue;
      seen.add(chunk.fileName);
      // The boot chunk stays as it is.
      if (chunk.isEntry) continue;
      for (const [id, module] of Object.entries(chunk.modules)) {
        if (module.renderedLength === 0) {
          empty.add(id);
          continue;
        }
        const routes = runBy.get(id) ?? [];
        routes.push(index);
        runBy.set(id, routes);
      }
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported !== undefined) stack.push(imported);
      }
    }
  });
  const shell = ROUTE_GROUPS.findIndex(([name]) => name === 'route-shell');
  const signIn = ROUTE_GROUPS.findIndex(([name]) => name === 'route-sign-in');
  const groupOf = new Map<string, string>();
  for (const [id, routes] of runBy) {
    const first = Math.min(...routes);
    // The sign-in page's modules that signed-in pages run too (Mantine's inputs, shared helpers)
    // go to boot, which the sign-in page loads anyway: a signed-in page then never fetches the
    // sign-in group.
    if (first === signIn && routes.some((route) => route !== signIn)) {
      groupOf.set(id, 'boot');
      continue;
    }
    const group = first > shell && routes.length > 1 ? shell : first;
    groupOf.set(id, ROUTE_GROUPS[group]?.[0] as string);
  }
  const bootIds = new Set(output.filter((c) => c.isEntry).flatMap((c) => Object.keys(c.modules)));
  foldEmptyModules(empty, importsOf, groupOf, bootIds);
  return groupOf;
}

/**
 * A module the routes reach that renders nothing (a barrel: app/realtime's index, a library's
 * dist/es2015/index.js) is claimed by no route, and the bundler gave each such one a chunk holding
 * only `import "./route-shell-….js"`: a request of its own (~0.5 KB with headers) for 34 bytes.
 * It goes instead to the one route group that all it imports went to (the boot aside, which every
 * page loads): whoever imports it loads that group already, so no page downloads anything more.
 * A barrel over modules of several groups, or of the bundler's own chunks, keeps its chunk.
 */
function foldEmptyModules(
  empty: ReadonlySet<string>,
  importsOf: ReadonlyMap<string, readonly string[]>,
  groupOf: Map<string, string>,
  bootIds: ReadonlySet<string>,
): void {
  // undefined: adds no group (boot, or nothing rendered); null: a group other than a route's.
  const memo = new Map<string, string | null | undefined>();
  const groupFor = (id: string): string | null | undefined => {
    if (bootIds.has(id)) return undefined;
    const own = groupOf.get(id);
    // The library groups outrank the route groups (priority), so a chart module is not the
    // dashboard's even though the dashboard's route claimed it.
    if (CHART_LIBRARIES.test(id) || EDITOR_LIBRARIES.test(id)) return null;
    if (own !== undefined) return own === 'boot' ? undefined : own;
    if (!empty.has(id)) return null;
    if (memo.has(id)) return memo.get(id);
    memo.set(id, undefined); // barrels importing each other round a loop
    let group: string | null | undefined;
    for (const imported of importsOf.get(id) ?? []) {
      const its = groupFor(imported);
      if (its === undefined) continue;
      if (its === null || (group !== undefined && its !== group)) {
        group = null;
        break;
      }
      group = its;
    }
    memo.set(id, group);
    return group;
  };
  for (const id of empty) {
    const group = groupFor(id);
    if (typeof group === 'string') groupOf.set(id, group);
  }
}

/** Each module's static imports in a build, read when it is written (for foldEmptyModules). */
function recordImports(into: Map<string, readonly string[]>): Plugin {
  return {
    name: 'convo-record-imports',
    generateBundle(_options, bundle) {
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk') continue;
        for (const id of Object.keys(file.modules)) {
          into.set(id, this.getModuleInfo(id)?.importedIds ?? []);
        }
      }
    },
  };
}

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

// The early start (src/app/early/early-start.ts, issue 39): inlined in index.html, it asks for the
// config, the translations and the landing page's files as the page is parsed. It is built on its
// own as a classic script, and told here what each landing loads: the chunks holding these roots,
// with the chunks they import (what the app's import() would fetch) and their stylesheets.
// The server allows it by its hash (apps/server/src/http/security-headers.ts, dashboardCsp).
/** A route group's roots (ROUTE_GROUPS): what the app imports when it lands there. */
function groupRoots(name: string): string[] {
  const group = ROUTE_GROUPS.find(([groupName]) => groupName === name);
  if (group === undefined) throw new Error(`Early start: no route group ${name}`);
  return group[1];
}
// The signed-in landings: the whole app, the shell, the only Mantine stylesheets a landing page
// needs (lazyPage's landingStylesOnly), then the page's own group.
const signedIn = (page: string) => [
  ...groupRoots('route-app'),
  ...groupRoots('route-shell'),
  'src/app/styles/mantine-pages.ts',
  ...groupRoots(page),
];
const LANDING_ROOTS: Record<Landing, string[]> = {
  'sign-in': groupRoots('route-sign-in'),
  app: groupRoots('route-app'),
  dashboard: signedIn('route-dashboard'),
  inbox: signedIn('route-inbox'),
};
const EARLY_FILES_TOKEN = '__EARLY_FILES__';

/** Each landing's chunks and stylesheets beyond the entry's, from the written bundle. */
function earlyFilesOf(bundle: Rolldown.OutputBundle): Record<Landing, EarlyFiles> {
  const chunks = Object.values(bundle).filter((f): f is Rolldown.OutputChunk => f.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const filesOf = (roots: string[]): EarlyFiles => {
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const stack: Rolldown.OutputChunk[] = [];
    for (const root of roots) {
      const id = path.resolve(import.meta.dirname, root);
      const chunk = chunks.find((c) => c.moduleIds.includes(id));
      if (chunk !== undefined) {
        stack.push(chunk);
        continue;
      }
      // A module that only imports stylesheets (styles/mantine-pages.ts) leaves no chunk: the
      // bundler writes its stylesheet under the module's name.
      const name = `${path.basename(root, path.extname(root))}.css`;
      const sheet = Object.values(bundle).find((f) => f.type === 'asset' && f.names.includes(name));
      if (sheet === undefined) throw new Error(`Early start: no chunk or stylesheet holds ${root}`);
      styles.add(`/${sheet.fileName}`);
    }
    while (stack.length > 0) {
      const chunk = stack.pop() as Rolldown.OutputChunk;
      // index.html loads the entry and its stylesheet itself.
      if (chunk.isEntry || scripts.has(`/${chunk.fileName}`)) continue;
      scripts.add(`/${chunk.fileName}`);
      for (const css of chunk.viteMetadata?.importedCss ?? []) styles.add(`/${css}`);
      for (const file of chunk.imports) {
        const imported = byFile.get(file);
        if (imported !== undefined) stack.push(imported);
      }
    }
    return { scripts: [...scripts], styles: [...styles] };
  };
  const landings = Object.keys(LANDING_ROOTS) as Landing[];
  return Object.fromEntries(landings.map((l) => [l, filesOf(LANDING_ROOTS[l])])) as Record<
    Landing,
    EarlyFiles
  >;
}

/** The early start as one minified classic script, its files still to be written in. */
async function buildEarlyStart(): Promise<string> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    root: import.meta.dirname,
    publicDir: false,
    build: {
      write: false,
      target: 'es2022',
      // Reading a constant's property, Object.values and a Set of constants have no effect in
      // the modules it imports: what the script does not use goes.
      rolldownOptions: {
        treeshake: { propertyReadSideEffects: false, manualPureFunctions: ['Object.values', 'Set'] },
      },
      lib: {
        entry: path.resolve(import.meta.dirname, 'src/app/early/early-start.ts'),
        formats: ['iife'],
        name: 'convoEarlyStart',
      },
    },
  });
  const outputs = (Array.isArray(output) ? output : [output]) as Rolldown.RolldownOutput[];
  const chunk = outputs.flatMap((o) => o.output).find((f) => f.type === 'chunk');
  if (chunk === undefined || !chunk.code.includes(EARLY_FILES_TOKEN))
    throw new Error('Early start: the build wrote no script naming its files');
  return chunk.code.trim();
}

/** Puts the early start first in index.html's head, with each landing's files. */
function earlyStart(script: string): Plugin {
  return {
    name: 'convo-early-start',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (context.bundle === undefined) return html;
        const files = JSON.stringify(earlyFilesOf(context.bundle));
        // A function: a replacement string would read "$&" and the like in it as patterns.
        const code = script.replace(EARLY_FILES_TOKEN, () => files);
        return { html, tags: [{ tag: 'script', children: code, injectTo: 'head-prepend' }] };
      },
    },
  };
}

// React on the wire is preact/compat (issue 39 item 2; docs/decisions.md): `react` and `react-dom`
// are src/preact/react.js (compat with React's Children keys, <Activity> and autoFocus), and
// preact is taken from its unminified sources: its published files are minified and name their
// diff function `z`, which `manualPureFunctions: ['z']` below would drop every call to. Each name
// points at one file, so no dependency brings a second preact (the widget's preact 10 sits at the
// root). Only the production build: the dev server keeps React for its fast refresh.
const PREACT = path.dirname(
  createRequire(path.join(import.meta.dirname, 'package.json')).resolve('preact/package.json'),
);
const PREACT_ALIASES = [
  { find: /^preact$/, replacement: path.join(PREACT, 'src/index.js') },
  { find: /^preact\/hooks$/, replacement: path.join(PREACT, 'hooks/src/index.js') },
  { find: /^preact\/compat$/, replacement: path.join(PREACT, 'compat/src/index.js') },
  { find: /^preact\/jsx-runtime$/, replacement: path.join(PREACT, 'jsx-runtime/src/index.js') },
  { find: /^react(-dom)?$/, replacement: path.resolve(import.meta.dirname, 'src/preact/react.js') },
  { find: /^react\/jsx(-dev)?-runtime$/, replacement: path.join(PREACT, 'compat/jsx-runtime.mjs') },
  { find: /^react-dom\/client$/, replacement: path.join(PREACT, 'compat/client.mjs') },
];

/**
 * Mantine's ScrollArea imports `useMergeRefs` from @floating-ui/react, and Table (its
 * ScrollContainer) brings ScrollArea to /dashboard and /conversations. floating-ui's module is
 * also what the overlays loaded on first use need (components/overlays), so the route groups kept
 * all of it in the shell: ScrollArea gets a two-line stand-in instead (issue 39).
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const standIn = path.resolve(import.meta.dirname, 'src/components/overlays/merge-refs.ts');
  return {
    name: 'convo-scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === '@floating-ui/react' &&
        importer !== undefined &&
        /[\\/]ScrollArea[\\/]ScrollArea\.mjs$/.test(importer)
      ) {
        return standIn;
      }
      return null;
    },
  };
}

const baseGroups = [
  { name: 'boot', tags: ['$initial' as const], priority: 40 },
  { name: 'charts', test: CHART_LIBRARIES, priority: 30 },
  { name: 'editor', test: EDITOR_LIBRARIES, priority: 30 },
];

function config(
  groups: typeof baseGroups | Rolldown.CodeSplittingGroup[],
  plugins: Plugin[],
  preact = true,
): UserConfig {
  return {
    root: import.meta.dirname,
    plugins: [react(), scrollAreaWithoutFloatingUi(), ...plugins],
    resolve: { alias: preact ? PREACT_ALIASES : [] },
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
        // A call on zod's namespace (\`z.object(…)\`, \`z.string().check(…)\`) builds a schema and
        // nothing else. Rolldown drops an unused one only while zod sits in the caller's chunk:
        // once zod is shared by several chunks it keeps them, and with them every schema of a
        // contract module that no page uses (issue 39). \`z\` names zod's namespace wherever the
        // dashboard and packages/api write it; no module of ours calls it for an effect.
        treeshake: { manualPureFunctions: ['z'] },
        output: {
          codeSplitting: {
            groups,
          },
        },
      },
    },
  };
}

export default defineConfig(async ({ command, isPreview }) => {
  if (command !== 'build' || isPreview) return config(baseGroups, [], false);
  const importsOf = new Map<string, readonly string[]>();
  const probe = await build({
    ...config(baseGroups, [recordImports(importsOf)]),
    configFile: false,
    logLevel: 'warn',
    build: { ...config(baseGroups, []).build, write: false },
  });
  const outputs = (Array.isArray(probe) ? probe : [probe]) as Rolldown.RolldownOutput[];
  const chunks = outputs.flatMap((o) =>
    o.output.filter((f): f is Rolldown.OutputChunk => f.type === 'chunk'),
  );
  const groupOf = routeGroupsOf(chunks, importsOf);
  const routeGroups = ROUTE_GROUPS.map(([name], index) => ({
    name,
    test: (id: string) => groupOf.get(id) === name,
    priority: 20 - index,
    includeDependenciesRecursively: false,
  }));
  // Boot: what index.html runs (the first build's entry chunk) and what the sign-in page shares with
  // signed-in pages; one file still, so the sign-in page loads two.
  const bootIds = new Set(chunks.filter((c) => c.isEntry).flatMap((c) => Object.keys(c.modules)));
  const boot = {
    name: 'boot',
    test: (id: string) => bootIds.has(id) || groupOf.get(id) === 'boot',
    priority: 40,
  };
  const [, ...libraryGroups] = baseGroups;
  const early = await buildEarlyStart();
  return config([boot, ...libraryGroups, ...routeGroups], [earlyStart(early), precompress()]);
});
