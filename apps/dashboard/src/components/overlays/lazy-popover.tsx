// A controlled Popover that loads Mantine's (and floating-ui) on first use (issue 39): until then its
// target is shown alone (aria-haspopup dialog, collapsed); pointer over it or focus starts the load,
// and an `opened` set before the load ends opens it as it mounts. The focus goes back to the target
// if the stand-in had it.

import type { PopoverProps } from '@mantine/core';
import {
  cloneElement,
  type FocusEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useCallback,
  useEffect,
  useRef,
} from 'react';
import { useOverlays } from './use-overlays';

interface TargetProps {
  ref?: Ref<HTMLElement>;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onPointerEnter?: () => void;
  'aria-haspopup'?: 'dialog';
  'aria-expanded'?: boolean;
}

/** `target`: the element that toggles `opened` (takes a ref, has none of its own); `children`: the dropdown. */
export function LazyPopover({
  target,
  children,
  ...props
}: Omit<PopoverProps, 'children' | 'opened'> & {
  opened: boolean;
  target: ReactElement<TargetProps>;
  children: ReactNode;
}) {
  const { overlays, load, ask } = useOverlays();
  const focused = useRef(false);
  useEffect(() => {
    if (props.opened) ask();
  }, [props.opened, ask]);
  const refocus = useCallback((node: HTMLElement | null) => {
    if (node !== null && focused.current) {
      focused.current = false;
      node.focus();
    }
  }, []);

  if (overlays === null) {
    const own = target.props;
    return cloneElement(target, {
      'aria-haspopup': 'dialog',
      'aria-expanded': false,
      onPointerEnter: load,
      onFocus: (event: FocusEvent<HTMLElement>) => {
        own.onFocus?.(event);
        focused.current = true;
        load();
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        own.onBlur?.(event);
        focused.current = false;
      },
    });
  }
  const { Popover } = overlays;
  return (
    <Popover {...props}>
      <Popover.Target>{cloneElement(target, { ref: refocus })}</Popover.Target>
      <Popover.Dropdown>{children}</Popover.Dropdown>
    </Popover>
  );
}
