import { describe, expect, it } from 'vitest';
import {
  DEV_MAILBOX_KEY_HEADER,
  devMailboxKey,
  isLoopbackAddress,
  mayReadDevMailbox,
  warnsWithoutSmtp,
} from './access.js';

const SECRET = 'secret-of-the-install';
const KEY = devMailboxKey(SECRET);

describe('devMailboxKey', () => {
  it('is stable for an install and changes with its secret', () => {
    expect(devMailboxKey(SECRET)).toBe(KEY);
    expect(devMailboxKey('another secret')).not.toBe(KEY);
    expect(KEY).toMatch(/^[\w-]{32}$/);
  });
});

describe('isLoopbackAddress', () => {
  it('knows 127/8, ::1, their mapped forms and localhost', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', 'localhost', 'LOCALHOST']) {
      expect(isLoopbackAddress(a), a).toBe(true);
    }
    for (const a of [
      '0.0.0.0',
      '::',
      '10.0.0.1',
      '128.0.0.1',
      '::ffff:10.0.0.1',
      '127.0.0.1.evil',
      undefined,
    ]) {
      expect(isLoopbackAddress(a), String(a)).toBe(false);
    }
  });
});

describe('mayReadDevMailbox', () => {
  const operator = { remoteAddress: '127.0.0.1', headers: { [DEV_MAILBOX_KEY_HEADER]: KEY } };

  it('lets the operator in: no SMTP, loopback peer, no proxy headers, the key', () => {
    expect(mayReadDevMailbox(operator, true, SECRET)).toBe(true);
  });

  it('refuses with SMTP, from elsewhere, behind a proxy, without or with a wrong key', () => {
    expect(mayReadDevMailbox(operator, false, SECRET)).toBe(false);
    expect(mayReadDevMailbox({ ...operator, remoteAddress: '192.0.2.1' }, true, SECRET)).toBe(false);
    expect(
      mayReadDevMailbox(
        { ...operator, headers: { ...operator.headers, forwarded: 'for=1.2.3.4' } },
        true,
        SECRET,
      ),
    ).toBe(false);
    expect(mayReadDevMailbox({ ...operator, headers: {} }, true, SECRET)).toBe(false);
    expect(
      mayReadDevMailbox({ ...operator, headers: { [DEV_MAILBOX_KEY_HEADER]: `${KEY}x` } }, true, SECRET),
    ).toBe(false);
    expect(
      mayReadDevMailbox({ ...operator, headers: { [DEV_MAILBOX_KEY_HEADER]: [KEY] } }, true, SECRET),
    ).toBe(false);
  });
});

describe('warnsWithoutSmtp', () => {
  it('warns only without SMTP on an address others can reach', () => {
    expect(warnsWithoutSmtp(undefined, '0.0.0.0')).toBe(true);
    expect(warnsWithoutSmtp(undefined, '192.0.2.10')).toBe(true);
    expect(warnsWithoutSmtp(undefined, '127.0.0.1')).toBe(false);
    expect(warnsWithoutSmtp(undefined, 'localhost')).toBe(false);
    expect(warnsWithoutSmtp('smtp://mail.example.com', '0.0.0.0')).toBe(false);
  });
});
