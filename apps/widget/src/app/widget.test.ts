import { describe, expect, it } from 'vitest';
import { conversationOrder, pickLanguage, relativeTime, settingText, systemLine, translator } from './i18n';
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import kn from './locales/kn.json';
import { checkFile } from './parts';
import { richPayload, toAction } from './rich';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('widget strings', () => {
  it('has the same keys and placeholders in en, es, fr and kn, translated', () => {
    for (const [name, strings] of Object.entries({ es, fr, kn })) {
      expect(Object.keys(strings).sort(), name).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        expect(placeholders(strings[key]), `${name}.${key}`).toEqual(placeholders(en[key]));
      }
      const same = (Object.keys(en) as (keyof typeof en)[]).filter((k) => strings[k] === en[k]);
      expect(same.length, `${name} copies English: ${same.join(', ')}`).toBeLessThanOrEqual(3); // French shares a few words (Conversations, Messages, E-mail)
    }
  });

  it('picks the page option, then the settings, then English; fills placeholders', () => {
    expect(pickLanguage('fr-CA', 'es')).toBe('fr');
    expect(pickLanguage(undefined, 'kn')).toBe('kn');
    expect(pickLanguage('de', undefined)).toBe('en');
    expect(translator('es')('typing', { name: 'Ana' })).toBe('Ana está escribiendo…');
  });

  it('speaks the browser language when the page gives none, before the application default', () => {
    expect(pickLanguage(undefined, ...['de-DE', 'fr-FR', 'en'], 'es')).toBe('fr');
    expect(pickLanguage('kn', ...['fr-FR'], 'es')).toBe('kn');
    expect(pickLanguage(undefined, ...['de-DE'], 'es')).toBe('es');
  });

  it('translates the untouched default texts, keeps the admin’s own words', () => {
    const fr = translator('fr');
    expect(settingText(fr, 'Chat with us', 'defaultTitle')).toBe('Discutez avec nous');
    expect(settingText(fr, 'Talk to Acme', 'defaultTitle')).toBe('Talk to Acme');
  });

  it('words the lines a visitor reads in their language, with the public name', () => {
    const fr = translator('fr');
    const resolved = { category: 'SYSTEM', KM_STATUS: '2', KM_ACTOR_NAME: 'Ana Agent' };
    expect(systemLine(fr, 'Resolved by Ana Agent', resolved)).toBe('Résolue par Ana Agent');
    // The messaging family serves the platform's word (applozic-message.ts): read the same.
    expect(systemLine(fr, 'Resolved by Ana Agent', { ...resolved, KM_STATUS: 'closed' })).toBe(
      'Résolue par Ana Agent',
    );
    // A bot's handoff: a friendly line, never the bot's reason.
    const handoff = { KM_BOT_HANDOFF: 'customer-request' };
    const reason = 'Store Assistant handed the conversation to a teammate: the customer asked for a person';
    expect(systemLine(translator('en'), reason, handoff)).toBe('A teammate will join you shortly.');
    expect(systemLine(fr, reason, handoff)).toBe('Un membre de l’équipe va vous rejoindre.');
    expect(systemLine(fr, 'Please wait', { KM_WAITING_QUEUE: 'true' })).toBe('Please wait');
  });

  it('keeps routing, internal statuses and delivery failures from the visitor (issue 40)', () => {
    const t = translator('en');
    expect(
      systemLine(t, 'Assigned to Walt Walker', { KM_ASSIGN_TO: 'walt', KM_ACTOR_NAME: 'Walt' }),
    ).toBeNull();
    expect(systemLine(t, 'Assigned to team Sales', { KM_ASSIGN_TEAM: 'sales' })).toBeNull();
    expect(systemLine(t, 'Marked as spam by Ana', { KM_STATUS: '3', KM_ACTOR_NAME: 'Ana' })).toBeNull();
    expect(systemLine(t, 'Reopened by a customer message', { KM_STATUS: '0' })).toBeNull();
    expect(systemLine(t, 'Not delivered on Telegram: blocked', { CHANNEL_DELIVERY: 'failed' })).toBeNull();
  });

  it("opens the conversation with the bot's welcome, before the visitor's first question", () => {
    const m = (key: string, metadata: Record<string, unknown> = {}) => ({ key, metadata });
    const stored = [m('question'), m('welcome', { KM_BOT_WELCOME: 'true' }), m('answer'), m('next')];
    expect(conversationOrder(stored).map((x) => x.key)).toEqual(['welcome', 'question', 'answer', 'next']);
    const plain = [m('a'), m('b')];
    expect(conversationOrder(plain)).toBe(plain);
  });

  it('words relative times in the widget’s language', () => {
    const now = Date.UTC(2026, 0, 10, 12, 0, 0);
    expect(relativeTime(now - 5 * 60_000, now, 'fr')).toBe('il y a 5 minutes');
    expect(relativeTime(now - 3 * 3_600_000, now, 'es')).toBe('hace 3 horas');
    expect(relativeTime(now - 10_000, now, 'en')).toBe('now');
    expect(relativeTime(Date.UTC(2025, 11, 1, 12), now, 'fr')).toBe('1 décembre 2025');
  });
});

