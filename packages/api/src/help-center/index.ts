// @convo/api/help-center: the help center's content, its public site and the answer bot. Other
// contexts import this one only through this file or constants.ts.

export * from './answer-bot.js';
export * from './constants.js';
export * from './help-center.js';
