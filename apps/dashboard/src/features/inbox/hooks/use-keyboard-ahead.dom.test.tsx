import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useKeyboardAhead } from './use-keyboard-ahead';

// requestIdleCallback as jsdom lacks it: run when the timers say the browser is idle.
let idle: (() => void)[] = [];
const runIdle = () => {
  const due = idle;
  idle = [];
  for (const run of due) run();
};

describe('useKeyboardAhead', () => {
  beforeEach(() => {
    idle = [];
    vi.stubGlobal('requestIdleCallback', (run: () => void) => idle.push(run));
    vi.stubGlobal('cancelIdleCallback', (id: number) => {
      idle.splice(id - 1, 1, () => {});
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('fetches the next conversation in the key’s direction once idle', () => {
    const prefetch = vi.fn();
    const { result } = renderHook(() => useKeyboardAhead(prefetch));
    act(() => result.current([10, 11, 12, 13], 11, 1));
    expect(prefetch).not.toHaveBeenCalled();
    act(runIdle);
    expect(prefetch).toHaveBeenCalledExactlyOnceWith(12);
    act(() => result.current([10, 11, 12, 13], 11, -1));
    act(runIdle);
    expect(prefetch).toHaveBeenLastCalledWith(10);
  });

  it('fetches only the newest key’s, nothing at the list’s end, nothing once the page is gone', () => {
    const prefetch = vi.fn();
    const { result, unmount } = renderHook(() => useKeyboardAhead(prefetch));
    act(() => result.current([10, 11, 12], 10, 1));
    act(() => result.current([10, 11, 12], 11, 1)); // a second j before the browser was idle
    act(runIdle);
    expect(prefetch).toHaveBeenCalledExactlyOnceWith(12);
    act(() => result.current([10, 11, 12], 12, 1)); // the last one: j stays there
    act(runIdle);
    expect(prefetch).toHaveBeenCalledTimes(1);
    act(() => result.current([10, 11, 12], 12, -1));
    unmount();
    act(runIdle);
    expect(prefetch).toHaveBeenCalledTimes(1);
  });
});