describe('files before upload', () => {
  const t = translator('en');
  it('refuses an image over 3 MB and any file over 10 MB with the real size', () => {
    const big = new File([new Uint8Array(3 * 1024 * 1024 + 1)], 'a.png', { type: 'image/png' });
    expect(checkFile(big, t)).toBe('The image is 3.00 MB; the limit is 3.00 MB.');
    const four = new File([new Uint8Array(4 * 1024 * 1024)], 'a.jpg', { type: 'image/jpeg' });
    expect(checkFile(four, t)).toBe('The image is 4.00 MB; the limit is 3.00 MB.');
    const pdf = new File([new Uint8Array(11 * 1024 * 1024)], 'a.pdf', { type: 'application/pdf' });
    expect(checkFile(pdf, t)).toBe('The file is 11.00 MB; the limit is 10.00 MB.');
    expect(checkFile(new File([new Uint8Array(5 * 1024 * 1024)], 'a.pdf'), t)).toBeNull();
    expect(checkFile(new File([new Uint8Array(1000)], 'a.png', { type: 'image/png' }), t)).toBeNull();
  });
});

describe('rich messages (contentType 300)', () => {
  it('reads the payload as a JSON string or as given, only for contentType 300', () => {
    const payload = [{ title: 'Yes', message: 'Cool' }];
    expect(richPayload({ contentType: '300', templateId: '6', payload: JSON.stringify(payload) })).toEqual({
      templateId: '6',
      payload,
    });
    expect(richPayload({ contentType: 300, templateId: 6, payload })).toEqual({ templateId: '6', payload });
    expect(richPayload({ contentType: '0', payload: '[]' })).toBeNull();
    expect(richPayload({ contentType: '300', payload: '{not json' })).toBeNull();
  });

  it('turns Kommunicate buttons into replies or http(s) links only', () => {
    expect(toAction({ title: 'Yes', message: 'Cool! send me more.' })).toMatchObject({
      label: 'Yes',
      reply: 'Cool! send me more.',
    });
    expect(toAction({ type: 'link', url: 'https://example.com/x', name: 'Go' })).toMatchObject({
      label: 'Go',
      url: 'https://example.com/x',
      newTab: true,
    });
    expect(
      toAction({ type: 'link', url: 'https://e.com', name: 'Here', openLinkInNewTab: false }),
    ).toMatchObject({
      newTab: false,
    });
    expect(
      toAction({ name: 'Buy', action: { type: 'link', payload: { url: 'https://shop.test/p' } } }),
    ).toMatchObject({
      url: 'https://shop.test/p',
    });
    expect(
      toAction({ name: 'Talk', action: { type: 'quickReply', payload: { message: 'Talk to a human' } } }),
    ).toMatchObject({
      reply: 'Talk to a human',
    });
    // A javascript: link is never a link; the button then just answers with its label.
    const evil = toAction({ type: 'link', url: 'javascript:alert(1)', name: 'Click' });
    expect(evil?.url).toBeUndefined();
    expect(evil?.reply).toBe('Click');
    expect(toAction({})).toBeNull();
  });
});
