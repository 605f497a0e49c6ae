export * from './accounts.js';
export * from './errors.js';
export * from './messaging.js';
export * from './registration.js';
