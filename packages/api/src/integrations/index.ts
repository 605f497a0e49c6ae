// @convo/api/integrations: outgoing webhooks, the automation connector, CRMs, online stores and the
// AI model providers' credentials. Other contexts import this one only through this file or
// constants.ts.

export * from './ai-model-credentials.js';
export * from './automation.js';
export * from './constants.js';
export * from './crm.js';
export * from './stores.js';
export * from './webhooks.js';
