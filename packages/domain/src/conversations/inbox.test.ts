import { describe, expect, it } from 'vitest';
import {
  customerDisplayName,
  givenNameOf,
  MESSAGE_HTML_ALLOWED_TAGS,
  MESSAGE_PREVIEW_MAX,
  messagePreview,
  pseudonymOf,
  relativeTimeParts,
} from './inbox';

describe('inbox rules', () => {
  const now = Date.UTC(2025, 5, 19, 12, 0, 0);
  it('words time relatively under 2880 minutes (SPEC §9)', () => {
    expect(relativeTimeParts(now - 30_000, now)).toEqual({ unit: 'now' });
    expect(relativeTimeParts(now + 60_000, now)).toEqual({ unit: 'now' });
    expect(relativeTimeParts(now - 59 * 60_000, now)).toEqual({ unit: 'minutes', count: 59 });
    expect(relativeTimeParts(now - 60 * 60_000, now)).toEqual({ unit: 'hours', count: 1 });
    expect(relativeTimeParts(now - 2879 * 60_000, now)).toEqual({ unit: 'hours', count: 47 });
    expect(relativeTimeParts(now - 2880 * 60_000, now)).toEqual({ unit: 'date', ms: now - 2880 * 60_000 });
  });
  it('gives a visitor the same pseudonym every time', () => {
    expect(pseudonymOf('visitor-1')).toBe(pseudonymOf('visitor-1'));
    expect(pseudonymOf('visitor-1')).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+$/);
    const names = new Set(Array.from({ length: 50 }, (_, i) => pseudonymOf(`v-${i}`)));
    expect(names.size).toBeGreaterThan(20);
  });
  it('names a customer by the name they gave, else by their pseudonym, never by their id', () => {
    expect(customerDisplayName({ userId: 'v-5jes2ix8', displayName: 'Asha Rao' })).toBe('Asha Rao');
    expect(customerDisplayName({ userId: 'v-5jes2ix8', displayName: ' Asha ' })).toBe('Asha');
    const pseudonym = pseudonymOf('v-5jes2ix8');
    expect(customerDisplayName({ userId: 'v-5jes2ix8', displayName: 'v-5jes2ix8' })).toBe(pseudonym);
    expect(customerDisplayName({ userId: 'v-5jes2ix8', displayName: '' })).toBe(pseudonym);
    expect(customerDisplayName({ userId: 'v-5jes2ix8', displayName: '   ' })).toBe(pseudonym);
    expect(customerDisplayName({ userId: 'v-5jes2ix8', displayName: null })).toBe(pseudonym);
    expect(customerDisplayName({ userId: 'v-5jes2ix8' })).toBe(pseudonym);
    expect(givenNameOf({ userId: 'v-5jes2ix8', displayName: 'v-5jes2ix8' })).toBeNull();
    expect(givenNameOf({ userId: 'v-5jes2ix8', displayName: 'Asha' })).toBe('Asha');
  });
  it('previews the first line of the last message, without tags, cut to the preview length', () => {
    expect(messagePreview({ message: '\n  Hello there \nsecond line', contentType: 0 })).toBe('Hello there');
    expect(messagePreview({ message: '<p>Hi <b>you</b></p><p>next</p>', contentType: 3 })).toBe('Hi you');
    expect(messagePreview({ message: '', contentType: 1 })).toBe('');
    const long = messagePreview({ message: 'x'.repeat(500), contentType: 0 });
    expect(long).toHaveLength(MESSAGE_PREVIEW_MAX);
    expect(long?.endsWith('…')).toBe(true);
    expect(messagePreview({ message: 'Resolved by Ana', contentType: 10 })).toBeNull();
    expect(messagePreview({ message: 'secret', contentType: 11 })).toBeNull();
  });
  it('never allows scripts or frames in message HTML', () => {
    for (const tag of ['script', 'iframe', 'object', 'embed', 'style', 'form']) {
      expect(MESSAGE_HTML_ALLOWED_TAGS as readonly string[]).not.toContain(tag);
    }
  });
});
