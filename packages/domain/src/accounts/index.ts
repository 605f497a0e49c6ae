export * from './onboarding';
export * from './permissions';
export * from './public-names';
export * from './roles';
export * from './routes';
export * from './sign-in-throttle';
export * from './team-rules';
