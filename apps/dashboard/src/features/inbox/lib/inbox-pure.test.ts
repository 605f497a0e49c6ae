import { describe, expect, it } from 'vitest';
import { parseDrafts, withDraft } from './drafts';
import { DEFAULT_FILTER, toSearchRequest } from './inbox-filter';
import { neighbour, shortcutOf } from './keyboard';
import { isSystemLine, mergeMessages, toRows } from './message-rows';
import { testMessage } from './test-message';

const msg = (id: number, at: number, contentType = 0) => testMessage({ id, createdAtTime: at, contentType });

describe('inbox filter', () => {
  it('turns the views into the SPEC §3 filter', () => {
    const page = { startIndex: 0, pageSize: 30 };
    expect(toSearchRequest({ ...DEFAULT_FILTER, assignee: 'mine' }, 'me@x', page)).toMatchObject({
      assignee: 'me@x',
      status: DEFAULT_FILTER.statuses,
      sort: 'newest',
    });
    expect(toSearchRequest({ ...DEFAULT_FILTER, assignee: 'unassigned' }, 'me', page).assignee).toBe(
      'unassigned',
    );
    expect(toSearchRequest({ ...DEFAULT_FILTER, assignee: { teammate: 'ann' } }, 'me', page).assignee).toBe(
      'ann',
    );
    const all = toSearchRequest(
      { ...DEFAULT_FILTER, statuses: [], search: '  refund ', from: 5, to: null },
      'me',
      page,
    );
    expect(all).toEqual({
      content: 'refund',
      searchFilter: { startTime: 5 },
      sort: 'newest',
      startIndex: 0,
      pageSize: 30,
    });
  });
});

describe('drafts', () => {
  it('keeps one draft per conversation and drops blank ones', () => {
    const one = withDraft({}, 7, 'hello');
    expect(one).toEqual({ '7': 'hello' });
    expect(withDraft(one, 7, '  ')).toEqual({});
    expect(parseDrafts(JSON.stringify({ '1': 'a', '2': 3 }))).toEqual({ '1': 'a' });
    expect(parseDrafts('nonsense')).toEqual({});
    expect(parseDrafts('[1]')).toEqual({});
  });
});

describe('message rows', () => {
  it('merges pages and live messages in order without duplicates', () => {
    const merged = mergeMessages([msg(2, 20), msg(3, 30)], [msg(1, 10), msg(3, 30), msg(4, 40)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3, 4]);
  });
  it('adds an older page, a newer message and updated copies without resorting', () => {
    const current = [msg(3, 30), msg(4, 40), msg(5, 40)];
    // An older page overlaps the list by its oldest millisecond.
    const older = mergeMessages(current, [msg(4, 40), msg(1, 10), msg(2, 20), msg(3, 30)]);
    expect(older.map((m) => m.id)).toEqual([1, 2, 3, 4, 5]);
    expect(older[4]).toBe(current[2]);
    const newer = mergeMessages(current, [msg(6, 50)]);
    expect(newer.map((m) => m.id)).toEqual([3, 4, 5, 6]);
    // A known message comes again (the socket echo of a sent one): its copy replaces it in place.
    const echo = { ...msg(4, 40), status: 5 };
    const replaced = mergeMessages(current, [echo]);
    expect(replaced.map((m) => m.id)).toEqual([3, 4, 5]);
    expect(replaced[1]).toBe(echo);
    expect(current[1]?.status).toBe(3);
    // Out of order and in the middle: the general path.
    expect(mergeMessages(current, [msg(7, 35), msg(2, 20)]).map((m) => m.id)).toEqual([2, 3, 7, 4, 5]);
    expect(mergeMessages(current, [msg(8, 60), msg(8, 60)]).map((m) => m.id)).toEqual([3, 4, 5, 8]);
    expect(mergeMessages([], [msg(2, 20), msg(1, 10)]).map((m) => m.id)).toEqual([1, 2]);
    expect(mergeMessages(current, [])).toEqual(current);
  });
  it('keeps one row object per message across calls', () => {
    const a = msg(1, 1000);
    const first = toRows([a]);
    const second = toRows([msg(0, 500), a]);
    expect(second[second.length - 1]).toBe(first[first.length - 1]);
  });
  it('puts a day separator before each new day', () => {
    const day = 86_400_000;
    const base = new Date(2025, 0, 1, 10).getTime();
    const rows = toRows([msg(1, base), msg(2, base + 1000), msg(3, base + day)]);
    expect(rows.map((r) => r.kind)).toEqual(['day', 'message', 'message', 'day', 'message']);
    // Just before and at midnight.
    const midnight = new Date(2025, 0, 3).getTime();
    const edge = toRows([msg(4, midnight - 1), msg(5, midnight), msg(6, midnight + 2 * day + 5)]);
    expect(edge.map((r) => (r.kind === 'day' ? r.dayMs : r.key))).toEqual([
      new Date(2025, 0, 2).getTime(),
      'm-4',
      midnight,
      'm-5',
      new Date(2025, 0, 5).getTime(),
      'm-6',
    ]);
  });
  it('shows notify, hidden and block-notify messages as system lines', () => {
    expect([10, 11, 13, 0, 1].map((t) => isSystemLine({ contentType: t }))).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('keyboard shortcuts', () => {
  const key = (k: string, extra: Partial<KeyboardEvent> = {}) => ({
    key: k,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    target: null,
    ...extra,
  });
  it('maps j/k/r/n/e/ / /? and ignores modified keys', () => {
    expect(['j', 'k', 'r', 'n', 'e', '/', '?', 'x'].map((k) => shortcutOf(key(k)))).toEqual([
      'next',
      'previous',
      'reply',
      'note',
      'resolve',
      'quickReplies',
      'help',
      null,
    ]);
    expect(shortcutOf(key('j', { ctrlKey: true }))).toBeNull();
    expect(shortcutOf(key('e', { metaKey: true }))).toBeNull();
    const field = { tagName: 'TEXTAREA' } as unknown as EventTarget;
    expect(shortcutOf(key('j', { target: field }))).toBeNull();
  });
  it('walks the list and stops at its ends', () => {
    expect(neighbour([4, 5, 6], null, 1)).toBe(4);
    expect(neighbour([4, 5, 6], 4, 1)).toBe(5);
    expect(neighbour([4, 5, 6], 6, 1)).toBe(6);
    expect(neighbour([4, 5, 6], 4, -1)).toBe(4);
    expect(neighbour([4, 5, 6], 9, -1)).toBe(4);
    expect(neighbour([], 1, 1)).toBeNull();
  });
});
