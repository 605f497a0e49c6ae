import type { BotLanguage } from '@convo/domain';

// kompose's small-talk pack: the chit-chat every bot should handle (greetings, thanks, bye…) in the
// four shipped languages. Its phrases are trained with the bot's own intents, so a bot's answer
// that fits better wins, and they give even a one-answer bot other classes to compare with (a
// softmax over a single class would be sure of everything).

export const SMALL_TALK_PREFIX = 'smalltalk.';

interface SmallTalkIntent {
  key: string;
  phrases: Readonly<Record<BotLanguage, readonly string[]>>;
  replies: Readonly<Record<BotLanguage, readonly string[]>>;
}

export const SMALL_TALK: readonly SmallTalkIntent[] = [
  {
    key: 'greeting',
    phrases: {
      en: ['hi', 'hello', 'hey there', 'good morning', 'good evening', 'hello anyone there', 'hiya'],
      es: ['hola', 'buenos días', 'buenas tardes', 'buenas noches', 'hola, ¿hay alguien?', 'qué tal'],
      fr: ['bonjour', 'salut', 'bonsoir', 'coucou', "bonjour, il y a quelqu'un ?", 'allô'],
      kn: ['ನಮಸ್ಕಾರ', 'ಹಲೋ', 'ಶುಭೋದಯ', 'ಶುಭ ಸಂಜೆ', 'ನಮಸ್ತೆ', 'ಹಾಯ್'],
    },
    replies: {
      en: ['Hello! How can I help you?', 'Hi there! What can I do for you?'],
      es: ['¡Hola! ¿En qué puedo ayudarte?', '¡Hola! ¿Qué puedo hacer por ti?'],
      fr: ['Bonjour ! Comment puis-je vous aider ?', 'Salut ! Que puis-je faire pour vous ?'],
      kn: ['ನಮಸ್ಕಾರ! ನಾನು ಹೇಗೆ ಸಹಾಯ ಮಾಡಲಿ?', 'ಹಲೋ! ನಿಮಗೆ ಏನು ಬೇಕು?'],
    },
  },
  {
    key: 'how_are_you',
    phrases: {
      en: ['how are you', 'how are you doing', "how's it going", 'are you ok', 'how do you feel today'],
      es: ['¿cómo estás?', '¿qué tal estás?', '¿cómo te va?', '¿cómo andas?', '¿estás bien?'],
      fr: ['comment ça va ?', 'comment allez-vous ?', 'ça va ?', 'tu vas bien ?', 'comment vas-tu ?'],
      kn: ['ಹೇಗಿದ್ದೀರಾ', 'ನೀವು ಹೇಗಿದ್ದೀರಿ', 'ಹೇಗಿದ್ದೀಯಾ', 'ಎಲ್ಲಾ ಚೆನ್ನಾಗಿದೆಯಾ', 'ಏನು ಸಮಾಚಾರ'],
    },
    replies: {
      en: ["I'm doing great, thanks for asking! How can I help?"],
      es: ['¡Muy bien, gracias por preguntar! ¿En qué puedo ayudarte?'],
      fr: ['Très bien, merci de demander ! Comment puis-je vous aider ?'],
      kn: ['ನಾನು ಚೆನ್ನಾಗಿದ್ದೇನೆ, ಕೇಳಿದ್ದಕ್ಕೆ ಧನ್ಯವಾದಗಳು! ನಾನು ಹೇಗೆ ಸಹಾಯ ಮಾಡಲಿ?'],
    },
  },
  {
    key: 'who_are_you',
    phrases: {
      en: [
        'who are you',
        'what is your name',
        "what's your name",
        'tell me about yourself',
        'introduce yourself',
      ],
      es: ['¿quién eres?', '¿cómo te llamas?', '¿cuál es tu nombre?', 'háblame de ti', 'preséntate'],
      fr: ['qui es-tu ?', 'qui êtes-vous ?', "comment tu t'appelles ?", 'quel est ton nom ?', 'présente-toi'],
      kn: ['ನೀವು ಯಾರು', 'ನಿಮ್ಮ ಹೆಸರೇನು', 'ನೀನು ಯಾರು', 'ನಿನ್ನ ಹೆಸರು ಏನು', 'ನಿಮ್ಮ ಬಗ್ಗೆ ಹೇಳಿ'],
    },
    replies: {
      en: [
        "I'm the virtual assistant of this team. I answer common questions and bring in a person when needed.",
      ],
      es: [
        'Soy el asistente virtual de este equipo. Respondo preguntas frecuentes y llamo a una persona si hace falta.',
      ],
      fr: [
        "Je suis l'assistant virtuel de cette équipe. Je réponds aux questions courantes et fais appel à une personne si besoin.",
      ],
      kn: ['ನಾನು ಈ ತಂಡದ ವರ್ಚುವಲ್ ಸಹಾಯಕ. ಸಾಮಾನ್ಯ ಪ್ರಶ್ನೆಗಳಿಗೆ ಉತ್ತರಿಸುತ್ತೇನೆ ಮತ್ತು ಅಗತ್ಯವಿದ್ದರೆ ಒಬ್ಬ ವ್ಯಕ್ತಿಯನ್ನು ಕರೆಯುತ್ತೇನೆ.'],
    },
  },
  {
    key: 'are_you_a_bot',
    phrases: {
      en: [
        'are you a bot',
        'are you a robot',
        'am i talking to a machine',
        'are you real',
        'is this automated',
      ],
      es: [
        '¿eres un bot?',
        '¿eres un robot?',
        '¿hablo con una máquina?',
        '¿eres real?',
        '¿esto es automático?',
      ],
      fr: [
        'es-tu un bot ?',
        'êtes-vous un robot ?',
        'je parle à une machine ?',
        'tu es réel ?',
        "c'est automatique ?",
      ],
      kn: ['ನೀವು ಬಾಟ್ ಆಗಿದ್ದೀರಾ', 'ನೀವು ರೋಬೋಟಾ', 'ನಾನು ಯಂತ್ರದೊಂದಿಗೆ ಮಾತನಾಡುತ್ತಿದ್ದೇನೆಯೇ', 'ನೀವು ನಿಜವಾದವರಾ'],
    },
    replies: {
      en: ["Yes, I'm a bot. Ask to talk to a person at any time and I'll bring one in."],
      es: ['Sí, soy un bot. Pide hablar con una persona cuando quieras y la llamaré.'],
      fr: [
        "Oui, je suis un bot. Demandez à parler à une personne quand vous voulez et j'en ferai venir une.",
      ],
      kn: ['ಹೌದು, ನಾನು ಬಾಟ್. ಯಾವಾಗ ಬೇಕಾದರೂ ವ್ಯಕ್ತಿಯೊಂದಿಗೆ ಮಾತನಾಡಲು ಕೇಳಿ.'],
    },
  },
  {
    key: 'capabilities',
    phrases: {
      en: [
        'what can you do',
        'how can you help me',
        'what do you know',
        'what are you able to do',
        'can you help me',
      ],
      es: ['¿qué puedes hacer?', '¿cómo me puedes ayudar?', '¿qué sabes hacer?', '¿me puedes ayudar?'],
      fr: ['que peux-tu faire ?', 'comment peux-tu m’aider ?', 'que sais-tu faire ?', 'peux-tu m’aider ?'],
      kn: ['ನೀವು ಏನು ಮಾಡಬಲ್ಲಿರಿ', 'ನೀವು ನನಗೆ ಹೇಗೆ ಸಹಾಯ ಮಾಡಬಹುದು', 'ನನಗೆ ಸಹಾಯ ಮಾಡುತ್ತೀರಾ'],
    },
    replies: {
      en: ['I can answer questions about our products, orders and policies. Just ask!'],
      es: ['Puedo responder preguntas sobre nuestros productos, pedidos y políticas. ¡Pregunta!'],
      fr: ['Je peux répondre aux questions sur nos produits, commandes et conditions. Demandez !'],
      kn: ['ನಮ್ಮ ಉತ್ಪನ್ನಗಳು, ಆರ್ಡರ್‌ಗಳು ಮತ್ತು ನೀತಿಗಳ ಬಗ್ಗೆ ಪ್ರಶ್ನೆಗಳಿಗೆ ಉತ್ತರಿಸಬಲ್ಲೆ. ಕೇಳಿ!'],
    },
  },
  {
    key: 'thanks',
    phrases: {
      en: ['thanks', 'thank you', 'thanks a lot', 'thank you so much', 'much appreciated', 'cheers'],
      es: ['gracias', 'muchas gracias', 'mil gracias', 'te lo agradezco', 'muy amable'],
      fr: ['merci', 'merci beaucoup', 'merci bien', 'je vous remercie', "c'est gentil"],
      kn: ['ಧನ್ಯವಾದ', 'ಧನ್ಯವಾದಗಳು', 'ತುಂಬಾ ಧನ್ಯವಾದಗಳು', 'ಥ್ಯಾಂಕ್ಸ್'],
    },
    replies: {
      en: ["You're welcome! Anything else I can help with?"],
      es: ['¡De nada! ¿Puedo ayudarte en algo más?'],
      fr: ['Avec plaisir ! Puis-je vous aider pour autre chose ?'],
      kn: ['ಸ್ವಾಗತ! ಇನ್ನೇನಾದರೂ ಸಹಾಯ ಬೇಕೇ?'],
    },
  },
  {
    key: 'goodbye',
    phrases: {
      en: ['bye', 'goodbye', 'see you', 'see you later', 'have a nice day', "that's all, bye"],
      es: ['adiós', 'hasta luego', 'nos vemos', 'chao', 'que tengas un buen día'],
      fr: ['au revoir', 'à bientôt', 'à plus tard', 'bonne journée', 'salut, à plus'],
      kn: ['ವಿದಾಯ', 'ಮತ್ತೆ ಸಿಗೋಣ', 'ಬಾಯ್', 'ಶುಭ ದಿನ'],
    },
    replies: {
      en: ['Goodbye! Have a great day.'],
      es: ['¡Adiós! Que tengas un buen día.'],
      fr: ['Au revoir ! Bonne journée.'],
      kn: ['ವಿದಾಯ! ನಿಮ್ಮ ದಿನ ಶುಭವಾಗಿರಲಿ.'],
    },
  },
  {
    key: 'compliment',
    phrases: {
      en: ['you are great', 'good job', 'you are very helpful', 'awesome, that helps', 'great answer'],
      es: ['eres genial', 'buen trabajo', 'me has ayudado mucho', 'excelente respuesta'],
      fr: ['tu es génial', 'bon travail', 'très utile, merci', 'excellente réponse'],
      kn: ['ನೀವು ಅದ್ಭುತ', 'ಒಳ್ಳೆಯ ಕೆಲಸ', 'ತುಂಬಾ ಉಪಯುಕ್ತ', 'ಉತ್ತಮ ಉತ್ತರ'],
    },
    replies: {
      en: ['Thank you, glad I could help!'],
      es: ['¡Gracias, me alegra haber ayudado!'],
      fr: ["Merci, ravi d'avoir pu aider !"],
      kn: ['ಧನ್ಯವಾದಗಳು, ಸಹಾಯ ಮಾಡಲು ಸಂತೋಷವಾಯಿತು!'],
    },
  },
  {
    key: 'apology',
    phrases: {
      en: ['sorry', 'my apologies', 'i am sorry', 'oops my mistake', 'sorry for the trouble'],
      es: ['lo siento', 'perdón', 'disculpa', 'perdona, fue mi error'],
      fr: ['désolé', 'pardon', 'excusez-moi', "oups, c'est mon erreur"],
      kn: ['ಕ್ಷಮಿಸಿ', 'ಕ್ಷಮೆ ಇರಲಿ', 'ನನ್ನ ತಪ್ಪು'],
    },
    replies: {
      en: ['No problem at all! How can I help?'],
      es: ['¡No pasa nada! ¿En qué puedo ayudarte?'],
      fr: ['Aucun problème ! Comment puis-je vous aider ?'],
      kn: ['ಪರವಾಗಿಲ್ಲ! ನಾನು ಹೇಗೆ ಸಹಾಯ ಮಾಡಲಿ?'],
    },
  },
  {
    key: 'frustration',
    phrases: {
      en: ['you are useless', 'this is not helpful', 'you are stupid', 'that is wrong', 'this bot is bad'],
      es: ['eres inútil', 'esto no ayuda', 'eres tonto', 'eso está mal'],
      fr: ['tu es nul', "ça n'aide pas", 'tu es bête', "c'est faux"],
      kn: ['ನೀವು ಪ್ರಯೋಜನವಿಲ್ಲ', 'ಇದು ಸಹಾಯಕವಾಗಿಲ್ಲ', 'ಅದು ತಪ್ಪು'],
    },
    replies: {
      en: ["I'm sorry I couldn't help. Ask to talk to a person and I'll bring one in."],
      es: ['Siento no haber podido ayudar. Pide hablar con una persona y la llamaré.'],
      fr: ["Désolé de ne pas avoir pu aider. Demandez à parler à une personne et j'en ferai venir une."],
      kn: ['ಸಹಾಯ ಮಾಡಲಾಗದಿದ್ದಕ್ಕೆ ಕ್ಷಮಿಸಿ. ವ್ಯಕ್ತಿಯೊಂದಿಗೆ ಮಾತನಾಡಲು ಕೇಳಿ.'],
    },
  },
];

/** The pack's training phrases of a language, with their intent names (prefixed). */
export function smallTalkExamples(language: BotLanguage): { text: string; intent: string }[] {
  return SMALL_TALK.flatMap((s) =>
    s.phrases[language].map((text) => ({ text, intent: `${SMALL_TALK_PREFIX}${s.key}` })),
  );
}

export function isSmallTalkIntent(intent: string): boolean {
  return intent.startsWith(SMALL_TALK_PREFIX);
}

/** A reply of the pack's intent in a language; `seed` picks among several so answers vary. */
export function smallTalkReply(intent: string, language: BotLanguage, seed = 0): string | null {
  const entry = SMALL_TALK.find((s) => `${SMALL_TALK_PREFIX}${s.key}` === intent);
  if (!entry) return null;
  const replies = entry.replies[language];
  return replies[Math.abs(seed) % replies.length] ?? null;
}
