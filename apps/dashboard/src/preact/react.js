// What the production build gives for `react` and `react-dom` (vite.config.ts aliases them here):
// preact/compat, with React's Children keys, <Activity> and autoFocus from compat-extras.ts.
// JavaScript: the TypeScript compiler refuses `export *` from compat's `export =` typings.
import compat from 'preact/compat';
import { Activity, Children } from './compat-extras';

export * from 'preact/compat';
export { Activity, Children };
export default { ...compat, Activity, Children };
