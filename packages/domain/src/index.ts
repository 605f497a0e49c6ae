// Public API of @convo/domain.

export * from './analytics';
export * from './billing';
export * from './bot-runtime';
export * from './bots';
export * from './business-hours';
export * from './constants';
export * from './conversation-transitions';
export * from './customer-csv';
export * from './inbox';
export * from './language-detection';
export * from './messages';
export * from './messages-catalogue';
export * from './onboarding';
export * from './pagination';
export * from './paths';
export * from './permissions';
export * from './public-names';
export * from './response-times';
export * from './roles';
export * from './routes';
export * from './routing';
export * from './sign-in-throttle';
export * from './statuses';
export * from './team-rules';
export * from './theme';
export * from './validation';
