import { MESSAGES } from '@convo/domain';
import { i18next } from '../i18n/i18n';
import type { TranslatedMessageKey } from '../i18n/message-keys';
import { TRANSLATED_MESSAGE_KEYS } from '../i18n/message-keys';

/** Translates a catalogue message (e.g. 'Oops, something went wrong'); other text is returned as is. */
export function translateMessage(message: string): string {
  const key = TRANSLATED_MESSAGE_KEYS.find((k: TranslatedMessageKey) => MESSAGES[k] === message);
  return key === undefined ? message : i18next.t(`messages.${key}`);
}
