export * from './automation';
