// The front door of demo: what other modules and the composition root (app.ts) may use.
export { DEMO_MEMBERS, seedDemoIfEmpty } from './seed.js';
