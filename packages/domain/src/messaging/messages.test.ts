import { describe, expect, it } from 'vitest';
import { BOT_PLATFORM_DISPLAY_NAMES, botPlatformDisplayName } from '../bots';
import {
  ASSIGN_METADATA_KEYS,
  ASSISTANT_USER_NAME,
  addWhatsAppPrefix,
  DEFAULT_BOT_USER_NAME,
  DEFAULT_TAGS,
  DEFAULT_TEAM,
  DRAFT_MESSAGES_KEY,
  GROUP_TYPE,
  GROUP_TYPE_NAMES,
  groupTypeName,
  hasNonWhatsAppRecipient,
  isValidContentType,
  MESSAGE_CONTENT_TYPE,
  MESSAGING_CHANNELS,
  SENDER_TYPE,
  stripWhatsAppPrefix,
  TEAM_TOPIC_PREFIX,
  WHATSAPP_PROVIDER_CODES,
  WHATSAPP_PROVIDERS,
} from './messages';

describe('message enumerations', () => {
  it('sender types', () => {
    expect(SENDER_TYPE).toEqual({ HUMAN_AGENT: 0, BOT: 1, USER: 2 });
  });

  it('content types include calls and block-notify', () => {
    expect(MESSAGE_CONTENT_TYPE.BLOCK_NOTIFY).toBe(13);
    expect(MESSAGE_CONTENT_TYPE.AUDIO_VIDEO_CALL).toBe(102);
    expect(MESSAGE_CONTENT_TYPE.MISSED_CALL).toBe(103);
    expect(MESSAGE_CONTENT_TYPE.TEXT_HTML).toBe(3);
  });

  it('isValidContentType', () => {
    for (let n = 0; n <= 13; n++) expect(isValidContentType(n)).toBe(true);
    expect(isValidContentType(14)).toBe(false);
    expect(isValidContentType(101)).toBe(false);
    expect(isValidContentType(102)).toBe(true);
    expect(isValidContentType(103)).toBe(true);
    expect(isValidContentType(-1)).toBe(false);
  });

  it('group types 0-12 with names', () => {
    expect(Object.values(GROUP_TYPE)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(GROUP_TYPE.SUPPORT).toBe(10);
    expect(GROUP_TYPE_NAMES[7]).toBe('group-of-two');
    expect(groupTypeName(12)).toBe('announcement');
    expect(groupTypeName(13)).toBeNull();
  });
});

describe('fixed names', () => {
  it('match the SPEC', () => {
    expect(ASSIGN_METADATA_KEYS).toEqual({ ASSIGN_TO: 'KM_ASSIGN_TO', ASSIGN_TEAM: 'KM_ASSIGN_TEAM' });
    expect(DRAFT_MESSAGES_KEY).toBe('KM_DRAFT_MESSAGES');
    expect(MESSAGING_CHANNELS).toEqual(['whatsapp', 'facebook', 'telegram', 'line']);
    expect(DEFAULT_TEAM).toEqual({ clientGroupId: 'km_default_team', name: 'Default Team' });
    expect(DEFAULT_TAGS).toEqual([
      'Auto-resolved-human',
      'Auto-resolved-bot',
      'Do-not-auto-resolve',
      'Force-assigned',
      'Reopen',
    ]);
    expect(DEFAULT_BOT_USER_NAME).toBe('bot');
    expect(ASSISTANT_USER_NAME).toBe('liz');
    expect(TEAM_TOPIC_PREFIX).toBe('teamid-');
  });

  it('WhatsApp providers map to their codes', () => {
    expect(WHATSAPP_PROVIDER_CODES[WHATSAPP_PROVIDERS.TWILIO]).toBe('WHATSAPPTWILIO');
    expect(WHATSAPP_PROVIDER_CODES[WHATSAPP_PROVIDERS.CLOUD_API]).toBe('WHATSAPPCLOUDAPI');
    expect(WHATSAPP_PROVIDER_CODES[WHATSAPP_PROVIDERS.DIALOG360]).toBe('WHATSAPPDIALOG360');
    expect(WHATSAPP_PROVIDER_CODES[WHATSAPP_PROVIDERS.GALLABOX]).toBe('WHATSAPPGALLABOX');
  });

  it('bot platform display names', () => {
    expect(BOT_PLATFORM_DISPLAY_NAMES.dialogflowcx).toBe('Dialogflow CX');
    expect(botPlatformDisplayName('watson')).toBe('IBM Watson');
    expect(botPlatformDisplayName('amazonlex')).toBe('Amazon Lex');
    expect(botPlatformDisplayName('smartreply')).toBe('smartreply');
  });
});

describe('WhatsApp prefix', () => {
  it('adds once and strips', () => {
    expect(addWhatsAppPrefix('+15550001')).toBe('whatsapp:+15550001');
    expect(addWhatsAppPrefix('whatsapp:+15550001')).toBe('whatsapp:+15550001');
    expect(stripWhatsAppPrefix('whatsapp:+15550001')).toBe('+15550001');
    expect(stripWhatsAppPrefix('+15550001')).toBe('+15550001');
  });

  it('needs one non-prefixed recipient', () => {
    expect(hasNonWhatsAppRecipient(['whatsapp:+1', 'whatsapp:+2'])).toBe(false);
    expect(hasNonWhatsAppRecipient(['whatsapp:+1', '+2'])).toBe(true);
    expect(hasNonWhatsAppRecipient([])).toBe(false);
  });
});
