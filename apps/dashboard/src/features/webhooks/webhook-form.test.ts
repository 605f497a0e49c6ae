import type { Webhook } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { eventsError, initialValues, updateBody, urlError } from './webhook-form';

const webhook: Webhook = {
  id: '8c1f0b8e-4d55-4a0e-9d8f-2b1c6a0f1e11',
  url: 'https://example.com/hook',
  events: ['message.received'],
  enabled: true,
  secretHint: 'ab12',
  createdAt: 1_700_000_000_000,
  updatedAt: 1_700_000_000_000,
};

describe('webhook form rules', () => {
  it('refuses an empty URL and anything but http(s), as the API does', () => {
    expect(urlError('  ')).toBe('required');
    expect(urlError('ftp://example.com/x')).toBe('invalidUrl');
    expect(urlError('example.com/hook')).toBe('invalidUrl');
    expect(urlError(' https://example.com/hook ')).toBeNull();
    expect(urlError('http://127.0.0.1:9000/in')).toBeNull();
  });

  it('asks for at least one event', () => {
    expect(eventsError([])).toBe('noEvents');
    expect(eventsError(['message.received'])).toBeNull();
  });

  it('starts a new webhook enabled with every event; an edit from the webhook, unknown events dropped', () => {
    expect(initialValues(null)).toEqual({ url: '', events: ['message.received'], enabled: true });
    expect(initialValues({ ...webhook, events: ['message.received', 'gone.event'], enabled: false })).toEqual(
      { url: webhook.url, events: ['message.received'], enabled: false },
    );
  });

  it('sends only what an edit changed, and nothing when nothing did', () => {
    const same = initialValues(webhook);
    expect(updateBody(webhook, same)).toBeNull();
    expect(updateBody(webhook, { ...same, url: ` ${webhook.url} ` })).toBeNull();
    expect(updateBody(webhook, { ...same, enabled: false })).toEqual({ enabled: false });
    expect(updateBody(webhook, { ...same, url: 'https://example.org/new' })).toEqual({
      url: 'https://example.org/new',
    });
    expect(updateBody({ ...webhook, events: ['gone.event'] }, same)).toEqual({
      events: ['message.received'],
    });
  });
});
