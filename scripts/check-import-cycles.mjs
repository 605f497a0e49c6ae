// Fails when files of the server or the dashboard import each other in a circle (directly or
// through other files), or when a lower layer of the server imports a higher one (LAYERS), or when
// a module boundary rule is broken beyond the checked-in baseline (moduleBoundaries below; issue 33), or
// when the shared packages' contexts loop or are entered past their entry points (packageContexts). Uses the TypeScript compiler's own import scanner, so `.js` specifiers on
// TypeScript sources, `import type`, re-exports and lazy `import()` all count: a layer that
// imports a higher one, even only for a type, is the start of a tangle. See docs/decisions.md.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

const ROOTS = ['apps/server/src', 'apps/dashboard/src', 'packages/api/src', 'packages/domain/src'];
const EXTENSIONS = ['.ts', '.tsx'];

const SERVER = 'apps/server/src/';
/** Test code may reach any layer (it builds the whole app); production code only downwards. */
const isTestCode = (file) =>
  /\.test\.tsx?$/.test(file) || file.startsWith(`${SERVER}testing/`) || /test-harness\.ts$/.test(file);
/**
 * The server's layers, bottom up: platform and db; http (plumbing); modules; the composition root
 * (app.ts, main.ts). A file may import its own layer or lower ones, never a higher one.
 */
const LAYERS = [
  { name: 'platform', match: (f) => f.startsWith(`${SERVER}platform/`) || f.startsWith(`${SERVER}db/`) },
  { name: 'http', match: (f) => f.startsWith(`${SERVER}http/`) },
  { name: 'modules', match: (f) => f.startsWith(`${SERVER}modules/`) },
  { name: 'testing', match: (f) => f.startsWith(`${SERVER}testing/`) },
  { name: 'composition', match: (f) => f === `${SERVER}app.ts` || f === `${SERVER}main.ts` },
];
const layerOf = (file) => LAYERS.findIndex((l) => l.match(file));

/** Imports from a lower server layer up to a higher one, as [from, to] relative paths. */
export function upwardImports(graph, rel) {
  const found = [];
  for (const [from, targets] of graph) {
    const f = rel(from);
    const fromLayer = layerOf(f);
    if (fromLayer < 0 || isTestCode(f)) continue;
    for (const to of targets) {
      if (layerOf(rel(to)) > fromLayer) found.push([f, rel(to)]);
    }
  }
  return found;
}

/** Every TypeScript source under `dir` (tests included: they must not close circles either). */
function sourcesUnder(dir) {
  const found = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) found.push(...sourcesUnder(full));
    else if (EXTENSIONS.some((e) => full.endsWith(e)) && !full.endsWith('.d.ts')) found.push(full);
  }
  return found;
}

/** The file a relative specifier names: `./x.js` is `./x.ts(x)`, `./dir` is `./dir/index.ts(x)`. */
function resolve(from, specifier) {
  if (!specifier.startsWith('.')) return null; // packages and workspaces are outside the graph
  const base = path.resolve(path.dirname(from), specifier);
  const stem = base.replace(/\.(m?js|jsx)$/, '');
  const candidates = [
    base,
    ...EXTENSIONS.map((e) => stem + e),
    ...EXTENSIONS.map((e) => path.join(base, `index${e}`)),
  ];
  return candidates.find((c) => existsSync(c) && statSync(c).isFile()) ?? null;
}

/** Strongly connected components with more than one file (or a file importing itself): Tarjan. */
export function findCycles(graph) {
  let index = 0;
  const indexOf = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const cycles = [];
  const visit = (start) => {
    // Iterative, so deep import chains cannot overflow the call stack.
    const work = [[start, 0]];
    indexOf.set(start, index);
    low.set(start, index++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [node, i] = frame;
      const next = graph.get(node) ?? [];
      if (i < next.length) {
        frame[1] = i + 1;
        const to = next[i];
        if (!indexOf.has(to)) {
          indexOf.set(to, index);
          low.set(to, index++);
          stack.push(to);
          onStack.add(to);
          work.push([to, 0]);
        } else if (onStack.has(to)) {
          low.set(node, Math.min(low.get(node), indexOf.get(to)));
        }
        continue;
      }
      work.pop();
      if (work.length > 0) {
        const parent = work[work.length - 1][0];
        low.set(parent, Math.min(low.get(parent), low.get(node)));
      }
      if (low.get(node) === indexOf.get(node)) {
        const component = [];
        let member;
        do {
          member = stack.pop();
          onStack.delete(member);
          component.push(member);
        } while (member !== node);
        if (component.length > 1 || next.includes(node)) cycles.push(component.sort());
      }
    }
  };
  for (const node of graph.keys()) if (!indexOf.has(node)) visit(node);
  return cycles;
}

