// The front door of answer-bot: what other modules and the composition root (app.ts) may use.
export { answerBotRoutes } from './routes.js';
