import { describe, expect, it } from 'vitest';
import {
  compareWithBaseline,
  lightClientZodImports,
  moduleBoundaries,
  packageContexts,
} from './check-import-cycles.mjs';

const S = 'apps/server/src/';
const M = `${S}modules/`;
const F = 'apps/dashboard/src/features/';
/** A graph of relative paths (the check's `rel` is then the identity). */
const graphOf = (arrows) => {
  const graph = new Map();
  for (const [from, to] of arrows) {
    if (!graph.has(from)) graph.set(from, []);
    if (!graph.has(to)) graph.set(to, []);
    graph.get(from).push(to);
  }
  return graph;
};
const check = (arrows) => moduleBoundaries(graphOf(arrows), (f) => f);

describe('module boundaries', () => {
  it('allows a front door, and imports inside one module', () => {
    const { findings } = check([
      [`${M}a/service.ts`, `${M}b/index.ts`],
      [`${M}a/service.ts`, `${M}a/repository.ts`],
      [`${S}app.ts`, `${M}a/index.ts`],
    ]);
    expect(Object.values(findings).flat()).toEqual([]);
  });

  it('finds another module repository and deep imports, from modules and the composition root', () => {
    const { findings } = check([
      [`${M}a/service.ts`, `${M}b/repository.ts`],
      [`${M}a/service.ts`, `${M}b/sub/digest-repository.ts`],
      [`${M}a/routes.ts`, `${M}b/service.ts`],
      [`${S}app.ts`, `${M}b/routes.ts`],
    ]);
    expect(findings.crossModuleRepositoryImports).toEqual([
      `${M}a/service.ts -> ${M}b/repository.ts`,
      `${M}a/service.ts -> ${M}b/sub/digest-repository.ts`,
    ]);
    expect(findings.deepImports).toEqual([
      `${S}app.ts -> ${M}b/routes.ts`,
      `${M}a/routes.ts -> ${M}b/service.ts`,
    ]);
  });

  it('finds plumbing importing a module, even through its front door', () => {
    const { findings } = check([[`${S}http/app.ts`, `${M}a/index.ts`]]);
    expect(findings.plumbingImportsOfModules).toEqual([`${S}http/app.ts -> ${M}a/index.ts`]);
  });

  it('finds folder loops between modules and between dashboard features, but not through tests', () => {
    const { findings, folderCycles, features } = check([
      [`${M}a/service.ts`, `${M}b/index.ts`],
      [`${M}b/service.ts`, `${M}a/index.ts`],
      [`${M}c/x.test.ts`, `${M}a/index.ts`],
      [`${M}a/y.ts`, `${M}c/index.ts`],
      [`${F}inbox/page.tsx`, `${F}team/page.tsx`],
      [`${F}team/page.tsx`, `${F}inbox/page.tsx`],
    ]);
    expect(findings.serverFolderCycleArrows).toEqual(['a -> b', 'b -> a']);
    expect(folderCycles.members).toBe(2);
    expect(findings.dashboardFeatureCycleArrows).toEqual(['inbox -> team', 'team -> inbox']);
    expect(features.loops).toBe(1);
  });

  it('reports findings beyond the baseline and baseline entries no longer found', () => {
    const { added, gone } = compareWithBaseline(
      { deepImports: ['x -> y', 'new -> one'], crossModuleRepositoryImports: [] },
      { deepImports: ['x -> y'], crossModuleRepositoryImports: ['fixed -> repo'] },
    );
    expect(added).toEqual([['deepImports', 'new -> one']]);
    expect(gone).toEqual([['crossModuleRepositoryImports', 'fixed -> repo']]);
  });
});

describe('shared package contexts', () => {
  const A = 'packages/api/src/';
  const D = 'packages/domain/src/';
  const contexts = (arrows) => packageContexts(graphOf(arrows), (f) => f);

  it('allows a context index and constants entry, and imports inside one context', () => {
    const { findings } = contexts([
      [`${A}bots/bots.ts`, `${A}accounts/index.ts`],
      [`${A}widget/constants.ts`, `${A}accounts/constants.ts`],
      [`${A}bots/bots.ts`, `${A}bots/bot-credentials.ts`],
      [`${A}index.ts`, `${A}bots/index.ts`],
      [`${D}billing/billing.ts`, `${D}shared/index.ts`],
    ]);
    expect(Object.values(findings).flat()).toEqual([]);
  });

  it("finds another context's internals and the package root imported from inside a context", () => {
    const { findings } = contexts([
      [`${A}bots/bots.ts`, `${A}accounts/accounts.ts`],
      [`${D}billing/billing.test.ts`, `${D}shared/constants.ts`],
      [`${A}bots/bots.ts`, `${A}index.ts`],
    ]);
    expect(findings.packageDeepImports).toEqual([
      `${A}bots/bots.ts -> ${A}accounts/accounts.ts`,
      `${A}bots/bots.ts -> ${A}index.ts`,
      `${D}billing/billing.test.ts -> ${D}shared/constants.ts`,
    ]);
  });

  it('finds loops between contexts, but not through tests', () => {
    const { findings, loops } = contexts([
      [`${A}bots/bots.ts`, `${A}accounts/index.ts`],
      [`${A}accounts/accounts.ts`, `${A}bots/index.ts`],
      [`${D}shared/x.test.ts`, `${D}billing/index.ts`],
      [`${D}billing/billing.ts`, `${D}shared/index.ts`],
    ]);
    expect(findings.packageContextCycleArrows).toEqual([
      'api/accounts -> api/bots',
      'api/bots -> api/accounts',
    ]);
    expect(loops.loops).toBe(1);
  });

  it("finds the widget's value imports of a zod entry, not its type imports or constants", () => {
    const text = [
      "import type { Message } from '@convo/api';",
      "import { type GroupFeed } from '@convo/api/messaging';",
      "import { BOT_PATHS } from '@convo/api/bots/constants';",
      "import { ACCOUNT_PATHS } from '@convo/api/constants';",
      "import { messageSchema } from '@convo/api/messaging';",
      "import { type X, botSchema } from '@convo/api';",
      "export { widgetSchema } from '@convo/api/widget';",
      "export type { Y } from '@convo/api/widget';",
    ].join('\n');
    expect(lightClientZodImports('x.ts', text)).toEqual([
      '@convo/api/messaging',
      '@convo/api',
      '@convo/api/widget',
    ]);
  });
});
