export * from './app-modules';
export * from './applozic-message';
export * from './messages';
