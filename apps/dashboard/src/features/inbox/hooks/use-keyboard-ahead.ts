// An agent going through the list with j / k opens each conversation without a pointer resting on
// its row first, so nothing was fetched ahead of the key (issue 39 item 4: the conversation on
// screen < 200 ms after it is asked for). Once a key has opened one, the next in the same direction
// is fetched when the browser is idle: the key after finds it here or on its way.

import { useCallback, useEffect, useRef } from 'react';
import { whenIdle } from '../../../lib/when-idle';
import { neighbour } from '../lib/keyboard';

/** How long the fetch ahead waits for an idle moment at most. */
const AHEAD_WITHIN_MS = 1500;

export type KeyboardAhead = (ids: readonly number[], opened: number, step: 1 | -1) => void;

/**
 * One fetch ahead at a time: another key (or the page gone) cancels one not yet started. Nothing at
 * the end of the list, where the key stays on the same conversation.
 */
export function useKeyboardAhead(prefetch: (groupId: number) => void): KeyboardAhead {
  const cancel = useRef<(() => void) | null>(null);
  useEffect(() => () => cancel.current?.(), []);
  return useCallback(
    (ids, opened, step) => {
      cancel.current?.();
      cancel.current = null;
      const ahead = neighbour(ids, opened, step);
      if (ahead === null || ahead === opened) return;
      cancel.current = whenIdle(() => {
        cancel.current = null;
        prefetch(ahead);
      }, AHEAD_WITHIN_MS);
    },
    [prefetch],
  );
}
