// @convo/domain/accounts: roles, the permission matrix, routes, who may change which member,
// sign-in throttling, onboarding steps and the names a customer may read. Other contexts import
// this one only through this file.

export * from './onboarding';
export * from './permissions';
export * from './public-names';
export * from './roles';
export * from './routes';
export * from './sign-in-throttle';
export * from './team-rules';
