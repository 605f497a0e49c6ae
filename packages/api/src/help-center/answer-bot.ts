import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';
import { ANSWER_BOT_MAX_SUGGESTIONS, ANSWER_BOT_MIN_SUGGESTIONS } from './answer-bot-paths.js';
import { helpCenterLanguageSchema } from './help-center.js';

// Help center answer bot (issue 16 item 4): while a visitor types in the widget, before a person
// answers, published articles are suggested; "Yes, this answered my question" is a deflection.

export const answerBotSettingsSchema = z.object({
  enabled: z.boolean(),
  suggestionCount: z.number().int().min(ANSWER_BOT_MIN_SUGGESTIONS).max(ANSWER_BOT_MAX_SUGGESTIONS),
});
export type AnswerBotSettings = z.infer<typeof answerBotSettingsSchema>;

export const answerBotViewSchema = answerBotSettingsSchema.extend({
  deflections: z.object({ total: z.number(), last30Days: z.number() }),
  /** Articles that answered visitors most often. */
  topArticles: z.array(z.object({ articleId: z.string(), title: z.string(), count: z.number() })),
});
export type AnswerBotView = z.infer<typeof answerBotViewSchema>;
export const answerBotResponseSchema = successEnvelope(answerBotViewSchema);

export const widgetSuggestionQuerySchema = z.object({
  q: z.string().trim().max(300).default(''),
  lang: z.string().trim().max(10).optional(),
});

export const widgetSuggestionSchema = z.object({
  id: z.string(),
  title: z.string(),
  snippet: z.string(),
  language: helpCenterLanguageSchema,
  /** The article on the public site (absolute). */
  url: z.string(),
});
export type WidgetSuggestion = z.infer<typeof widgetSuggestionSchema>;

export const widgetSuggestionsResponseSchema = z.object({
  /** False when the answer bot is off: the widget stops asking. */
  enabled: z.boolean(),
  articles: z.array(widgetSuggestionSchema),
});
export type WidgetSuggestionsResponse = z.infer<typeof widgetSuggestionsResponseSchema>;

export const widgetAnswerArticleParamsSchema = z.object({ id: z.uuid() });
export const widgetAnswerArticleSchema = widgetSuggestionSchema.omit({ snippet: true }).extend({
  /** Sanitized with the help center's one whitelist. */
  bodyHtml: z.string(),
});
export type WidgetAnswerArticle = z.infer<typeof widgetAnswerArticleSchema>;

export const widgetDeflectionRequestSchema = z.object({
  articleId: z.uuid(),
  query: z.string().trim().max(300).default(''),
});
export const widgetDeflectionResponseSchema = z.object({ recorded: z.literal(true) });
