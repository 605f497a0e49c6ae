// @convo/api/conversations: the inbox's settings (tags, quick replies, conversation settings,
// notification preferences), suggested replies and agent assist, transcript settings, custom
// routing. Other contexts import this one only through this file or constants.ts.

export * from './constants.js';
export * from './custom-routing.js';
export * from './inbox.js';
export * from './reply-suggestions.js';
export * from './transcript-settings.js';
