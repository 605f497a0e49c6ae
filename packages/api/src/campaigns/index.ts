// @convo/api/campaigns: campaigns: send, list, recipients, drafts, opt-outs, senders and templates.
// Other contexts import this one only through this file.

export * from './campaigns.js';
export * from './constants.js';
