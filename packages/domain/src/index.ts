// Public API of @convo/domain.

export * from './access';
export * from './accounts';
export * from './analytics';
export * from './billing';
export * from './bots';
export * from './campaigns';
export * from './channels';
export * from './conversations';
export * from './customers';
export * from './integrations';
export * from './messaging';
export * from './shared';
export * from './support';
export * from './widget';
