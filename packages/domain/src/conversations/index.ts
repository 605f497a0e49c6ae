export * from './conversation-transitions';
export * from './custom-routing';
export * from './inbox';
export * from './response-times';
export * from './routing';
