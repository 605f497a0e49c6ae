// `tsc --noEmit` for every workspace, each with its own tsconfig (DOM for the dashboard, node for the server).
import { runOrExit } from './lib.mjs';

const projects = [
  'packages/domain',
  'packages/api',
  'packages/provider-fakes',
  'apps/server',
  'apps/dashboard',
  'apps/widget',
  'e2e',
  'bench',
];
for (const p of projects) await runOrExit(`Typecheck ${p}`, 'npx', ['tsc', '--noEmit', '-p', p]);
