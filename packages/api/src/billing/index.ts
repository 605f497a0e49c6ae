// @convo/api/billing: the account state, the billing screen and the help center product's plan.
// Other contexts import this one only through this file or constants.ts.

export * from './billing.js';
export * from './constants.js';
