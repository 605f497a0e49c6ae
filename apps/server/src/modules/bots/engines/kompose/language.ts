import { type BotLanguage, detectLanguage } from '@convo/domain';

// Which of the bot's languages answers a customer message: the detected one when the bot has it
// enabled, else the bot's default language (a short "ok" gives no evidence either way).

export function messageLanguage(
  text: string,
  bot: { defaultLanguage: BotLanguage; languages: readonly BotLanguage[] },
): BotLanguage {
  const candidates = [bot.defaultLanguage, ...bot.languages.filter((l) => l !== bot.defaultLanguage)];
  return detectLanguage(text, candidates)?.language ?? bot.defaultLanguage;
}
