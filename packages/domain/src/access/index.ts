export * from './policy';
export * from './signup-block';
