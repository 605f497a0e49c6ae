// An agent about to open a conversation: the mouse resting on its row, or any pointer pressing it.
// Its info and newest messages are asked for then, so that the click finds them here or on their
// way (issue 39 item 4: the conversation on screen < 200 ms after the click). A pointer only
// passing over rows asks for nothing: it must rest on one for OPEN_INTENT_MS.

import { useCallback, useEffect, useRef } from 'react';

/** How long the mouse rests on a row before its conversation is fetched ahead of the click. */
export const OPEN_INTENT_MS = 100;

export type OpenIntent = (groupId: number | null, pressed?: boolean) => void;

/**
 * One timer for the whole list: a row reached starts it, the row left (or another reached) stops
 * it; a press fetches at once (a touch has no hover, and a click comes some 100 ms after the press).
 */
export function useOpenIntent(prefetch: (groupId: number) => void): OpenIntent {
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return useCallback(
    (groupId: number | null, pressed = false) => {
      clearTimeout(timer.current);
      timer.current = undefined;
      if (groupId === null) return;
      if (pressed) prefetch(groupId);
      else timer.current = setTimeout(() => prefetch(groupId), OPEN_INTENT_MS);
    },
    [prefetch],
  );
}
