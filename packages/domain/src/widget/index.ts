export * from './business-hours';
