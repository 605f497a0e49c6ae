// A Tooltip that loads Mantine's on first hover (issue 39). The child is rendered as it is, never
// remounted: once loaded, the tooltip is placed on it through Mantine's `target`, opened at once
// when the pointer (or, with focus events, the focus) is still on the child.

import type { TooltipProps } from '@mantine/core';
import {
  cloneElement,
  type FocusEvent,
  type PointerEvent,
  type ReactElement,
  type Ref,
  useRef,
  useState,
} from 'react';
import { useOverlays } from './use-overlays';

interface ChildProps {
  ref?: Ref<HTMLElement>;
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
}

/** `children`: one element that takes a ref and the pointer and focus handlers (no ref of its own). */
export function LazyTooltip({
  children,
  ...props
}: Omit<TooltipProps, 'children' | 'target'> & { children: ReactElement<ChildProps> }) {
  // The child is never swapped: the tooltip may mount as soon as it is loaded.
  const { overlays, ask } = useOverlays();
  const target = useRef<HTMLElement>(null);
  // Where the pointer or focus is while the tooltip loads: it opens as it mounts.
  const [near, setNear] = useState(false);
  const onFocusToo = props.events?.focus === true;
  const own = children.props;
  const child = cloneElement(children, {
    ref: target,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      own.onPointerEnter?.(event);
      if (overlays === null && event.pointerType === 'mouse') {
        setNear(true);
        ask();
      }
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      own.onPointerLeave?.(event);
      setNear(false);
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      own.onFocus?.(event);
      if (overlays === null && onFocusToo) {
        setNear(true);
        ask();
      }
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      own.onBlur?.(event);
      setNear(false);
    },
  });
  return (
    <>
      {child}
      {overlays !== null && (
        <overlays.Tooltip {...props} target={target} defaultOpened={props.defaultOpened === true || near} />
      )}
    </>
  );
}
