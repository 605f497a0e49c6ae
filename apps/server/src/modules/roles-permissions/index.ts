// The front door of roles-permissions: what other modules and the composition root (app.ts) may use, by name;
// the rest of the module stays private (scripts/check-import-cycles.mjs refuses imports past an
// index.ts). Modules import each other one way only, so re-exporting services and routes closes no circle.
export { lockCompanySetting, saveCompanySetting } from './repository.js';
export { rolesPermissionsRoutes } from './routes.js';
