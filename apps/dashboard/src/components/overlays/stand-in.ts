// The wiring every overlay's stand-in shares (issue 39): pointer over it or focus starts the load,
// the focus is tracked (the real component takes it when it mounts), and a click or an opening key
// asks for the real component. The target's own handlers run first.

import {
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type PointerEvent,
  type Ref,
  useCallback,
  useRef,
} from 'react';

/** A target's props the stand-in adds or wraps. */
export interface TargetProps {
  ref?: Ref<HTMLElement>;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  'aria-haspopup'?: 'menu' | 'dialog';
  'aria-expanded'?: boolean;
}

/** What the user did on the stand-in before the real component loaded. */
export interface Intent {
  focused: boolean;
  open: boolean;
}

/**
 * A stand-in's intent, kept across renders, and `refocus`: the real target's ref, which takes the
 * focus the stand-in had once it replaces it.
 */
export function useIntent(): { intent: Intent; refocus: (node: HTMLElement | null) => void } {
  const intent = useRef<Intent>({ focused: false, open: false }).current;
  const refocus = useCallback(
    (node: HTMLElement | null) => {
      if (node !== null && intent.focused) {
        intent.focused = false;
        node.focus();
      }
    },
    [intent],
  );
  return { intent, refocus };
}

interface StandInActions {
  /** The user comes near: the pointer is over the target, or the focus is on it. */
  load: (event: PointerEvent<HTMLElement> | FocusEvent<HTMLElement>) => void;
  /** Asks for the real component, opened: a click (the primary button) or one of `keys`. */
  open?: () => void;
  keys?: readonly string[];
  /** The pointer or the focus left. */
  leave?: () => void;
}

export function standInProps(
  own: TargetProps,
  intent: Intent,
  { load, open, keys = [], leave }: StandInActions,
): Omit<TargetProps, 'ref' | 'aria-haspopup' | 'aria-expanded'> {
  const asked = () => {
    intent.open = true;
    open?.();
  };
  return {
    onPointerEnter: (event) => {
      own.onPointerEnter?.(event);
      load(event);
    },
    onPointerLeave: (event) => {
      own.onPointerLeave?.(event);
      leave?.();
    },
    onFocus: (event) => {
      own.onFocus?.(event);
      intent.focused = true;
      load(event);
    },
    onBlur: (event) => {
      own.onBlur?.(event);
      intent.focused = false;
      leave?.();
    },
    onClick: (event) => {
      own.onClick?.(event);
      if (open && event.button === 0) asked();
    },
    onKeyDown: (event) => {
      own.onKeyDown?.(event);
      if (!open || !keys.includes(event.key)) return;
      event.preventDefault();
      asked();
    },
  };
}
