// @convo/api/customers: the company's customers (/users: list, import) and their attributes. Other
// contexts import this one only through this file or constants.ts.

export * from './constants.js';
export * from './customer-attributes.js';
export * from './customers.js';
