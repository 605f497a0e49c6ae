// Public API of @convo/domain.
export * from './billing';
export * from './business-hours';
export * from './constants';
export * from './conversation-transitions';
export * from './messages';
export * from './messages-catalogue';
export * from './onboarding';
export * from './paths';
export * from './permissions';
export * from './roles';
export * from './routes';
export * from './routing';
export * from './statuses';
export * from './theme';
export * from './validation';
