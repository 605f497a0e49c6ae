// The front door of billing: what other modules may use (their feature and seat gates, entitlements)
// and what the composition root wires (routes, providers, the usage meter, the account gate).
// Billing imports no other module, so importing it closes no circle.

export { withAccountState } from './account-gate.js';
export * from './entitlements.js';
export * from './gate.js';
export { manualProvider, type PaymentProvider } from './provider.js';
export { createStripeProvider } from './providers/stripe/stripe-provider.js';
export { billingRoutes } from './routes.js';
export { BillingInputError, extendTrial, externalCustomerIdOf, setPlan } from './service.js';
export { usageMeterOf } from './usage-meter.js';
export { meterStoredMessages } from './usage-on-send.js';
