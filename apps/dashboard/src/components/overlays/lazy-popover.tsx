// A controlled Popover that loads Mantine's (and floating-ui) on first use (issue 39): until then its
// target is shown alone (aria-haspopup dialog, collapsed); pointer over it or focus starts the load,
// and an `opened` set before the load ends opens it as it mounts. The focus goes back to the target
// if the stand-in had it.

import type { PopoverProps } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, useEffect } from 'react';
import { standInProps, type TargetProps, useIntent } from './stand-in';
import { useOverlays } from './use-overlays';

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
  const { intent, refocus } = useIntent();
  useEffect(() => {
    if (props.opened) ask();
  }, [props.opened, ask]);

  if (overlays === null) {
    return cloneElement(target, {
      'aria-haspopup': 'dialog',
      'aria-expanded': false,
      ...standInProps(target.props, intent, { load }),
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
