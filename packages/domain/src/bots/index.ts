// @convo/domain/bots: bots, flows, the runtime's figures, training warnings and language detection.
// Other contexts import this one only through this file.

export * from './bot-flows';
export * from './bot-runtime';
export * from './bot-training-warnings';
export * from './bots';
export * from './language-detection';
