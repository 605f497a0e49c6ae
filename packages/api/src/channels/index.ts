// @convo/api/channels: the integrations hub's channels and their inbound webhooks, Meta OAuth,
// WhatsApp templates, e-mail fallback. Other contexts import this one only through this file or
// constants.ts.

export * from './channels.js';
export * from './constants.js';
export * from './email-fallback.js';
export * from './email-original.js';
export * from './whatsapp-templates.js';
