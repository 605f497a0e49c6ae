import {
  businessHoursSchema,
  configurationSchema,
  customizationSchema,
  DEFAULT_CHAT_WIDGET_SETTINGS,
  greetingMessageSchema,
  preChatLeadCollectionSchema,
  welcomeMessageSchema,
} from '@convo/api';
import { isWithinBusinessHours, SOUNDS } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { SOUND_NOTES, soundLength } from '../../../lib/notification-sound';
import {
  asBusinessHours,
  formPathOf,
  fromBusinessHoursForm,
  toBusinessHoursForm,
  WEEK_ORDER,
} from './business-hours-form';
import { androidSample, iosSample, mobileFrameUrl, reactNativeSample } from './install-samples';
import { setLeadField } from './lead-fields';
import { validationProblems } from './validation-problems';
import { initials, normaliseHex, previewColour, previewModel } from './widget-preview-model';

const defaults = DEFAULT_CHAT_WIDGET_SETTINGS;

describe('business hours form ↔ document', () => {
  it('shows one row per weekday, Monday first, open where the document has hours', () => {
    const form = toBusinessHoursForm({
      enabled: true,
      timeZone: 'Europe/Paris',
      days: [
        { day: 0, open: '10:00', close: '14:00' },
        { day: 3, open: '08:30', close: '12:00' },
      ],
    });
    expect(form.week.map((r) => r.day)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    expect(form.week.find((r) => r.day === 3)).toMatchObject({ open: true, from: '08:30', to: '12:00' });
    expect(form.week.find((r) => r.day === 0)).toMatchObject({ open: true, from: '10:00', to: '14:00' });
    expect(form.week.find((r) => r.day === 1)).toMatchObject({ open: false, from: '09:00', to: '18:00' });
  });

  it('round-trips, sorted by weekday, and keeps a second interval of the same day', () => {
    const doc = {
      enabled: true,
      timeZone: 'Asia/Kolkata',
      days: [
        { day: 1, open: '09:00', close: '12:00' },
        { day: 1, open: '14:00', close: '18:00' },
        { day: 5, open: '10:00', close: '16:00' },
      ],
    };
    expect(fromBusinessHoursForm(toBusinessHoursForm(doc))).toEqual(doc);
    expect(fromBusinessHoursForm(toBusinessHoursForm(defaults.businessHours))).toEqual(
      defaults.businessHours,
    );
  });

  it('leaves closed days out and writes the edited times', () => {
    const form = toBusinessHoursForm(defaults.businessHours);
    const week = form.week.map((row) =>
      row.day === 1
        ? { ...row, from: '07:00' }
        : row.day === 6
          ? { ...row, open: true }
          : { ...row, open: false },
    );
    expect(fromBusinessHoursForm({ ...form, week }).days).toEqual([
      { day: 1, open: '07:00', close: '18:00' },
      { day: 6, open: '09:00', close: '18:00' },
    ]);
  });

  it('puts "Please select a date" on the week and a bad interval on its weekday row', () => {
    const none = fromBusinessHoursForm({
      ...toBusinessHoursForm(defaults.businessHours),
      enabled: true,
      week: toBusinessHoursForm(defaults.businessHours).week.map((r) => ({ ...r, open: false })),
    });
    const problems = validationProblems(businessHoursSchema, none);
    expect(problems).toEqual([{ path: 'days', key: 'pleaseSelectDate' }]);
    expect(formPathOf('days', none)).toBe('week');

    // Switched off with no day is fine: the widget is then always open.
    expect(validationProblems(businessHoursSchema, { ...none, enabled: false })).toEqual([]);

    const form = toBusinessHoursForm(defaults.businessHours);
    const saturday = WEEK_ORDER.indexOf(6);
    form.week[saturday] = { ...form.week[saturday]!, open: true, from: '18:00', to: '09:00' };
    const doc = fromBusinessHoursForm(form);
    const [problem] = validationProblems(businessHoursSchema, doc);
    expect(problem).toMatchObject({ key: 'closeAfterOpen' });
    expect(formPathOf(problem!.path, doc)).toBe(`week.${saturday}.to`);
    expect(formPathOf('timeZone', doc)).toBe('timeZone');
  });

  it('gives the domain rules a typed document', () => {
    const hours = asBusinessHours({
      enabled: true,
      timeZone: 'UTC',
      days: [{ day: 1, open: '09:00', close: '17:00' }],
    });
    expect(isWithinBusinessHours(hours, new Date('2024-01-08T10:00:00Z'))).toBe(true); // a Monday
    expect(isWithinBusinessHours(hours, new Date('2024-01-09T10:00:00Z'))).toBe(false);
  });
});

describe('validation problems', () => {
  it('names each problem of the contract in words the pages translate', () => {
    expect(
      validationProblems(customizationSchema, { ...defaults.customization, primaryColor: '#12' }),
    ).toEqual([{ path: 'primaryColor', key: 'colour' }]);
    expect(validationProblems(customizationSchema, { ...defaults.customization, title: '   ' })).toEqual([
      { path: 'title', key: 'required' },
    ]);
    expect(
      validationProblems(customizationSchema, { ...defaults.customization, title: 'x'.repeat(61) }),
    ).toEqual([{ path: 'title', key: 'tooLong', values: { max: 60 } }]);
    expect(
      validationProblems(configurationSchema, {
        ...defaults.configuration,
        allowedDomains: ['https://x.com/a'],
      }),
    ).toEqual([{ path: 'allowedDomains.0', key: 'domain' }]);
    expect(
      validationProblems(welcomeMessageSchema, {
        ...defaults.welcomeMessage,
        messages: ['a', 'b', 'c', 'd'],
      }),
    ).toEqual([{ path: 'messages', key: 'tooMany', values: { max: 3 } }]);
    expect(
      validationProblems(welcomeMessageSchema, { ...defaults.welcomeMessage, messages: ['ok', ''] }),
    ).toEqual([{ path: 'messages.1', key: 'required' }]);
    expect(
      validationProblems(greetingMessageSchema, { ...defaults.greetingMessage, delaySeconds: Number.NaN }),
    ).toEqual([{ path: 'delaySeconds', key: 'required' }]);
    expect(
      validationProblems(greetingMessageSchema, { ...defaults.greetingMessage, delaySeconds: 301 }),
    ).toEqual([{ path: 'delaySeconds', key: 'max', values: { max: 300 } }]);
    expect(
      validationProblems(businessHoursSchema, { ...defaults.businessHours, timeZone: 'Nowhere/Land' }),
    ).toEqual([{ path: 'timeZone', key: 'timeZone' }]);
    expect(validationProblems(preChatLeadCollectionSchema, defaults.preChatLeadCollection)).toEqual([]);
  });
});

describe('live preview model', () => {
  it('keeps the last valid colour while one is being typed, and the saved title while empty', () => {
    const saved = defaults.customization;
    const model = previewModel(
      { ...saved, primaryColor: '#5F46F8', secondaryColor: '#ff', title: '' },
      saved,
    );
    expect(model.primary).toBe('#5f46f8');
    expect(model.secondary).toBe(saved.secondaryColor);
    expect(model.title).toBe(saved.title);
    expect(previewModel({ ...saved, position: 'left', launcherIcon: 'help' }, saved)).toMatchObject({
      side: 'left',
      icon: 'help',
    });
    expect(previewColour('#abc', '#000000')).toBe('#abc');
    expect(previewColour('red', '#000000')).toBe('#000000');
  });

  it('normalises colours to the contract’s six digits', () => {
    expect(normaliseHex(' #ABC ')).toBe('#aabbcc');
    expect(normaliseHex('#5F46F8')).toBe('#5f46f8');
    expect(normaliseHex('#12')).toBe('#12');
    expect(
      customizationSchema.safeParse({ ...defaults.customization, primaryColor: normaliseHex('#0F0') })
        .success,
    ).toBe(true);
  });

  it('draws up to two initials', () => {
    expect(initials('Ana')).toBe('A');
    expect(initials(' ana  maría lópez ')).toBe('AM');
    expect(initials('')).toBe('');
  });
});

describe('pre-chat lead fields', () => {
  it('asks a required field, and stops requiring a field no longer asked', () => {
    const base = defaults.preChatLeadCollection;
    expect(setLeadField(base, 'phone', { required: true }).fields.phone).toEqual({
      enabled: true,
      required: true,
    });
    expect(setLeadField(base, 'email', { enabled: false }).fields.email).toEqual({
      enabled: false,
      required: false,
    });
    expect(setLeadField(base, 'name', { required: false }).fields).toEqual({
      ...base.fields,
      name: { enabled: true, required: false },
    });
  });
});

describe('notification sounds', () => {
  it('has a tone for every SPEC §9 sound but no_sound, each short and different', () => {
    expect(Object.keys(SOUND_NOTES).sort()).toEqual([...SOUNDS].sort());
    expect(SOUND_NOTES.no_sound).toEqual([]);
    expect(soundLength('no_sound')).toBe(0);
    const audible = SOUNDS.filter((s) => s !== 'no_sound');
    for (const sound of audible) {
      expect(SOUND_NOTES[sound].length, sound).toBeGreaterThan(0);
      expect(soundLength(sound), sound).toBeLessThan(1);
    }
    expect(new Set(audible.map((s) => JSON.stringify(SOUND_NOTES[s]))).size).toBe(audible.length);
  });
});

describe('mobile install samples', () => {
  it('open the chat frame of this application in each platform’s web view', () => {
    const url = mobileFrameUrl({ origin: 'https://chat.example.com', appId: 'app 1&x' });
    expect(url).toBe('https://chat.example.com/widget/frame.html?appId=app%201%26x&mode=embedded');
    for (const sample of [androidSample(url), iosSample(url), reactNativeSample(url)]) {
      expect(sample).toContain(JSON.stringify(url));
    }
    expect(androidSample(url)).toContain('javaScriptEnabled = true');
    expect(iosSample(url)).toContain('WKWebView');
    expect(reactNativeSample(url)).toContain('react-native-webview');
  });
});
