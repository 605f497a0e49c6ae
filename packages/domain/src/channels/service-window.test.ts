import { describe, expect, it } from 'vitest';
import { mayReplyWithFreeText, SERVICE_WINDOW_CHANNELS, serviceWindowAt } from './service-window';

const at = (iso: string) => new Date(iso);

describe('customer-service window', () => {
  it('is open for 24 hours after the customer last wrote, closed from the 24th hour on', () => {
    const last = at('2026-01-01T10:00:00Z');
    expect(serviceWindowAt(last, at('2026-01-01T10:00:00Z'))).toEqual({
      open: true,
      closesAt: at('2026-01-02T10:00:00Z'),
    });
    expect(serviceWindowAt(last, at('2026-01-02T09:59:59.999Z')).open).toBe(true);
    expect(serviceWindowAt(last, at('2026-01-02T10:00:00Z')).open).toBe(false);
    expect(serviceWindowAt(last, at('2026-01-05T00:00:00Z')).open).toBe(false);
  });

  it('is closed when the customer never wrote', () => {
    expect(serviceWindowAt(null, at('2026-01-01T00:00:00Z'))).toEqual({ open: false, closesAt: null });
  });

  it('binds only the Meta channels', () => {
    const old = at('2026-01-01T00:00:00Z');
    const now = at('2026-01-03T00:00:00Z');
    for (const channel of [
      'whatsapp-cloud-api',
      'whatsapp-twilio',
      'whatsapp-dialog360',
      'whatsapp-gallabox',
      'facebook',
      'instagram',
    ]) {
      expect(SERVICE_WINDOW_CHANNELS.has(channel)).toBe(true);
      expect(mayReplyWithFreeText(channel, old, now)).toBe(false);
      expect(mayReplyWithFreeText(channel, at('2026-01-02T12:00:00Z'), now)).toBe(true);
    }
    for (const channel of ['web', 'telegram']) expect(mayReplyWithFreeText(channel, old, now)).toBe(true);
    expect(mayReplyWithFreeText('web', null, now)).toBe(true);
  });
});
