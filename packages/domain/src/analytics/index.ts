// @convo/domain/analytics: analytics ranges and buckets, and the Insights cache. Other contexts
// import this one only through this file.

export * from './analytics';
export * from './insight-cache';