/** One shortest circle through `start` inside its component, to show which arrow to reverse. */
function circleThrough(graph, component, start) {
  const members = new Set(component);
  const previous = new Map([[start, null]]);
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift();
    for (const to of graph.get(node) ?? []) {
      if (to === start) {
        const chain = [node];
        while (previous.get(chain[0])) chain.unshift(previous.get(chain[0]));
        return [...chain, start];
      }
      if (members.has(to) && !previous.has(to)) {
        previous.set(to, node);
        queue.push(to);
      }
    }
  }
  return [start];
}

export function importGraph(roots) {
  const graph = new Map();
  for (const root of roots) {
    for (const file of sourcesUnder(root)) {
      const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
      const targets = importedFiles.map((f) => resolve(file, f.fileName)).filter((t) => t !== null);
      graph.set(file, [...new Set(targets)]);
    }
  }
  return graph;
}

/**
 * Zod-free entries: what light clients import (the chat widget), so nothing they reach may import
 * zod, whose top-level schemas cannot be tree-shaken (issue 39: zod was 55 % of the chat app).
 */
export function zodFreeEntries(repo) {
  const api = 'packages/api/src';
  const contexts = readdirSync(path.join(repo, api))
    .filter((d) => existsSync(path.join(repo, api, d, 'constants.ts')))
    .map((d) => `${api}/${d}/constants.ts`);
  // @convo/domain is pure rules without zod altogether: everything its index reaches.
  return [`${api}/constants.ts`, ...contexts.sort(), 'packages/domain/src/index.ts'];
}

