// @convo/api/widget: the chat widget: its settings, its public API, the snippets and the install
// kits. Other contexts import this one only through this file or constants.ts.

export * from './constants.js';
export * from './widget-public.js';
export * from './widget-settings.js';
export * from './widget-snippets.js';
