import { describe, expect, it } from 'vitest';
import { channelMediaUrl, verifyChannelMediaLink } from './media-link.js';
import { msgPxyPayload } from './viber/connector.js';

const SECRET = 'a'.repeat(32);
const KEY = '6f1c2d9e-8b7a-4c3d-9e0f-112233445566';

function linkOf(url: string) {
  const parsed = new URL(url);
  const [, , , , applicationId, key] = parsed.pathname.split('/');
  return {
    applicationId: decodeURIComponent(applicationId!),
    key: decodeURIComponent(key!),
    expires: Number(parsed.searchParams.get('expires')),
    signature: parsed.searchParams.get('signature')!,
  };
}

describe('channel media links', () => {
  it('verifies its own link until it expires, and nothing altered', () => {
    const now = 1_700_000_000_000;
    const link = linkOf(channelMediaUrl('https://convo.example', SECRET, 'app-1', KEY, now));
    expect(link).toMatchObject({ applicationId: 'app-1', key: KEY });
    expect(verifyChannelMediaLink(SECRET, link, now + 1000)).toBe(true);
    expect(verifyChannelMediaLink(SECRET, link, link.expires + 1)).toBe(false);
    expect(verifyChannelMediaLink(SECRET, { ...link, applicationId: 'app-2' }, now)).toBe(false);
    expect(verifyChannelMediaLink(SECRET, { ...link, expires: link.expires + 1 }, now)).toBe(false);
    expect(verifyChannelMediaLink('b'.repeat(32), link, now)).toBe(false);
  });
});

/** The ids every reply carries (the e-mail channel threads by them; Viber ignores them). */
const REPLY = { applicationId: 'app-1', messageId: 1 };

describe('Viber msgPxyPayload', () => {
  const file = { bytes: new Uint8Array(3), contentType: 'image/png', name: 'p.png', url: 'https://x/p.png' };
  it('sends text as editorType 1 (text), an image as a picture and another file as a file', () => {
    expect(
      msgPxyPayload({ ...REPLY, externalUserId: 'u1', text: 'Hi' }, 'A shop with a very long name indeed'),
    ).toEqual({
      receiver: 'u1',
      min_api_version: 1,
      sender: { name: 'A shop with a very long name' },
      type: 'text',
      text: 'Hi',
    });
    expect(msgPxyPayload({ ...REPLY, externalUserId: 'u1', text: 'look', file }, 'Shop')).toMatchObject({
      type: 'picture',
      text: 'look',
      media: 'https://x/p.png',
    });
    expect(
      msgPxyPayload(
        { ...REPLY, externalUserId: 'u1', text: '', file: { ...file, contentType: 'application/pdf' } },
        'Shop',
      ),
    ).toMatchObject({ type: 'file', media: 'https://x/p.png', size: 3, file_name: 'p.png' });
  });
});
