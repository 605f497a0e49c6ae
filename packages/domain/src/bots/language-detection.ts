import { BOT_LANGUAGES, type BotLanguage } from './bots';

// Which of the shipped languages (en, es, fr, kn) a customer message is written in. Kannada is told
// by its script; English, Spanish and French by profiles of their most frequent short words and a
// few letters only one of them uses. Pure and fast (a message costs microseconds), so the bot
// engines call it on every message.

const KANNADA = /[\u0C80-\u0CFF]/gu;
const LETTER = /\p{L}/gu;

// Frequent function words and chat words; a word in two lists counts for both.
const STOP_WORDS: Readonly<Record<'en' | 'es' | 'fr', ReadonlySet<string>>> = {
  en: new Set(
    'the a an and or but is are was were be been am i you he she it we they my your our their me him her us them this that these those what which who whom where when why how do does did done can could will would should shall may might must have has had not no yes to of in on at for with from by about as if then than so too very there here hi hello hey thanks thank please bye goodbye ok okay want need get help order ship shipping return refund open time much many any some'.split(
      ' ',
    ),
  ),
  es: new Set(
    'el la los las un una unos unas y o pero es son era fue ser estar esta estoy estas esta estan soy eres yo tu usted el ella nosotros ellos mi mis su sus nuestro que cual quien donde cuando como por porque para con sin de del al en sobre hay muy mas menos si no se me te le lo nos les hola gracias adios buenos buenas dias tardes noches quiero necesito puedo puede tengo tiene hacer ayuda pedido envio devolucion reembolso cuanto cuanta abierto hora horas'.split(
      ' ',
    ),
  ),
  fr: new Set(
    'le la les un une des et ou mais est sont etait etre suis es je tu il elle nous vous ils elles mon ma mes ton ta tes son sa ses notre votre leur que qui quoi ou quand comment pourquoi par pour avec sans de du au aux en sur dans ce cette ces pas ne oui non tres plus moins bonjour salut merci revoir bonsoir veux voudrais besoin peux peut avoir fait faire aide commande livraison retour remboursement combien ouvert heure heures'.split(
      ' ',
    ),
  ),
};

// Letters (before folding) that only one of the three Latin languages uses in everyday writing.
const MARKS: Readonly<Record<'es' | 'fr', RegExp>> = {
  es: /[ñ¿¡]/gu,
  fr: /[çœèêëàâîïôûù]/gu,
};

function words(text: string): string[] {
  return (
    text
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[’']/g, ' ')
      .match(/\p{L}+/gu) ?? []
  );
}

export interface DetectedLanguage {
  language: BotLanguage;
  /** 0…1: the share of the evidence that points at this language. */
  confidence: number;
}

/**
 * The message's language among `candidates` (all shipped languages by default), or null when the
 * text gives no evidence (digits, emoji, an unknown word). Ties go to the earlier candidate, so a
 * bot passes its default language first.
 */
export function detectLanguage(
  text: string,
  candidates: readonly BotLanguage[] = BOT_LANGUAGES,
): DetectedLanguage | null {
  if (candidates.length === 0) return null;
  const letters = text.match(LETTER)?.length ?? 0;
  const kannada = text.match(KANNADA)?.length ?? 0;
  // Mostly Kannada script: no Latin-script profile can compete.
  if (kannada > 0 && kannada * 2 >= letters && candidates.includes('kn')) {
    return { language: 'kn', confidence: Math.min(1, kannada / Math.max(1, letters)) };
  }
  const scores: Record<BotLanguage, number> = { en: 0, es: 0, fr: 0, kn: kannada > 0 ? 0.5 : 0 };
  for (const word of words(text)) {
    for (const language of ['en', 'es', 'fr'] as const) {
      if (STOP_WORDS[language].has(word)) scores[language] += 1;
    }
  }
  const lower = text.toLowerCase();
  scores.es += (lower.match(MARKS.es)?.length ?? 0) * 1.5;
  scores.fr += (lower.match(MARKS.fr)?.length ?? 0) * 1.5;
  let best: BotLanguage | null = null;
  let total = 0;
  for (const language of candidates) {
    total += scores[language];
    if (scores[language] > 0 && (best === null || scores[language] > scores[best])) best = language;
  }
  if (best === null) return null;
  return { language: best, confidence: scores[best] / total };
}
