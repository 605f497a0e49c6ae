// @convo/domain/billing: plans, pricing versions and the price list, account states and limits,
// plan changes, feature access and the LLM spending caps. Other contexts import this one only
// through this file.

export * from './billing';
export * from './billing-account';
export * from './billing-change';
export * from './billing-features';
export * from './billing-pricing';
export * from './llm-caps';
