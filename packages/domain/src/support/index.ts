export * from './support-tickets';
export * from './support-widget';
