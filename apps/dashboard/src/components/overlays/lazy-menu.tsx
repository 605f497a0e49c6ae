// A Menu that loads Mantine's (and floating-ui) on first use (issue 39). Until then its target is
// shown alone, named as a menu button (aria-haspopup menu, collapsed): pointer over it or focus
// starts the load; a click, Enter, Space or an arrow key made before the load ends opens the menu
// as it mounts (the real menu replaces the stand-in then, not before), and the focus goes back to the target if it was there. The items are written with
// MenuItem, MenuLabel and MenuDivider, which are light and need no loading.

import type { MenuProps } from '@mantine/core';
import {
  cloneElement,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useCallback,
  useRef,
} from 'react';
import { useOverlays } from './use-overlays';

interface TargetProps {
  ref?: Ref<HTMLElement>;
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  onKeyDown?: (event: KeyboardEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
  onPointerEnter?: () => void;
  'aria-haspopup'?: 'menu';
  'aria-expanded'?: boolean;
}

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
  const intent = useRef({ focused: false, open: false });
  const controlled = props.opened !== undefined;
  const open = () => {
    intent.current.open = true;
    if (controlled) props.onChange?.(true);
    ask();
  };
  // Once the real target replaces the stand-in, it takes the focus the stand-in had.
  const refocus = useCallback((node: HTMLElement | null) => {
    if (node !== null && intent.current.focused) {
      intent.current.focused = false;
      node.focus();
    }
  }, []);

  if (overlays === null) {
    const own = target.props;
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onPointerEnter: load,
      onFocus: (event: FocusEvent<HTMLElement>) => {
        own.onFocus?.(event);
        intent.current.focused = true;
        load();
      },
      onBlur: (event: FocusEvent<HTMLElement>) => {
        own.onBlur?.(event);
        intent.current.focused = false;
      },
      // Enter and Space click a button.
      onClick: (event: MouseEvent<HTMLElement>) => {
        own.onClick?.(event);
        open();
      },
      onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
        own.onKeyDown?.(event);
        if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
        event.preventDefault();
        open();
      },
    });
  }
  const { Menu } = overlays;
  return (
    <Menu {...props} defaultOpened={props.defaultOpened === true || intent.current.open}>
      <Menu.Target>{cloneElement(target, { ref: refocus })}</Menu.Target>
      <Menu.Dropdown>{children}</Menu.Dropdown>
    </Menu>
  );
}
