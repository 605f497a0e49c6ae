import { describe, expect, it } from 'vitest';
import {
  allOnPageSelected,
  campaignAddressOf,
  campaignBanners,
  campaignConsentOf,
  campaignProgressPercent,
  campaignRecipientsFromCsv,
  emptyCampaignPlatforms,
  hasCampaignPayload,
  markSelected,
  selectAllOnPage,
  toggleCampaignUser,
} from './campaigns';

describe('campaign banners (SPEC §4, §5)', () => {
  it('shows nothing while no platform is checked', () => {
    expect(campaignBanners(emptyCampaignPlatforms(), ['a'])).toEqual([]);
  });

  it('raises a banner for each checked platform without a payload', () => {
    const p = emptyCampaignPlatforms();
    p.telegram = { isChecked: true, hasError: false, data: { selectedToken: 'acc-1' } };
    p.viber = { isChecked: true, hasError: false, data: { textValue: 'Sale today' } };
    p.facebook = { isChecked: false, hasError: false, data: {} };
    expect(campaignBanners(p, ['u1'])).toEqual(['telegram']);
    p.telegram.data = { selectedToken: 'acc-1', textValue: '  ' };
    expect(campaignBanners(p, ['u1'])).toEqual(['telegram']);
    p.telegram.data = { selectedToken: 'acc-1', textValue: 'Hello' };
    expect(campaignBanners(p, ['u1'])).toEqual([]);
  });

  it('needs the page on Facebook and Instagram and the bot on Telegram', () => {
    expect(hasCampaignPayload('facebook', { textValue: 'Hi' })).toBe(false);
    expect(hasCampaignPayload('facebook', { textValue: 'Hi', selectedPage: '123' })).toBe(true);
    expect(hasCampaignPayload('telegram', { textValue: 'Hi' })).toBe(false);
    expect(
      hasCampaignPayload('viber', { image: { fileMeta: { key: 'k' }, fileName: 'a.png', message: '' } }),
    ).toBe(true);
  });

  it('shows the WhatsApp banner without a template, and when every recipient is WhatsApp-prefixed', () => {
    const p = emptyCampaignPlatforms();
    p.whatsApp = { isChecked: true, hasError: false, data: { selectedProvider: 'twilio' } };
    expect(campaignBanners(p, ['+15550001'])).toEqual(['whatsApp']);
    p.whatsApp.data = {
      selectedProvider: 'twilio',
      selectedTemplate: 'order_delay',
      selectedTemplateData: { language: 'en', parameters: ['Ada'] },
    };
    expect(campaignBanners(p, ['+15550001'])).toEqual([]);
    expect(campaignBanners(p, ['whatsapp:+15550001'])).toEqual(['whatsApp']);
    expect(campaignBanners(p, [])).toEqual(['whatsApp']);
  });
});

describe('campaign user selection (SPEC §4)', () => {
  const page = { selected: ['x'], result: markSelected(['a', 'b', 'c'], ['x', 'b']) };

  it('marks a fetched page from the selection', () => {
    expect(page.result).toEqual([
      { userId: 'a', checked: false },
      { userId: 'b', checked: true },
      { userId: 'c', checked: false },
    ]);
  });

  it('ticking a user toggles checked and the selected set', () => {
    const once = toggleCampaignUser(page, 'a');
    expect(once.selected).toEqual(['x', 'a']);
    expect(once.result[0]).toEqual({ userId: 'a', checked: true });
    const twice = toggleCampaignUser(once, 'a');
    expect(twice.selected).toEqual(['x']);
    expect(twice.result[0]).toEqual({ userId: 'a', checked: false });
  });

  it('select-all applies to the current page only and keeps other pages’ picks', () => {
    const all = selectAllOnPage({ selected: ['x', 'b'], result: page.result }, true);
    expect([...all.selected].sort()).toEqual(['a', 'b', 'c', 'x']);
    expect(allOnPageSelected(all.result)).toBe(true);
    const none = selectAllOnPage(all, false);
    expect(none.selected).toEqual(['x']);
    expect(allOnPageSelected(none.result)).toBe(false);
    expect(allOnPageSelected([])).toBe(false);
  });
});

