import type { GroupFeed } from '@convo/api';
import { CONVERSATION_STATUS } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { groupFeed } from '../../../testing/group-feed';
import { DEFAULT_FILTER } from './inbox-filter';
import { nextKept, withKeptRow } from './kept-row';

const feed = (id: number, status: number = CONVERSATION_STATUS.OPEN): GroupFeed =>
  groupFeed(id, { status, lastMessage: { preview: 'hello', contentType: 0, senderType: 2 } });

describe('the open conversation keeps its row', () => {
  const filter = DEFAULT_FILTER;
  const before = [feed(1), feed(2), feed(3)];
  const kept = nextKept(null, before, 2, filter);
  // Resolved while open: the list searched again no longer has it.
  const after = [feed(1), feed(3)];
  const resolved = { ...feed(2, CONVERSATION_STATUS.CLOSED), lastMessage: undefined };

  it('stays at its place, as the conversation is now, with its preview', () => {
    expect(nextKept(kept, after, 2, filter)).toBe(kept);
    const shown = withKeptRow(after, nextKept(kept, after, 2, filter), 2, filter, resolved);
    expect(shown.map((f) => f.id)).toEqual([1, 2, 3]);
    expect(shown[1]?.status).toBe(CONVERSATION_STATUS.CLOSED);
    expect(shown[1]?.lastMessage?.preview).toBe('hello');
  });

  it('goes once the agent opens another conversation or changes the filter', () => {
    expect(nextKept(kept, after, 3, filter)?.id).toBe(3);
    expect(withKeptRow(after, nextKept(kept, after, 3, filter), 3, filter, feed(3))).toBe(after);
    const other = { ...filter, sort: 'oldest' as const };
    expect(nextKept(kept, after, 2, other)).toBeNull();
    expect(withKeptRow(after, kept, 2, other, resolved)).toBe(after);
    expect(nextKept(kept, after, null, filter)).toBeNull();
  });

  it('is not added twice while the list still has it', () => {
    expect(withKeptRow(before, kept, 2, filter, resolved)).toBe(before);
  });
});
