export * from './bot-flows';
export * from './bot-runtime';
export * from './bot-training-warnings';
export * from './bots';
export * from './language-detection';
