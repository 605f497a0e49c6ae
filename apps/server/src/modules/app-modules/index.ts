// The front door of app-modules: what other modules and the composition root (app.ts) may use.
export { appModuleRoutes } from './routes.js';
export { moduleForRegistration, recordUsersModule, teamOfCustomersModule } from './service.js';
