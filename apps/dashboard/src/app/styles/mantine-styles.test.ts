import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Mantine's CSS is imported per component (mantine-boot.ts, mantine-pages.ts), not as one sheet:
// a component some screen uses whose stylesheet neither file imports renders unstyled. This reads
// every import from '@mantine/core' in the dashboard and asks for its stylesheet in one of them.
const src = path.resolve(import.meta.dirname, '../..');
const stylesDir = path.resolve(src, '../../../node_modules/@mantine/core/styles');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe('Mantine stylesheets', () => {
  it('every Mantine component the dashboard imports has its stylesheet loaded', () => {
    const used = new Set<string>();
    for (const file of sources(src)) {
      for (const m of readFileSync(file, 'utf8').matchAll(
        /import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'@mantine\/core'/g,
      ))
        for (const part of (m[1] ?? '').split(',')) {
          const name = part
            .replace(/\btype\b/, '')
            .split(' as ')[0]
            ?.trim();
          if (name) used.add(name);
        }
    }
    const loaded = new Set(
      ['mantine-boot.ts', 'mantine-pages.ts'].flatMap((f) =>
        [
          ...readFileSync(path.join(import.meta.dirname, f), 'utf8').matchAll(/styles\/([A-Za-z]+)\.css/g),
        ].map((m) => m[1]),
      ),
    );
    const missing = [...used]
      .filter((n) => existsSync(path.join(stylesDir, `${n}.css`)) && !loaded.has(n))
      .sort();
    expect(missing).toEqual([]);
  });
});
