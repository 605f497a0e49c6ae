export * from './install-kits.js';
export * from './widget-public.js';
export * from './widget-settings.js';
export * from './widget-snippets.js';
