import { type Intent, intentWriteSchema } from '@convo/api';
import { describe, expect, it } from 'vitest';
import {
  DEFAULT_CONFIDENCE_THRESHOLD,
  draftErrors,
  draftFromIntent,
  emptyDraft,
  emulatorDrafts,
  fallbackSettingsFrom,
  intentDisplayName,
  isDefaultIntent,
  isDraftDirty,
  sameDraft,
  sameFallbackSettings,
  toIntentWrite,
} from './intent-draft';

const shipping: Intent = {
  id: '11111111-1111-4111-8111-111111111111',
  language: 'en',
  section: 'answers',
  name: 'shipping',
  userSays: ['How long is shipping?', 'When will my order arrive?'],
  botSays: [{ kind: 'text', text: 'Three to five days.' }],
  updatedAt: 1,
};
const welcome: Intent = {
  id: '22222222-2222-4222-8222-222222222222',
  language: 'en',
  section: 'welcome-message',
  name: 'welcome_event',
  userSays: [],
  botSays: [{ kind: 'text', text: 'Hi! How can I help?' }],
  updatedAt: 1,
};
const hasUserSays = (section: string) => section === 'answers' || section === 'small-talk';

describe('intent drafts', () => {
  it('is clean as loaded and dirty once changed, ignoring blank phrases and outer spaces', () => {
    const draft = draftFromIntent(shipping);
    expect(isDraftDirty(shipping, draft)).toBe(false);
    expect(isDraftDirty(shipping, { ...draft, userSays: [...draft.userSays, '  '] })).toBe(false);
    expect(isDraftDirty(shipping, { ...draft, name: ' shipping ' })).toBe(false);
    expect(isDraftDirty(shipping, { ...draft, userSays: [...draft.userSays, 'Shipping time?'] })).toBe(true);
    expect(isDraftDirty(shipping, { ...draft, botSays: [{ kind: 'text', text: 'Two days.' }] })).toBe(true);
    expect(
      isDraftDirty(shipping, {
        ...draft,
        botSays: [
          {
            kind: 'link',
            text: 'Three to five days.',
            label: 'More',
            url: 'https://a.example',
            newTab: true,
          },
        ],
      }),
    ).toBe(true);
  });

  it('counts a new intent as dirty only once something is typed', () => {
    expect(isDraftDirty(null, emptyDraft())).toBe(false);
    expect(isDraftDirty(null, { ...emptyDraft(), name: 'returns' })).toBe(true);
    expect(sameDraft(emptyDraft(), { ...emptyDraft(), userSays: ['', ' '] })).toBe(true);
  });

  it('writes what the API accepts: trimmed, without blanks or repeats, no phrases outside answers', () => {
    const write = toIntentWrite(
      {
        name: ' returns ',
        userSays: [' Can I return it? ', '', 'Can I return it?'],
        botSays: [
          { kind: 'text', text: ' Yes, within 30 days. ' },
          { kind: 'text', text: '   ' },
        ],
      },
      'es',
      'answers',
      true,
    );
    expect(write).toEqual({
      language: 'es',
      section: 'answers',
      name: 'returns',
      userSays: ['Can I return it?'],
      botSays: [{ kind: 'text', text: 'Yes, within 30 days.' }],
    });
    expect(intentWriteSchema.parse(write)).toEqual(write);
    expect(toIntentWrite(draftFromIntent(shipping), 'en', 'welcome-message', false).userSays).toEqual([]);
  });

  it('says why a draft cannot be saved', () => {
    const ok = draftFromIntent(shipping);
    expect(draftErrors(ok, { hasUserSays: true, otherNames: ['returns'] })).toEqual([]);
    expect(draftErrors(emptyDraft(), { hasUserSays: true, otherNames: [] })).toEqual([
      'nameRequired',
      'userSaysRequired',
      'botSaysRequired',
    ]);
    expect(draftErrors({ ...ok, name: 'Returns ' }, { hasUserSays: true, otherNames: ['returns'] })).toEqual([
      'duplicateName',
    ]);
    // Welcome and fallback have no phrases.
    expect(draftErrors({ ...ok, userSays: [] }, { hasUserSays: false, otherNames: [] })).toEqual([]);
    expect(
      draftErrors(
        { ...ok, botSays: [{ kind: 'link', text: '', label: 'x', url: 'nope', newTab: true }] },
        { hasUserSays: true, otherNames: [] },
      ),
    ).toEqual(['replyInvalid']);
  });

  it('gives the emulator the saved intents with the open draft in place', () => {
    const edited = {
      ...draftFromIntent(shipping),
      botSays: [{ kind: 'text' as const, text: 'Two days now.' }],
    };
    const drafts = emulatorDrafts(
      [shipping, welcome],
      'en',
      { id: shipping.id, section: 'answers', draft: edited },
      hasUserSays,
    );
    expect(drafts).toHaveLength(2);
    expect(drafts.find((d) => d.name === 'shipping')?.botSays).toEqual([
      { kind: 'text', text: 'Two days now.' },
    ]);
    expect(drafts.find((d) => d.name === 'welcome_event')?.userSays).toEqual([]);
  });

  it('adds a new valid draft, and keeps the saved version when the draft is not valid', () => {
    const fresh = {
      name: 'returns',
      userSays: ['Can I return it?'],
      botSays: [{ kind: 'text' as const, text: 'Yes.' }],
    };
    expect(
      emulatorDrafts([shipping], 'en', { id: null, section: 'answers', draft: fresh }, hasUserSays).map(
        (d) => d.name,
      ),
    ).toEqual(['shipping', 'returns']);
    const invalid = { ...draftFromIntent(shipping), userSays: [''] };
    const drafts = emulatorDrafts(
      [shipping],
      'en',
      { id: shipping.id, section: 'answers', draft: invalid },
      hasUserSays,
    );
    expect(drafts[0]?.userSays).toEqual(shipping.userSays);
    // A new draft named like a saved intent would be refused by the server: left out.
    const clash = { ...fresh, name: 'Shipping' };
    expect(
      emulatorDrafts([shipping], 'en', { id: null, section: 'answers', draft: clash }, hasUserSays),
    ).toHaveLength(1);
  });

  it('leaves out intents of other languages', () => {
    expect(emulatorDrafts([{ ...shipping, language: 'fr' }], 'en', null, hasUserSays)).toEqual([]);
  });

  it('names the default intents as SPEC §2 does', () => {
    expect(intentDisplayName('welcome_event')).toBe('Default Welcome Intent');
    expect(intentDisplayName('fallback_intent')).toBe('Default Fallback Intent');
    expect(intentDisplayName('shipping')).toBe('shipping');
    expect(isDefaultIntent('fallback_intent')).toBe(true);
    expect(isDefaultIntent('shipping')).toBe(false);
  });

  it('reads the fallback settings with their defaults and compares them', () => {
    const saved = fallbackSettingsFrom({}, 2);
    expect(saved).toEqual({ confidenceThreshold: DEFAULT_CONFIDENCE_THRESHOLD, fallbacksBeforeHandoff: 2 });
    expect(fallbackSettingsFrom({ confidenceThreshold: 0.6, fallbacksBeforeHandoff: 0 }, 2)).toEqual({
      confidenceThreshold: 0.6,
      fallbacksBeforeHandoff: 0,
    });
    expect(sameFallbackSettings(saved, { ...saved, confidenceThreshold: 0.1 + 0.25 })).toBe(true);
    expect(sameFallbackSettings(saved, { ...saved, confidenceThreshold: 0.36 })).toBe(false);
    expect(sameFallbackSettings(saved, { ...saved, fallbacksBeforeHandoff: 3 })).toBe(false);
  });
});