describe('campaign addresses', () => {
  it('reaches a channel customer at the id the channel gave them', () => {
    expect(campaignAddressOf('telegram', { userId: 'telegram-4242' })).toEqual({ ok: true, address: '4242' });
    expect(campaignAddressOf('telegram', { userId: 'viber-1' })).toEqual({
      ok: false,
      reason: 'unreachable',
    });
    expect(campaignAddressOf('telegram', { userId: 'telegram-' })).toEqual({
      ok: false,
      reason: 'unreachable',
    });
  });

  it('reaches WhatsApp customers by their number with a country code (SPEC §5)', () => {
    expect(campaignAddressOf('whatsapp-twilio', { userId: 'ada', contactNumber: '+15550001' })).toEqual({
      ok: true,
      address: 'whatsapp:+15550001',
    });
    expect(campaignAddressOf('whatsapp-twilio', { userId: 'ada', contactNumber: '15550001' })).toMatchObject({
      ok: false,
      code: 'NO_COUNTRY_CODE',
      message: 'Phone number must start with a country code (+)',
    });
    expect(
      campaignAddressOf('whatsapp-twilio', { userId: 'ada', contactNumber: '+1555abc01' }),
    ).toMatchObject({
      ok: false,
      code: 'INVALID',
      message: 'Please enter a valid phone number',
    });
    // A customer of another WhatsApp provider is reached at the same number.
    expect(campaignAddressOf('whatsapp-gallabox', { userId: 'whatsapp-twilio-+15550001' })).toEqual({
      ok: true,
      address: 'whatsapp:+15550001',
    });
    expect(campaignAddressOf('whatsapp-twilio', { userId: 'whatsapp-cloud-api-919800000001' })).toEqual({
      ok: true,
      address: 'whatsapp:+919800000001',
    });
    // A number is not a Telegram address.
    expect(campaignAddressOf('telegram', { userId: 'ada', contactNumber: '+15550001' }).ok).toBe(false);
  });
});

describe('campaign progress', () => {
  it('counts sent and failed against the total', () => {
    expect(campaignProgressPercent({ total: 0, sent: 0, failed: 0 })).toBe(0);
    expect(campaignProgressPercent({ total: 4, sent: 1, failed: 1 })).toBe(50);
    expect(campaignProgressPercent({ total: 3, sent: 3, failed: 0 })).toBe(100);
  });
});

describe('campaign consent keywords', () => {
  it('reads a whole STOP or START message, in any case, and nothing else', () => {
    expect(campaignConsentOf(' stop ')).toBe('stop');
    expect(campaignConsentOf('Unsubscribe.')).toBe('stop');
    expect(campaignConsentOf('START')).toBe('start');
    expect(campaignConsentOf('please stop sending')).toBeNull();
    expect(campaignConsentOf('cancel')).toBeNull();
  });
});

describe('campaign recipients from CSV (SPEC §5)', () => {
  it('reads the userId column by its header, in any case, skipping empty lines and repeats', () => {
    const csv = 'Name, USERID \n\nAda,telegram-1\nGrace,"telegram-2"\n\nAda again,telegram-1\n';
    expect(campaignRecipientsFromCsv(csv)).toEqual({ ok: true, userIds: ['telegram-1', 'telegram-2'] });
  });

  it('refuses a file without the userId column or without ids', () => {
    expect(campaignRecipientsFromCsv('name\nAda\n')).toMatchObject({
      ok: false,
      code: 'MISSING_USER_ID_COLUMN',
    });
    expect(campaignRecipientsFromCsv('userId\n\n')).toMatchObject({ ok: false, code: 'EMPTY_FILE' });
    expect(campaignRecipientsFromCsv('')).toMatchObject({ ok: false, code: 'EMPTY_FILE' });
  });
});
