export * from './billing';
export * from './billing-account';
export * from './billing-change';
export * from './billing-features';
export * from './billing-pricing';
export * from './llm-caps';
