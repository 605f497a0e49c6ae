import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { burstWriter } from './burst-writer.js';

/** A socket stand-in that records each write it is handed (writev counts as one). */
function recordingSocket() {
  const writes: string[][] = [];
  const socket = new Writable({
    write(chunk: Buffer, _enc, cb) {
      writes.push([chunk.toString()]);
      cb();
    },
    writev(chunks, cb) {
      writes.push(chunks.map((c) => String(c.chunk)));
      cb();
    },
  });
  return { socket, writes };
}

const nextTick = () => new Promise<void>((r) => process.nextTick(r));

describe('burstWriter', () => {
  it('sends the frames of one tick in one write, in order', async () => {
    const { socket, writes } = recordingSocket();
    const hold = burstWriter(socket);
    for (const frame of ['a', 'b', 'c']) {
      hold();
      socket.write(frame);
    }
    expect(writes).toEqual([]);
    await nextTick();
    expect(writes).toEqual([['a', 'b', 'c']]);
  });

  it('lets the next tick start a new burst', async () => {
    const { socket, writes } = recordingSocket();
    const hold = burstWriter(socket);
    hold();
    socket.write('a');
    await nextTick();
    hold();
    socket.write('b');
    hold();
    socket.write('c');
    await nextTick();
    expect(writes).toEqual([['a'], ['b', 'c']]);
  });

  it('does nothing without a socket', () => {
    expect(() => burstWriter(undefined)()).not.toThrow();
  });
});
