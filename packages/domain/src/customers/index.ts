// @convo/domain/customers: customer CSV import and export. Other contexts import this one only
// through this file.

export * from './customer-csv';
