export * from './ai-model-credentials.js';
export * from './automation.js';
export * from './automation-constants.js';
export * from './crm.js';
export * from './stores.js';
export * from './webhooks.js';
