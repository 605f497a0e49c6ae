// A Tooltip that loads Mantine's on first hover (issue 39). The child is rendered as it is, never
// remounted: once loaded, the tooltip is placed on it through Mantine's `target`, opened at once
// when the pointer (or, with focus events, the focus) is still on the child.

import type { TooltipProps } from '@mantine/core';
import { cloneElement, type ReactElement, useRef, useState } from 'react';
import { standInProps, type TargetProps, useIntent } from './stand-in';
import { useOverlays } from './use-overlays';

/** `children`: one element that takes a ref and the pointer and focus handlers (no ref of its own). */
export function LazyTooltip({
  children,
  ...props
}: Omit<TooltipProps, 'children' | 'target'> & { children: ReactElement<TargetProps> }) {
  // The child is never swapped: the tooltip may mount as soon as it is loaded.
  const { overlays, ask } = useOverlays();
  const target = useRef<HTMLElement>(null);
  // Where the pointer or focus is while the tooltip loads: it opens as it mounts.
  const [near, setNear] = useState(false);
  const onFocusToo = props.events?.focus === true;
  const { intent } = useIntent();
  const child = cloneElement(children, {
    ref: target,
    ...standInProps(children.props, intent, {
      load: (event) => {
        if (overlays !== null || !('pointerType' in event ? event.pointerType === 'mouse' : onFocusToo))
          return;
        setNear(true);
        ask();
      },
      leave: () => setNear(false),
    }),
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
