// The answer bot's numbers and paths, without zod: the chat widget imports them (bundle size).

export const ANSWER_BOT_MIN_SUGGESTIONS = 1;
export const ANSWER_BOT_MAX_SUGGESTIONS = 5;
export const ANSWER_BOT_DEFAULT_SUGGESTIONS = 3;
/** Shortest typed text the widget asks suggestions for (fewer letters match everything). */
export const ANSWER_BOT_MIN_QUERY = 3;

export const ANSWER_BOT_PATHS = {
  /** GET / PUT the application's answer bot (privilege helpcenter.answer-bot). */
  settings: '/api/helpcenter/answer-bot',
} as const;

export const WIDGET_ANSWER_BOT_PATHS = {
  /** GET ?q=&lang=: the application's published articles matching what the visitor types. */
  suggestions: '/widget/api/answer-bot/suggestions',
  /** GET one published article (sanitized body). */
  article: '/widget/api/answer-bot/articles/:id',
  /** POST: the article answered the visitor's question. */
  deflections: '/widget/api/answer-bot/deflections',
} as const;

export const widgetAnswerArticlePath = (id: string) =>
  WIDGET_ANSWER_BOT_PATHS.article.replace(':id', encodeURIComponent(id));