/** The files reachable from `entry` through relative imports that import zod themselves. */
export function zodImportersReachedFrom(entry) {
  const seen = new Set([entry]);
  const queue = [entry];
  const found = [];
  while (queue.length > 0) {
    const file = queue.shift();
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    if (importedFiles.some((f) => f.fileName === 'zod' || f.fileName.startsWith('zod/'))) found.push(file);
    for (const f of importedFiles) {
      const to = resolve(file, f.fileName);
      if (to && !seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return found;
}

const MODULES = `${SERVER}modules/`;
const FEATURES = 'apps/dashboard/src/features/';
/** The server module a file belongs to (`modules/<m>/…`), or null. */
const moduleOf = (file) => (file.startsWith(MODULES) ? file.slice(MODULES.length).split('/')[0] : null);
/** The dashboard feature a file belongs to (`features/<f>/…`), or null. */
const featureOf = (file) => (file.startsWith(FEATURES) ? file.slice(FEATURES.length).split('/')[0] : null);
/** A repository file: `repository.ts`, `digest-repository.ts`, anything under a `repository/` folder. */
const isRepository = (file) => /(^|\/|-)repository(\.ts|\/)/.test(file.slice(file.lastIndexOf('/modules/')));
/** Shared plumbing, which may import no module at all. */
const isPlumbing = (file) => ['http/', 'platform/', 'db/'].some((d) => file.startsWith(SERVER + d));
const isDashboardTestCode = (file) => /\.test\.tsx?$/.test(file) || file.includes('/testing/');

/** The arrows of `graph` (a Map of node to targets) that lie inside one of its strongly connected components. */
function arrowsInsideCycles(graph) {
  const componentOf = new Map();
  findCycles(graph).forEach((component, i) => {
    for (const node of component) componentOf.set(node, i);
  });
  const arrows = [];
  for (const [from, targets] of graph) {
    for (const to of targets) {
      if (componentOf.has(from) && componentOf.get(from) === componentOf.get(to))
        arrows.push(`${from} -> ${to}`);
    }
  }
  return { arrows: arrows.sort(), members: componentOf.size, loops: new Set(componentOf.values()).size };
}

/** The folder-level graph: an arrow between two groups when a production file of one imports a file of the other. */
function groupGraph(graph, rel, groupOf, isTest) {
  const groups = new Map();
  for (const [from, targets] of graph) {
    const f = rel(from);
    const g = groupOf(f);
    if (g === null || isTest(f)) continue;
    if (!groups.has(g)) groups.set(g, new Set());
    for (const to of targets) {
      const h = groupOf(rel(to));
      if (h !== null && h !== g) groups.get(g).add(h);
    }
  }
  return new Map([...groups].map(([g, s]) => [g, [...s].sort()]));
}

/**
 * The module boundary rules (issue 33), each a sorted list of findings kept as strings so they can be
 * compared with the baseline: arrows between server modules inside a folder-level loop; imports of another
 * module's repository; other imports of another module past its front door (`modules/<m>/index.ts`), from
 * modules and from the composition root and operator command alike; plumbing importing a module; arrows
 * between dashboard features inside a loop. Test code is exempt (it builds the whole app).
 */
export function moduleBoundaries(graph, rel) {
  const repositoryImports = [];
  const deepImports = [];
  const plumbingImports = [];
  for (const [from, targets] of graph) {
    const f = rel(from);
    if (!f.startsWith(SERVER) || isTestCode(f)) continue;
    const own = moduleOf(f);
    for (const target of targets) {
      const t = rel(target);
      const other = moduleOf(t);
      if (other === null || other === own) continue;
      const arrow = `${f} -> ${t}`;
      if (isPlumbing(f)) plumbingImports.push(arrow);
      else if (isRepository(t)) repositoryImports.push(arrow);
      else if (t !== `${MODULES}${other}/index.ts`) deepImports.push(arrow);
    }
  }
  const folders = arrowsInsideCycles(groupGraph(graph, rel, moduleOf, isTestCode));
  const features = arrowsInsideCycles(groupGraph(graph, rel, featureOf, isDashboardTestCode));
  return {
    folderCycles: folders,
    features,
    findings: {
      serverFolderCycleArrows: folders.arrows,
      crossModuleRepositoryImports: repositoryImports.sort(),
      deepImports: deepImports.sort(),
      plumbingImportsOfModules: plumbingImports.sort(),
      dashboardFeatureCycleArrows: features.arrows,
    },
  };
}

const PACKAGE_ROOTS = ['packages/api/src/', 'packages/domain/src/'];
/** The package a file belongs to (`packages/api/src/…` is `api`), or null. */
const packageOf = (file) => {
  const root = PACKAGE_ROOTS.find((r) => file.startsWith(r));
  return root ? root.split('/')[1] : null;
};
/** A shared package's context (`packages/api/src/bots/…` is `api/bots`), or null (outside, or a root entry). */
export const contextOf = (file) => {
  const pkg = packageOf(file);
  if (pkg === null) return null;
  const rest = file.slice(`packages/${pkg}/src/`.length);
  return rest.includes('/') ? `${pkg}/${rest.split('/')[0]}` : null;
};
/** A context's entry points: its index.ts, and in packages/api its zod-free constants.ts where it has one. */
const isContextEntry = (file) =>
  /^packages\/[^/]+\/src\/[^/]+\/index\.ts$/.test(file) ||
  /^packages\/api\/src\/[^/]+\/constants\.ts$/.test(file);
const isPackageTest = (file) => /\.test\.ts$/.test(file);

/**
 * The shared packages' contexts (issue 33 item 4): arrows between contexts inside a folder-level loop
 * (tests exempt), and imports of another context's files past its entry points or of the package's
 * root entries from inside a context (tests included: they have the index like everyone else).
 */
export function packageContexts(graph, rel) {
  const deep = [];
  for (const [from, targets] of graph) {
    const f = rel(from);
    const own = contextOf(f);
    if (own === null) continue;
    for (const target of targets) {
      const t = rel(target);
      if (packageOf(t) === null) continue;
      const other = contextOf(t);
      if (other === own) continue;
      if (other === null || !isContextEntry(t)) deep.push(`${f} -> ${t}`);
    }
  }
  const loops = arrowsInsideCycles(groupGraph(graph, rel, contextOf, isPackageTest));
  const contexts = new Set([...graph.keys()].map((f) => contextOf(rel(f))).filter((c) => c !== null));
  return {
    contexts,
    loops,
    findings: { packageContextCycleArrows: loops.arrows, packageDeepImports: deep.sort() },
  };
}

/** `@convo/api` or one context's full entry: both reach zod (its `/constants` entries do not). */
const ZOD_ENTRY = /^@convo\/api(\/(?!constants$)[a-z-]+)?$/;
/**
 * The chat widget's imports that would bundle zod: a value (not `import type`) from `@convo/api` or
 * a context's full entry. Its constants come from the `/constants` entries, its types by `import type`.
 */
export function lightClientZodImports(file, text) {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false);
  const found = [];
  for (const node of source.statements) {
    const spec =
      node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier) ? node.moduleSpecifier.text : null;
    if (spec === null || !ZOD_ENTRY.test(spec)) continue;
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      if (!clause || clause.isTypeOnly) {
        if (!clause) found.push(spec); // a bare import runs the module
        continue;
      }
      const named = clause.namedBindings;
      const onlyTypes =
        !clause.name &&
        named !== undefined &&
        ts.isNamedImports(named) &&
        named.elements.every((e) => e.isTypeOnly);
      if (!onlyTypes) found.push(spec);
    } else if (ts.isExportDeclaration(node) && !node.isTypeOnly) {
      const named = node.exportClause;
      if (!(named && ts.isNamedExports(named) && named.elements.every((e) => e.isTypeOnly))) found.push(spec);
    }
  }
  return found;
}

