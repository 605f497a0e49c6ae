import { describe, expect, it } from 'vitest';
import { backoffDelayMs, parseServerFrame, socketUrl } from './realtime-protocol';

describe('real-time protocol', () => {
  it('reads control frames and events, and ignores garbage', () => {
    expect(parseServerFrame('{"type":"ready","appId":"a","userId":"u","seq":4}')).toEqual({
      kind: 'control',
      frame: { type: 'ready', userId: 'u', seq: 4 },
    });
    expect(parseServerFrame('{"type":"error","code":"UNAUTHORIZED","message":"x"}')).toMatchObject({
      kind: 'control',
      frame: { code: 'UNAUTHORIZED' },
    });
    expect(
      parseServerFrame('{"seq":5,"type":"message.received","appId":"a","conversationId":3,"data":{}}'),
    ).toEqual({
      kind: 'event',
      event: { seq: 5, type: 'message.received', appId: 'a', conversationId: 3, data: {} },
    });
    expect(parseServerFrame('{"type":"typing","appId":"a","data":{"typing":true}}')).toMatchObject({
      kind: 'event',
      event: { type: 'typing' },
    });
    expect(parseServerFrame('not json')).toBeNull();
    expect(parseServerFrame('{"type":"ready"}')).toBeNull();
    expect(parseServerFrame('[1,2]')).toBeNull();
  });

  it('backs off from 1 s doubling to 30 s with bounded jitter', () => {
    expect(backoffDelayMs(0, () => 0)).toBe(1_000);
    expect(backoffDelayMs(3, () => 0)).toBe(8_000);
    expect(backoffDelayMs(3, () => 1)).toBe(10_000);
    // Tops out at 10 s, jitter included (the agent waited up to a minute before, issue 40).
    expect(backoffDelayMs(10, () => 0)).toBe(10_000);
    expect(backoffDelayMs(10, () => 1)).toBe(10_000);
    expect(backoffDelayMs(1_000, () => 0.5)).toBe(10_000);
  });

  it('builds the socket URL on the messaging host', () => {
    expect(socketUrl('', '/ws', { href: 'https://app.example.com/conversations' })).toBe(
      'wss://app.example.com/ws',
    );
    expect(socketUrl('http://chat.local:3000', '/ws', { href: 'https://x/' })).toBe(
      'ws://chat.local:3000/ws',
    );
  });
});
