import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OPEN_INTENT_MS, useOpenIntent } from './use-open-intent';

describe('useOpenIntent', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fetches a row the mouse rests on, not one it only passes over', () => {
    const prefetch = vi.fn();
    const { result } = renderHook(() => useOpenIntent(prefetch));
    act(() => result.current(1));
    act(() => vi.advanceTimersByTime(OPEN_INTENT_MS - 1));
    act(() => result.current(2)); // on to the next row: the first is never fetched
    act(() => vi.advanceTimersByTime(OPEN_INTENT_MS - 1));
    act(() => result.current(null)); // and off the list
    act(() => vi.advanceTimersByTime(OPEN_INTENT_MS * 2));
    expect(prefetch).not.toHaveBeenCalled();
    act(() => result.current(3));
    act(() => vi.advanceTimersByTime(OPEN_INTENT_MS));
    expect(prefetch).toHaveBeenCalledExactlyOnceWith(3);
  });

  it('fetches a pressed row at once, and nothing after the list is gone', () => {
    const prefetch = vi.fn();
    const { result, unmount } = renderHook(() => useOpenIntent(prefetch));
    act(() => result.current(4, true));
    expect(prefetch).toHaveBeenCalledExactlyOnceWith(4);
    act(() => result.current(5));
    unmount();
    act(() => vi.advanceTimersByTime(OPEN_INTENT_MS * 2));
    expect(prefetch).toHaveBeenCalledTimes(1);
  });
});
