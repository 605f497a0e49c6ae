// The builder's languages: which one is being edited, and the change the languages dialog sends.

import type { Bot, BotUpdate } from '@convo/api';
import { BOT_LANGUAGES, type BotLanguage, isBotLanguage } from '@convo/domain';

/** The `?lang=` language when the bot has it enabled, else the bot's default language. */
export function pickBuilderLanguage(
  bot: Pick<Bot, 'languages' | 'defaultLanguage'>,
  requested: string | null,
): BotLanguage {
  if (isBotLanguage(requested) && bot.languages.includes(requested)) return requested;
  if (isBotLanguage(bot.defaultLanguage)) return bot.defaultLanguage;
  return 'en';
}

/**
 * What PUT bot gets from the languages dialog: the enabled languages (always with the default one,
 * in the product's order) and the default; null when nothing changed.
 */
export function languageChange(
  bot: Pick<Bot, 'languages' | 'defaultLanguage'>,
  languages: readonly string[],
  defaultLanguage: string,
): BotUpdate | null {
  const chosen = new Set(languages.filter(isBotLanguage));
  const fallbackDefault = isBotLanguage(bot.defaultLanguage) ? bot.defaultLanguage : 'en';
  const nextDefault: BotLanguage = isBotLanguage(defaultLanguage) ? defaultLanguage : fallbackDefault;
  chosen.add(nextDefault);
  const ordered = BOT_LANGUAGES.filter((code) => chosen.has(code));
  const sameLanguages =
    ordered.length === bot.languages.length && ordered.every((code) => bot.languages.includes(code));
  const change: BotUpdate = {
    ...(sameLanguages ? {} : { languages: ordered }),
    ...(nextDefault === bot.defaultLanguage ? {} : { defaultLanguage: nextDefault }),
  };
  return Object.keys(change).length === 0 ? null : change;
}
