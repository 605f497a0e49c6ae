export * from './constants';
export * from './messages-catalogue';
export * from './pagination';
export * from './paths';
export * from './statuses';
export * from './text-template';
export * from './theme';
export * from './validation';
