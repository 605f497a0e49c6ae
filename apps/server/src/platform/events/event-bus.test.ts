import { describe, expect, it } from 'vitest';
import { createEventBus } from './event-bus.js';

interface Events {
  'thing.done': { id: number; seen: string[] };
  'other.done': { id: number; seen: string[] };
}

describe('event bus', () => {
  it('runs the subscribers of an event one after another, in the order they subscribed', async () => {
    const bus = createEventBus<Events>();
    bus.subscribe('thing.done', 'a', async (e) => {
      // A slow first subscriber still finishes before the second starts.
      await new Promise((r) => setTimeout(r, 5));
      e.seen.push(`a${e.id}`);
    });
    bus.subscribe('thing.done', 'b', (e) => {
      e.seen.push(`b${e.id}`);
    });
    bus.subscribe('other.done', 'c', (e) => {
      e.seen.push(`c${e.id}`);
    });
    const payload = { id: 1, seen: [] as string[] };
    await bus.emit('thing.done', payload);
    expect(payload.seen).toEqual(['a1', 'b1']);
    expect(bus.subscribers('thing.done')).toEqual(['a', 'b']);
  });

  it('an event nobody subscribed to does nothing', async () => {
    const bus = createEventBus<Events>();
    await expect(bus.emit('other.done', { id: 2, seen: [] })).resolves.toBeUndefined();
    expect(bus.subscribers('other.done')).toEqual([]);
  });

  it('rejects with the first failing subscriber and runs none after it', async () => {
    const bus = createEventBus<Events>();
    const seen: string[] = [];
    bus.subscribe('thing.done', 'first', () => {
      seen.push('first');
    });
    bus.subscribe('thing.done', 'broken', async () => {
      throw new Error('job not enqueued');
    });
    bus.subscribe('thing.done', 'last', () => {
      seen.push('last');
    });
    await expect(bus.emit('thing.done', { id: 3, seen })).rejects.toThrow('job not enqueued');
    expect(seen).toEqual(['first']);
  });

  it('subscribing again under a name replaces the subscriber in its place; the undo removes it', async () => {
    const bus = createEventBus<Events>();
    bus.subscribe('thing.done', 'a', (e) => {
      e.seen.push('old a');
    });
    bus.subscribe('thing.done', 'b', (e) => {
      e.seen.push('b');
    });
    const undo = bus.subscribe('thing.done', 'a', (e) => {
      e.seen.push('new a');
    });
    const first = { id: 4, seen: [] as string[] };
    await bus.emit('thing.done', first);
    expect(first.seen).toEqual(['new a', 'b']);
    undo();
    const second = { id: 5, seen: [] as string[] };
    await bus.emit('thing.done', second);
    expect(second.seen).toEqual(['b']);
  });
});
