import type { BotLanguage } from '@convo/domain';

// The replies of the default intents (SPEC §2) when the builder creates them, per shipped language.
// The admin edits them like any answer; the engines use the same texts if the rows are missing.

export const DEFAULT_WELCOME_TEXT: Readonly<Record<BotLanguage, string>> = {
  en: 'Hi! How can I help you today?',
  es: '¡Hola! ¿En qué puedo ayudarte hoy?',
  fr: "Bonjour ! Comment puis-je vous aider aujourd'hui ?",
  kn: 'ನಮಸ್ಕಾರ! ಇಂದು ನಾನು ನಿಮಗೆ ಹೇಗೆ ಸಹಾಯ ಮಾಡಲಿ?',
};

export const DEFAULT_FALLBACK_TEXT: Readonly<Record<BotLanguage, string>> = {
  en: "Sorry, I didn't get that. Could you say it another way?",
  es: 'Lo siento, no lo he entendido. ¿Puedes decirlo de otra manera?',
  fr: "Désolé, je n'ai pas compris. Pouvez-vous le formuler autrement ?",
  kn: 'ಕ್ಷಮಿಸಿ, ನನಗೆ ಅರ್ಥವಾಗಲಿಲ್ಲ. ಬೇರೆ ರೀತಿಯಲ್ಲಿ ಹೇಳಬಹುದೇ?',
};