const LIGHT_CLIENTS = ['apps/widget/src'];

/** Findings not in the baseline (new violations) and baseline entries no longer found (to remove). */
export function compareWithBaseline(findings, baseline) {
  const added = [];
  const gone = [];
  for (const [rule, found] of Object.entries(findings)) {
    const allowed = new Set(baseline[rule] ?? []);
    const now = new Set(found);
    for (const entry of found) if (!allowed.has(entry)) added.push([rule, entry]);
    for (const entry of allowed) if (!now.has(entry)) gone.push([rule, entry]);
  }
  return { added, gone };
}

const BASELINE = 'scripts/import-boundaries.baseline.json';

if (import.meta.url === `file://${process.argv[1]}`) {
  const repo = path.resolve(import.meta.dirname, '..');
  const graph = importGraph(ROOTS.map((r) => path.join(repo, r)));
  const cycles = findCycles(graph);
  const rel = (f) => path.relative(repo, f);
  const upward = upwardImports(graph, rel);
  for (const component of cycles) {
    process.stderr.write(`\nImport circle of ${component.length} file(s):\n`);
    for (const file of component) process.stderr.write(`  ${rel(file)}\n`);
    const example = circleThrough(graph, component, component[0]);
    process.stderr.write(`  for example: ${example.map(rel).join('\n            → ')}\n`);
  }
  for (const [from, to] of upward) {
    const names = `${LAYERS[layerOf(from)].name} → ${LAYERS[layerOf(to)].name}`;
    process.stderr.write(`\nUpward import (${names}): ${from} imports ${to}\n`);
  }
  const zodLeaks = zodFreeEntries(repo).flatMap((entry) =>
    zodImportersReachedFrom(path.join(repo, entry)).map((file) => [entry, rel(file)]),
  );
  for (const [entry, file] of zodLeaks) {
    process.stderr.write(`\nZod reached from the zod-free entry ${entry}: ${file} imports zod\n`);
  }
  if (zodLeaks.length > 0) process.exit(1);
  if (cycles.length > 0 || upward.length > 0) {
    process.stderr.write(
      `\n${cycles.length} import circle(s), ${upward.length} upward import(s). Move the shared piece ` +
        'below both sides so imports point one way (docs/architecture.md).\n',
    );
    process.exit(1);
  }
  process.stdout.write(`No import circle among ${graph.size} files of ${ROOTS.join(', ')}.\n`);

  // Module boundaries: today's exceptions are the baseline; a new one fails, and so does an entry that
  // no longer occurs (remove it, so the budgets only fall). `--prune-baseline` removes those entries.
  const boundaries = moduleBoundaries(graph, rel);
  const { folderCycles, features } = boundaries;
  const packages = packageContexts(graph, rel);
  const lightClientImports = [];
  for (const root of LIGHT_CLIENTS) {
    for (const file of sourcesUnder(path.join(repo, root))) {
      if (/\.test\.tsx?$/.test(file)) continue;
      for (const spec of lightClientZodImports(file, readFileSync(file, 'utf8')))
        lightClientImports.push(`${rel(file)} -> ${spec}`);
    }
  }
  const findings = {
    ...boundaries.findings,
    ...packages.findings,
    lightClientZodImports: lightClientImports.sort(),
  };
  const baselinePath = path.join(repo, BASELINE);
  const baseline = JSON.parse(readFileSync(baselinePath, 'utf8'));
  const { added, gone } = compareWithBaseline(findings, baseline);
  const n = (rule) => findings[rule].length;
  process.stdout.write(
    'Module boundary budgets (target 0):\n' +
      `  folder cycles between server modules: ${folderCycles.members} modules in ${folderCycles.loops} loop(s), ` +
      `${n('serverFolderCycleArrows')} arrows inside loops\n` +
      `  cross-module repository imports: ${n('crossModuleRepositoryImports')}\n` +
      `  deep imports past a module's index.ts: ${n('deepImports')}\n` +
      `  plumbing (http/, platform/, db/) imports of modules: ${n('plumbingImportsOfModules')}\n` +
      `  dashboard feature cycles: ${features.members} features in ${features.loops} loop(s), ` +
      `${n('dashboardFeatureCycleArrows')} arrows inside loops\n` +
      `Shared package contexts (target 0): ${packages.contexts.size} contexts in packages/api and packages/domain\n` +
      `  cycles between contexts: ${packages.loops.members} contexts in ${packages.loops.loops} loop(s), ` +
      `${n('packageContextCycleArrows')} arrows inside loops\n` +
      `  imports past another context's index.ts or constants.ts: ${n('packageDeepImports')}\n` +
      `  the chat widget's value imports of a zod entry of @convo/api: ${n('lightClientZodImports')}\n`,
  );
  if (process.argv.includes('--prune-baseline') && gone.length > 0) {
    const goneSet = new Set(gone.map(([rule, entry]) => `${rule}\0${entry}`));
    const pruned = Object.fromEntries(
      Object.entries(baseline).map(([rule, entries]) => [
        rule,
        Array.isArray(entries) ? entries.filter((e) => !goneSet.has(`${rule}\0${e}`)) : entries,
      ]),
    );
    writeFileSync(baselinePath, `${JSON.stringify(pruned, null, 2)}\n`);
    process.stdout.write(`Removed ${gone.length} entries that no longer occur from ${BASELINE}.\n`);
  } else {
    for (const [rule, entry] of gone) {
      process.stderr.write(`\nNo longer found (${rule}), remove it from ${BASELINE}: ${entry}\n`);
    }
  }
  for (const [rule, entry] of added)
    process.stderr.write(`\nNew module boundary violation (${rule}): ${entry}\n`);
  const stale = process.argv.includes('--prune-baseline') ? 0 : gone.length;
  if (added.length > 0 || stale > 0) {
    process.stderr.write(
      `\n${added.length} new boundary violation(s), ${stale} baseline entr(ies) no longer found. Import another ` +
        'module only through its index.ts, never its repository; shared plumbing imports no module; no loops ' +
        'between modules or dashboard features; another context of packages/api or packages/domain only ' +
        'through its index.ts or constants.ts, the widget takes values only from @convo/api/…/constants ' +
        `(docs/architecture.md). Stale entries: run \`node ` +
        'scripts/check-import-cycles.mjs --prune-baseline`.\n',
    );
    process.exit(1);
  }
}
