// @convo/domain/support: support tickets and when the vendor's support widget loads. Other contexts
// import this one only through this file.

export * from './support-tickets';
export * from './support-widget';
