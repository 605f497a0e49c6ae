export * from './customer-csv';
