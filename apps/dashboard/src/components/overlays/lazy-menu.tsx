// A Menu that loads Mantine's (and floating-ui) on first use (issue 39). Until then its target is
// shown alone, named as a menu button (aria-haspopup menu, collapsed): pointer over it or focus
// starts the load; a click, Enter, Space or an arrow key made before the load ends opens the menu
// as it mounts (the real menu replaces the stand-in then, not before), and the focus goes back to the target if it was there. The items are written with
// MenuItem, MenuLabel and MenuDivider, which are light and need no loading.

import type { MenuProps } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { standInProps, type TargetProps, useIntent } from './stand-in';
import { useOverlays } from './use-overlays';

// Enter and Space click a button.
const OPENING_KEYS = ['ArrowDown', 'ArrowUp'];

/**
 * `target`: the button that opens the menu (an element that takes a ref, with no ref of its own);
 * `children`: the dropdown's content. Controlled (`opened`, `onChange`) or not, as Mantine's Menu.
 */
export function LazyMenu({
  target,
  children,
  ...props
}: Omit<MenuProps, 'children'> & { target: ReactElement<TargetProps>; children: ReactNode }) {
  const { overlays, load, ask } = useOverlays();
  const { intent, refocus } = useIntent();
  const open = () => {
    if (props.opened !== undefined) props.onChange?.(true);
    ask();
  };

  if (overlays === null) {
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      ...standInProps(target.props, intent, { load, open, keys: OPENING_KEYS }),
    });
  }
  const { Menu } = overlays;
  return (
    <Menu {...props} defaultOpened={props.defaultOpened === true || intent.open}>
      <Menu.Target>{cloneElement(target, { ref: refocus })}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
