import { describe, expect, it } from 'vitest';
import { dataJsonOf, envelopeJson, type StoredEvent, toEnvelope } from './event-types.js';

const event = (over: Partial<StoredEvent> = {}): StoredEvent => ({
  seq: 41,
  type: 'message.received',
  appId: 'app-"quoted"-é',
  conversationId: 7,
  audiences: ['members', 'user:u1'],
  data: { message: { key: 'k', message: 'héllo "there"\n\u2028', metadata: {}, id: 3, from: null } },
  ...over,
});

describe('envelopeJson', () => {
  it('writes the text JSON.stringify(toEnvelope(e)) writes, with and without a conversation', () => {
    for (const e of [event(), event({ conversationId: null }), event({ data: {} })])
      expect(envelopeJson(e)).toBe(JSON.stringify(toEnvelope(e)));
  });

  it("reuses the data's JSON the append wrote, and writes it for an event read back", () => {
    const stored = event();
    const written = dataJsonOf(stored.data);
    expect(written).toBe(JSON.stringify(stored.data));
    expect(dataJsonOf(stored.data)).toBe(written);
    // A replayed event is a new object with the same content: the same text.
    const replayed = event({ data: JSON.parse(written) as Record<string, unknown> });
    expect(envelopeJson(replayed)).toBe(envelopeJson(stored));
  });
});
