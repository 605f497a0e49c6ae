// @convo/api/widget/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/widget with
// `import type`, which the bundle never holds.

export * from './install-kits.js';

// widget-settings.ts

export const LAUNCHER_ICONS = ['chat', 'message', 'help', 'headset'] as const;

export const WIDGET_POSITIONS = ['right', 'left'] as const;

export const LEAD_FIELDS = ['name', 'email', 'phone'] as const;

/** Most links the widget's quick links show (more would push the conversation off a phone screen). */
export const QUICK_LINKS_MAX = 6;

export const WIDGET_SETTINGS_PATHS = {
  /** Product API, for the dashboard's settings pages (GET and PATCH). */
  chatWidget: '/api/settings/application/chat-widget',
} as const;
