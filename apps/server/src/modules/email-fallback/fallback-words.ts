import { detectLanguage, FALLBACK_TYPE, type FallbackType, type Language } from '@convo/domain';

// The fallback mail's words in the customer's language (en, es, fr, kn). The customer picked no
// language anywhere we store, so it is read from what they wrote in the conversation (the same
// detector the bots use); English when their words give no evidence.

interface FallbackWords {
  subject: Record<FallbackType, string>;
  intro: Record<FallbackType, string>;
  greeting: string;
  greetingNamed: string;
  ourTeam: string;
  file: string;
  closing: string;
}

const WORDS: Record<Language, FallbackWords> = {
  en: {
    subject: {
      [FALLBACK_TYPE.MESSAGE_FORWARDING]: 'New message from {app}',
      [FALLBACK_TYPE.UNDELIVERED]: 'Messages from {app} that did not reach you',
      [FALLBACK_TYPE.UNREAD]: 'Unread messages from {app}',
      [FALLBACK_TYPE.UNANSWERED]: '{app} is waiting for your answer',
    },
    intro: {
      [FALLBACK_TYPE.MESSAGE_FORWARDING]: 'You have a new message in your conversation with us:',
      [FALLBACK_TYPE.UNDELIVERED]: 'These messages could not reach you in the chat:',
      [FALLBACK_TYPE.UNREAD]: 'You have not read these messages in the chat yet:',
      [FALLBACK_TYPE.UNANSWERED]: 'We wrote to you in the chat and are waiting for your answer:',
    },
    greeting: 'Hi,',
    greetingNamed: 'Hi {name},',
    ourTeam: 'our team',
    file: 'File',
    closing: 'Open the chat on our website to answer.',
  },
  es: {
    subject: {
      [FALLBACK_TYPE.MESSAGE_FORWARDING]: 'Nuevo mensaje de {app}',
      [FALLBACK_TYPE.UNDELIVERED]: 'Mensajes de {app} que no te llegaron',
      [FALLBACK_TYPE.UNREAD]: 'Mensajes sin leer de {app}',
      [FALLBACK_TYPE.UNANSWERED]: '{app} espera tu respuesta',
    },
    intro: {
      [FALLBACK_TYPE.MESSAGE_FORWARDING]: 'Tienes un mensaje nuevo en tu conversación con nosotros:',
      [FALLBACK_TYPE.UNDELIVERED]: 'Estos mensajes no pudieron llegarte en el chat:',
      [FALLBACK_TYPE.UNREAD]: 'Aún no has leído estos mensajes del chat:',
      [FALLBACK_TYPE.UNANSWERED]: 'Te escribimos en el chat y esperamos tu respuesta:',
    },
    greeting: 'Hola:',
    greetingNamed: 'Hola, {name}:',
    ourTeam: 'nuestro equipo',
    file: 'Archivo',
    closing: 'Abre el chat en nuestro sitio web para responder.',
  },
  fr: {
    subject: {
      [FALLBACK_TYPE.MESSAGE_FORWARDING]: 'Nouveau message de {app}',
      [FALLBACK_TYPE.UNDELIVERED]: 'Messages de {app} qui ne vous sont pas parvenus',
      [FALLBACK_TYPE.UNREAD]: 'Messages non lus de {app}',
      [FALLBACK_TYPE.UNANSWERED]: '{app} attend votre réponse',
    },
    intro: {
      [FALLBACK_TYPE.MESSAGE_FORWARDING]: 'Vous avez un nouveau message dans votre conversation avec nous :',
      [FALLBACK_TYPE.UNDELIVERED]: 'Ces messages n’ont pas pu vous parvenir dans le chat :',
      [FALLBACK_TYPE.UNREAD]: 'Vous n’avez pas encore lu ces messages du chat :',
      [FALLBACK_TYPE.UNANSWERED]: 'Nous vous avons écrit dans le chat et attendons votre réponse :',
    },
    greeting: 'Bonjour,',
    greetingNamed: 'Bonjour {name},',
    ourTeam: 'notre équipe',
    file: 'Fichier',
    closing: 'Ouvrez le chat sur notre site pour répondre.',
  },
  kn: {
    subject: {
      [FALLBACK_TYPE.MESSAGE_FORWARDING]: '{app} ಅವರಿಂದ ಹೊಸ ಸಂದೇಶ',
      [FALLBACK_TYPE.UNDELIVERED]: 'ನಿಮ್ಮನ್ನು ತಲುಪದ {app} ಅವರ ಸಂದೇಶಗಳು',
      [FALLBACK_TYPE.UNREAD]: '{app} ಅವರಿಂದ ಓದದ ಸಂದೇಶಗಳು',
      [FALLBACK_TYPE.UNANSWERED]: '{app} ನಿಮ್ಮ ಉತ್ತರಕ್ಕಾಗಿ ಕಾಯುತ್ತಿದೆ',
    },
    intro: {
      [FALLBACK_TYPE.MESSAGE_FORWARDING]: 'ನಮ್ಮೊಂದಿಗಿನ ನಿಮ್ಮ ಸಂಭಾಷಣೆಯಲ್ಲಿ ಹೊಸ ಸಂದೇಶವಿದೆ:',
      [FALLBACK_TYPE.UNDELIVERED]: 'ಈ ಸಂದೇಶಗಳು ಚಾಟ್‌ನಲ್ಲಿ ನಿಮ್ಮನ್ನು ತಲುಪಲಿಲ್ಲ:',
      [FALLBACK_TYPE.UNREAD]: 'ಚಾಟ್‌ನಲ್ಲಿನ ಈ ಸಂದೇಶಗಳನ್ನು ನೀವು ಇನ್ನೂ ಓದಿಲ್ಲ:',
      [FALLBACK_TYPE.UNANSWERED]: 'ನಾವು ಚಾಟ್‌ನಲ್ಲಿ ನಿಮಗೆ ಬರೆದಿದ್ದೇವೆ ಮತ್ತು ನಿಮ್ಮ ಉತ್ತರಕ್ಕಾಗಿ ಕಾಯುತ್ತಿದ್ದೇವೆ:',
    },
    greeting: 'ನಮಸ್ಕಾರ,',
    greetingNamed: 'ನಮಸ್ಕಾರ {name},',
    ourTeam: 'ನಮ್ಮ ತಂಡ',
    file: 'ಫೈಲ್',
    closing: 'ಉತ್ತರಿಸಲು ನಮ್ಮ ವೆಬ್‌ಸೈಟ್‌ನಲ್ಲಿ ಚಾಟ್ ತೆರೆಯಿರಿ.',
  },
};

/** The customer's language from their own recent messages; English without evidence. */
export function customerLanguage(customerTexts: readonly string[]): Language {
  return detectLanguage(customerTexts.join('\n'))?.language ?? 'en';
}

export function fallbackWords(language: Language): FallbackWords {
  return WORDS[language];
}
