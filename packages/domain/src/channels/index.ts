// @convo/domain/channels: e-mail fallback and threading, the Slack mirror, the customer-service
// window, WhatsApp templates and calls. Other contexts import this one only through this file.

export * from './calls';
export * from './email-fallback';
export * from './email-threading';
export * from './service-window';
export * from './slack-mirror';
export * from './whatsapp-templates';
