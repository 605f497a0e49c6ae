export * from './custom-routing.js';
export * from './inbox.js';
export * from './reply-suggestions.js';
export * from './transcript-settings.js';
