// The front door of billing: what other modules may use (their feature and seat gates, entitlements).
// Billing imports no other module, so importing it closes no circle.
export * from './entitlements.js';
export * from './gate.js';
export { externalCustomerIdOf } from './service.js';
export { meterStoredMessages } from './usage-on-send.js';
