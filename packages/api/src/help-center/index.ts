export * from './answer-bot.js';
export * from './answer-bot-paths.js';
export * from './help-center.js';
