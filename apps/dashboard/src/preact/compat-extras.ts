// What the production build's `react` (react.js) adds to preact/compat: what React does and
// compat lacks or does differently, that Mantine or our pages rely on (docs/decisions.md,
// "preact/compat in place of React").
import { type ComponentChildren, options, type Ref, type VNode } from 'preact';
import {
  Component,
  cloneElement,
  Children as compatChildren,
  findDOMNode,
  isValidElement,
} from 'preact/compat';

// Children.map and Children.toArray key what they return as React does: by each child's key, or
// else by its position counting empty slots (`{cond && <X/>}` that is false). preact/compat's
// return unkeyed children with the holes removed, so when a conditional child appears before its
// siblings, preact matches each sibling's element to the previous one's and shifts them all by one
// (Mantine's Group renders its children through Children.toArray: a click aimed at one link of a
// header landed on its neighbour). A port of React's mapIntoArray (react/src/ReactChildren.js).

type Child = unknown;

function escapeKey(key: string): string {
  return `$${key.replace(/[=:]/g, (match) => (match === '=' ? '=0' : '=2'))}`;
}

function escapeUserProvidedKey(text: string): string {
  return text.replace(/\/+/g, '$&/');
}

function keyOf(child: Child): VNode['key'] | undefined {
  return isValidElement(child) ? (child as VNode).key : undefined;
}

function elementKey(child: Child, index: number): string {
  const key = keyOf(child);
  return key != null ? escapeKey(String(key)) : index.toString(36);
}

/** Calls `callback` on each leaf (null for an empty slot) and returns how many it called. */
function mapIntoArray(
  children: Child,
  array: Child[],
  escapedPrefix: string,
  nameSoFar: string,
  callback: (child: Child) => Child,
): number {
  if (Array.isArray(children)) {
    const prefix = nameSoFar === '' ? '.' : `${nameSoFar}:`;
    let count = 0;
    children.forEach((child: Child, index) => {
      count += mapIntoArray(child, array, escapedPrefix, prefix + elementKey(child, index), callback);
    });
    return count;
  }
  const child = children === undefined || typeof children === 'boolean' ? null : children;
  const mapped = callback(child);
  const childKey = nameSoFar === '' ? `.${elementKey(child, 0)}` : nameSoFar;
  if (Array.isArray(mapped)) {
    mapIntoArray(mapped, array, `${escapeUserProvidedKey(childKey)}/`, '', (c) => c);
  } else if (mapped != null) {
    if (isValidElement(mapped)) {
      const mappedKey = keyOf(mapped);
      const ownKey =
        mappedKey != null && (child === null || keyOf(child) !== mappedKey)
          ? `${escapeUserProvidedKey(String(mappedKey))}/`
          : '';
      array.push(cloneElement(mapped as VNode, { key: escapedPrefix + ownKey + childKey }));
    } else {
      array.push(mapped);
    }
  }
  return 1;
}

function mapChildren<T>(
  children: ComponentChildren,
  fn: (child: Child, index: number) => T,
  context?: unknown,
): Child[] | null | undefined {
  if (children == null) return children;
  const result: Child[] = [];
  let index = 0;
  mapIntoArray(children, result, '', '', (child) => fn.call(context, child, index++));
  return result;
}

export const Children = {
  map: mapChildren,
  forEach(children: ComponentChildren, fn: (child: Child, index: number) => void, context?: unknown): void {
    mapChildren(children, fn, context);
  },
  // React counts empty slots too.
  count(children: ComponentChildren): number {
    let count = 0;
    mapChildren(children, () => {
      count++;
    });
    return count;
  },
  only: compatChildren.only,
  toArray(children: ComponentChildren): Child[] {
    return mapChildren(children, (child) => child) ?? [];
  },
};

// React 19.2's <Activity> (Mantine's keepMounted Tabs, Collapse, Transition, Stepper), which
// preact/compat does not have: its children stay mounted, and while hidden its element is hidden
// with `display: none !important`, as React does (Collapse's reduced-motion path relies on it
// alone). It wraps one element in each of Mantine's uses: its first DOM node (findDOMNode).
interface ActivityProps {
  mode?: 'visible' | 'hidden';
  children?: ComponentChildren;
}

export class Activity extends Component<ActivityProps> {
  private hidden: HTMLElement | null = null;
  private display = '';
  private priority = '';

  override render(): ComponentChildren {
    return this.props.children;
  }

  override componentDidMount(): void {
    this.apply();
  }

  override componentDidUpdate(): void {
    this.apply();
  }

  override componentWillUnmount(): void {
    this.show();
  }

  private apply(): void {
    const node = findDOMNode(this);
    const element = node instanceof HTMLElement ? node : null;
    if (this.props.mode !== 'hidden' || element !== this.hidden) this.show();
    if (this.props.mode === 'hidden' && element !== null && this.hidden === null) {
      this.display = element.style.getPropertyValue('display');
      this.priority = element.style.getPropertyPriority('display');
      element.style.setProperty('display', 'none', 'important');
      this.hidden = element;
    }
  }

  private show(): void {
    const element = this.hidden;
    if (element === null) return;
    this.hidden = null;
    element.style.removeProperty('display');
    if (this.display !== '') element.style.setProperty('display', this.display, this.priority);
  }
}

// React focuses an element rendered with `autoFocus` when it mounts; preact only sets the
// `autofocus` attribute, which a browser honours once per page. A picker that mounts in place of
// its stand-in and should take the focus (the inbox header's assignee and tags) then stayed
// unfocused. Each such element is focused once, after the commit that inserted it; the element's
// own ref is kept (one wrapper per ref, so its identity does not change between renders).
const autoFocused = new WeakSet<Element>();
const withAutoFocus = new WeakMap<object, (element: Element | null) => unknown>();

function focusOnMount(element: Element | null): void {
  if (!(element instanceof HTMLElement) || autoFocused.has(element)) return;
  autoFocused.add(element);
  queueMicrotask(() => {
    if (element.isConnected) element.focus();
  });
}

function autoFocusRef(ref: Ref<Element> | null | undefined): Ref<Element> {
  if (ref == null) return focusOnMount;
  let wrapper = withAutoFocus.get(ref);
  if (wrapper === undefined) {
    wrapper = (element: Element | null) => {
      focusOnMount(element);
      if (typeof ref === 'function') return ref(element);
      ref.current = element;
      return undefined;
    };
    withAutoFocus.set(ref, wrapper);
  }
  return wrapper as Ref<Element>;
}

const previousVNodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  const props = vnode.props as { autoFocus?: unknown; autofocus?: unknown };
  if (typeof vnode.type === 'string' && (props.autoFocus || props.autofocus)) {
    (vnode as { ref?: Ref<Element> | null }).ref = autoFocusRef((vnode as { ref?: Ref<Element> | null }).ref);
  }
  previousVNodeHook?.(vnode);
};
