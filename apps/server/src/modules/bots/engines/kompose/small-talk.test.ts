import { BOT_LANGUAGES } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { isSmallTalkIntent, SMALL_TALK, smallTalkExamples, smallTalkReply } from './small-talk.js';
import { smallTalkModel } from './snapshot.js';

describe('small-talk pack', () => {
  it('has phrases and replies for every intent in every shipped language', () => {
    expect(SMALL_TALK.length).toBeGreaterThanOrEqual(10);
    for (const intent of SMALL_TALK) {
      for (const language of BOT_LANGUAGES) {
        expect(intent.phrases[language].length, `${intent.key}/${language}`).toBeGreaterThanOrEqual(3);
        expect(intent.replies[language].length, `${intent.key}/${language}`).toBeGreaterThanOrEqual(1);
      }
    }
    expect(smallTalkExamples('fr').every((e) => isSmallTalkIntent(e.intent))).toBe(true);
  });

  it('replies in the asked language and varies with the seed', () => {
    expect(smallTalkReply('smalltalk.thanks', 'es')).toBe('¡De nada! ¿Puedo ayudarte en algo más?');
    expect(smallTalkReply('smalltalk.greeting', 'en', 0)).not.toBe(
      smallTalkReply('smalltalk.greeting', 'en', 1),
    );
    expect(smallTalkReply('shipping', 'en')).toBeNull();
  });

  it.each([
    ['en', 'hello there', 'smalltalk.greeting'],
    ['en', 'thank you very much', 'smalltalk.thanks'],
    ['en', 'are you a robot?', 'smalltalk.are_you_a_bot'],
    ['es', 'muchas gracias', 'smalltalk.thanks'],
    ['es', 'hola buenas', 'smalltalk.greeting'],
    ['fr', 'merci beaucoup', 'smalltalk.thanks'],
    ['fr', 'au revoir', 'smalltalk.goodbye'],
    ['kn', 'ಧನ್ಯವಾದಗಳು', 'smalltalk.thanks'],
    ['kn', 'ನಮಸ್ಕಾರ', 'smalltalk.greeting'],
  ] as const)('%s: "%s" is %s', (language, text, intent) => {
    const decision = smallTalkModel(language).classify(text);
    expect(decision.intent).toBe(intent);
    expect(decision.confidence).toBeGreaterThanOrEqual(0.35);
  });
});
