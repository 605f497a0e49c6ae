// @convo/domain/shared: constants and limits of SPEC §9, the status enumerations, validation rules
// and SPEC §5/§8 texts, pagination, text templates, paths and theme. Other contexts import this one
// only through this file.

export * from './constants';
export * from './messages-catalogue';
export * from './pagination';
export * from './paths';
export * from './statuses';
export * from './text-template';
export * from './theme';
export * from './validation';
