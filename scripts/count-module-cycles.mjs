// Counts folder-level import circles between the server's modules (apps/server/src/modules/<name>):
// each module is one node, an import from a file of module A to a file of module B an arrow A → B.
// Prints the modules caught in circles and the pairs that import each other. A measuring aid for
// issue 33 (the permanent check is scripts/check-import-cycles.mjs).
import path from 'node:path';
import { findCycles, importGraph } from './check-import-cycles.mjs';

const repo = path.resolve(import.meta.dirname, '..');
const modulesDir = path.resolve(process.argv[2] ?? path.join(repo, 'apps/server/src/modules'));
const moduleOf = (file) => {
  const rel = path.relative(modulesDir, file);
  return rel.startsWith('..') ? null : rel.split(path.sep)[0];
};
const isTest = (file) => /\.test\.tsx?$/.test(file);

const files = importGraph([modulesDir]);
const folders = new Map();
for (const [from, targets] of files) {
  if (isTest(from)) continue;
  const a = moduleOf(from);
  if (!folders.has(a)) folders.set(a, new Set());
  for (const to of targets) {
    const b = moduleOf(to);
    if (b && b !== a) folders.get(a).add(b);
  }
}
const graph = new Map([...folders].map(([k, v]) => [k, [...v]]));
const cycles = findCycles(graph);
const inCycles = cycles.flat().sort();
const pairs = [];
for (const [a, targets] of graph)
  for (const b of targets) if (a < b && graph.get(b)?.includes(a)) pairs.push(`${a} ⇄ ${b}`);
console.log(
  `${graph.size} modules; ${inCycles.length} in ${cycles.length} folder-level circle(s); ${pairs.length} pair(s) import each other.`,
);
for (const c of cycles) console.log(`circle: ${c.join(', ')}`);
for (const p of pairs) console.log(`pair: ${p}`);
