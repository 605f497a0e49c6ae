export * from './analytics';
export * from './insight-cache';
