// The front door of reply-suggestions: its routes, for the composition root.
export { replySuggestionRoutes } from './routes.js';
