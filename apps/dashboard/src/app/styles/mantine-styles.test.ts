import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Mantine's CSS is imported per component (issue 39): a component left out renders unstyled (the
// first attempt missed AppShell's and Burger's files, and the layout overflowed a phone's width).
// This checks every component the dashboard imports, and those it is built from, has its file.

const SRC = path.resolve(import.meta.dirname, '../..');
// The package's main file is cjs/index.cjs: its folder's parent is the package.
const MANTINE = path.resolve(path.dirname(createRequire(import.meta.url).resolve('@mantine/core')), '..');
const COMPONENTS = path.join(MANTINE, 'esm/components');

function files(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return files(full, pattern);
    return pattern.test(entry.name) ? [full] : [];
  });
}

/** Names imported (as values) from @mantine/core in these files (all the dashboard's sources). */
function importedNames(sources: Iterable<string> = files(SRC, /\.tsx?$/)): Set<string> {
  const names = new Set<string>();
  for (const file of sources) {
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/import\s*\{([^}]*)\}\s*from\s*'@mantine\/core'/g)) {
      for (const part of (match[1] ?? '').split(',')) {
        const name =
          part
            .trim()
            .split(/\s+as\s+/)[0]
            ?.trim() ?? '';
        if (name !== '' && !name.startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

/** The component folders a folder's code imports (Drawer → ModalBase, …), transitively. */
function withBuildingBlocks(start: Iterable<string>): Set<string> {
  const folders = new Set(readdirSync(COMPONENTS));
  const seen = new Set<string>();
  const queue = [...start].filter((name) => folders.has(name));
  while (queue.length > 0) {
    const folder = queue.pop() as string;
    if (seen.has(folder)) continue;
    seen.add(folder);
    for (const file of files(path.join(COMPONENTS, folder), /\.mjs$/)) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/from ['"](?:\.\.\/)+([A-Z][A-Za-z]*)\//g)) {
        const dep = match[1] ?? '';
        if (folders.has(dep)) queue.push(dep);
      }
    }
  }
  return seen;
}

/**
 * The sources a signed-in landing page runs or opens: the shell, /dashboard and /conversations,
 * and what they import, statically or when opened (a side panel, a modal), other pages aside.
 */
function landingSources(): Set<string> {
  const roots = [
    'app/layout/signed-in-container.tsx',
    'features/home/dashboard-page.tsx',
    'features/inbox/pages/inbox-page.tsx',
  ];
  const seen = new Set<string>();
  const queue = roots.map((root) => path.join(SRC, root));
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:from\s*|import\()\s*'(\.[^']+)'/g)) {
      const spec = match[1] ?? '';
      const dynamic = match[0].startsWith('import(');
      // Other pages load mantine-more.ts themselves.
      if (dynamic && /-(page|pages|layout)$/.test(spec)) continue;
      const base = path.resolve(path.dirname(file), spec);
      const found = [
        `${base}.ts`,
        `${base}.tsx`,
        path.join(base, 'index.ts'),
        path.join(base, 'index.tsx'),
      ].find((candidate) => existsSync(candidate));
      if (found !== undefined) queue.push(found);
    }
  }
  return seen;
}

function listed(file: string): Set<string> {
  const source = readFileSync(path.join(import.meta.dirname, file), 'utf8');
  return new Set([...source.matchAll(/@mantine\/core\/styles\/([A-Za-z-]+)\.css/g)].map((m) => m[1] ?? ''));
}

describe('Mantine stylesheets per component', () => {
  it('lists the file of every component the dashboard uses', () => {
    const stylesheets = new Set(
      readdirSync(path.join(MANTINE, 'styles'))
        .filter((f) => !f.includes('.layer'))
        .map((f) => f.replace(/\.css$/, '')),
    );
    const needed = [...withBuildingBlocks(importedNames())].filter((name) => stylesheets.has(name));
    const have = new Set([
      ...listed('mantine-boot.ts'),
      ...listed('mantine-pages.ts'),
      ...listed('mantine-more.ts'),
    ]);
    expect(needed.length).toBeGreaterThan(20);
    expect(needed.filter((name) => !have.has(name)).sort()).toEqual([]);
  });

  it('leaves out of mantine-more.ts the components a signed-in landing page shows', () => {
    const landing = landingSources();
    expect(landing.size).toBeGreaterThan(50);
    const shown = withBuildingBlocks(importedNames(landing));
    expect([...listed('mantine-more.ts')].filter((name) => shown.has(name)).sort()).toEqual([]);
  });
});
