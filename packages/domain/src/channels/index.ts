export * from './calls';
export * from './email-fallback';
export * from './email-threading';
export * from './service-window';
export * from './slack-mirror';
export * from './whatsapp-templates';
