export * from './channels.js';
export * from './email-fallback.js';
