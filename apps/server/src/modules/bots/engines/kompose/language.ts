import { type BotLanguage, detectLanguage } from '@convo/domain';
import { detectAll } from 'tinyld';

// Which of the bot's languages answers a customer message. One-line messages carry little
// evidence, so: the detector made for short text (tinyld, restricted to the bot's languages) says
// most, the shipped stop-word profiles (@convo/domain) add their vote, and the bot's default
// language is the prior: it wins when the text gives no evidence ("ok", "👍") or the evidence is
// too thin to overturn it. Kannada is told by its script.

const KANNADA = /[\u0C80-\u0CFF]/gu;
const LETTER = /\p{L}/gu;

/** How much the default language is preferred before looking at the text. */
const DEFAULT_PRIOR = 0.08;
/** The stop-word profiles' weight next to tinyld's score (0…1). */
const PROFILE_WEIGHT = 0.25;

export function messageLanguage(
  text: string,
  bot: { defaultLanguage: BotLanguage; languages: readonly BotLanguage[] },
): BotLanguage {
  const candidates = [bot.defaultLanguage, ...bot.languages.filter((l) => l !== bot.defaultLanguage)];
  if (candidates.length === 1) return bot.defaultLanguage;
  const letters = text.match(LETTER)?.length ?? 0;
  if (letters === 0) return bot.defaultLanguage;
  const kannada = text.match(KANNADA)?.length ?? 0;
  if (candidates.includes('kn') && kannada * 2 >= letters) return 'kn';
  const latin = candidates.filter((l) => l !== 'kn');
  if (latin.length === 0) return bot.defaultLanguage;
  if (latin.length === 1 && kannada === 0) return latin[0] as BotLanguage;

  const scores = new Map<BotLanguage, number>(
    latin.map((l) => [l, l === bot.defaultLanguage ? DEFAULT_PRIOR : 0]),
  );
  for (const { lang, accuracy } of detectAll(text, { only: latin })) {
    const l = lang as BotLanguage;
    if (scores.has(l)) scores.set(l, (scores.get(l) as number) + accuracy);
  }
  const profile = detectLanguage(text, latin);
  if (profile)
    scores.set(profile.language, (scores.get(profile.language) ?? 0) + PROFILE_WEIGHT * profile.confidence);
  let best: BotLanguage = bot.defaultLanguage;
  let bestScore = -1;
  for (const l of candidates) {
    const s = scores.get(l);
    if (s !== undefined && s > bestScore) {
      best = l;
      bestScore = s;
    }
  }
  return best;
}
