export * from './customer-attributes.js';
export * from './customers.js';
