// What a bot's work in a conversation is worth (SPEC §7 stats/time/saved/bot) and how its
// fallbacks in a row are counted.

/** An agent's time one conversation answered by a bot without a handoff saves, by default. */
export const DEFAULT_SECONDS_SAVED_PER_CONVERSATION = 60;

export interface TimeSavedInput {
  /** Answers the bot gave that were not its fallback. */
  answered: number;
  /** The conversation went to a person: the agent's time was spent anyway. */
  handedOff: boolean;
  /** The bot's setting (`secondsSavedPerAnswer`), the default when absent. */
  secondsPerConversation?: number | undefined;
}

/**
 * Seconds a conversation saved: the bot's figure once it answered at least once and never handed
 * the conversation to a person; nothing otherwise (a handoff means an agent took the time).
 */
export function secondsSavedByBot(input: TimeSavedInput): number {
  if (input.handedOff || input.answered <= 0) return 0;
  const per = input.secondsPerConversation ?? DEFAULT_SECONDS_SAVED_PER_CONVERSATION;
  return Number.isFinite(per) && per > 0 ? Math.round(per) : 0;
}

/** Fallbacks in a row after one more reply: a real answer starts the count again. */
export function nextConsecutiveFallbacks(previous: number, fallback: boolean): number {
  return fallback ? previous + 1 : 0;
}

/** What a bot says when its engine fails and it has no fallback answer of its own. */
export const DEFAULT_BOT_FALLBACK_MESSAGE: Readonly<Record<string, string>> = {
  en: "Sorry, I didn't get that. Could you say it another way, or ask to talk to a person?",
  es: 'Lo siento, no lo he entendido. ¿Puedes decirlo de otra forma o pedir hablar con una persona?',
  fr: "Désolé, je n'ai pas compris. Pouvez-vous reformuler, ou demander à parler à une personne ?",
  kn: 'ಕ್ಷಮಿಸಿ, ನನಗೆ ಅರ್ಥವಾಗಲಿಲ್ಲ. ಬೇರೆ ರೀತಿಯಲ್ಲಿ ಹೇಳುತ್ತೀರಾ, ಅಥವಾ ಒಬ್ಬ ವ್ಯಕ್ತಿಯೊಂದಿಗೆ ಮಾತನಾಡಲು ಕೇಳುತ್ತೀರಾ?',
};

/** What a bot says as it hands the conversation to a person. */
export const DEFAULT_BOT_HANDOFF_MESSAGE: Readonly<Record<string, string>> = {
  en: "I'm connecting you with a teammate. They will reply here shortly.",
  es: 'Te estoy pasando con un compañero del equipo. Te responderá aquí en breve.',
  fr: 'Je vous mets en relation avec un membre de l’équipe. Il vous répondra ici sous peu.',
  kn: 'ನಿಮ್ಮನ್ನು ನಮ್ಮ ತಂಡದ ಸದಸ್ಯರೊಂದಿಗೆ ಸಂಪರ್ಕಿಸುತ್ತಿದ್ದೇನೆ. ಅವರು ಶೀಘ್ರದಲ್ಲೇ ಇಲ್ಲಿ ಉತ್ತರಿಸುತ್ತಾರೆ.',
};

/** The text in the bot's language, English when that language has none. */
export function botDefaultText(texts: Readonly<Record<string, string>>, language: string): string {
  return texts[language] ?? texts.en ?? '';
}

/**
 * Does a first-responder bot take a new conversation on `channel` (`web` for the widget and the
 * API, else the messaging channel's name)? A bot whose stored `firstResponderChannels` lists
 * channels answers only there (the demo workspace's bot: the /demo page's widget, never a real
 * channel connected later); without the list it answers everywhere.
 */
export function firstResponderTakesChannel(
  settings: Readonly<Record<string, unknown>>,
  channel: string,
): boolean {
  const only = settings.firstResponderChannels;
  if (!Array.isArray(only)) return true;
  return only.some((c) => c === channel);
}
