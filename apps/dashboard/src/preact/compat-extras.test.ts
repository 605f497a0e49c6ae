// @vitest-environment happy-dom
import { createElement as preactElement, render } from 'preact/compat';
import { Children as ReactChildren, type ReactNode, createElement as reactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { Activity, Children } from './compat-extras';

// The production build's `react` (src/preact/react.js) keys Children.map/toArray's results as
// React does: the same children built with React and with preact get the same keys.

type Make = (type: string, key?: string) => unknown;
const fromReact: Make = (type, key) => reactElement(type, key === undefined ? null : { key });
const fromPreact: Make = (type, key) => preactElement(type, key === undefined ? null : { key });

/** One tree of children, with empty slots, keys, nested arrays, text and numbers. */
function tree(make: Make): unknown[] {
  return [
    false,
    make('a'),
    null,
    make('b', 'x'),
    [make('c'), undefined, make('d', 'y:z=')],
    'text',
    0,
    make('e'),
  ];
}

const keys = (children: unknown[]) =>
  children.map((child) =>
    typeof child === 'object' && child !== null ? (child as { key: unknown }).key : child,
  );

describe('Children as React', () => {
  it('toArray keys each child by its key or its position, empty slots counted', () => {
    const react = ReactChildren.toArray(tree(fromReact) as ReactNode);
    const preact = Children.toArray(tree(fromPreact) as never);
    expect(keys(preact)).toEqual(keys(react));
    expect(keys(preact)).toContain('.1');
  });

  it('a sibling appearing in an empty slot leaves the others their keys', () => {
    const before = Children.toArray([false, fromPreact('a'), fromPreact('b')] as never);
    const after = Children.toArray([fromPreact('x'), fromPreact('a'), fromPreact('b')] as never);
    expect(keys(after).slice(1)).toEqual(keys(before));
  });

  it('map keys what the callback returns (arrays, keyed elements) as React does', () => {
    const react = ReactChildren.map(tree(fromReact) as ReactNode, (child, index) =>
      index % 2 === 0 ? [fromReact('m', 'k'), child] : child,
    );
    const preact = Children.map(tree(fromPreact) as never, (child, index) =>
      index % 2 === 0 ? [fromPreact('m', 'k'), child] : child,
    );
    expect(keys(preact ?? [])).toEqual(keys(react ?? []));
  });

  it('count counts empty slots; forEach visits them', () => {
    expect(Children.count(tree(fromPreact) as never)).toBe(ReactChildren.count(tree(fromReact) as ReactNode));
    const seen: unknown[] = [];
    Children.forEach([null, 'a'] as never, (child) => seen.push(child));
    expect(seen).toEqual([null, 'a']);
    expect(Children.map(null, (child) => child)).toBeNull();
  });
});

describe('Activity', () => {
  it('hides its element while hidden and gives back its own display', () => {
    const root = document.createElement('div');
    const draw = (mode: 'visible' | 'hidden') =>
      render(
        preactElement(Activity, { mode }, preactElement('div', { style: { display: 'flex' } }, 'x')),
        root,
      );
    draw('hidden');
    const element = root.firstElementChild as HTMLElement;
    expect(element.style.display).toBe('none');
    draw('visible');
    expect(element.style.display).toBe('flex');
    draw('hidden');
    expect(element.style.display).toBe('none');
  });
});

describe('autoFocus', () => {
  it('focuses an element mounted with autoFocus after the page is up, once', async () => {
    const root = document.body.appendChild(document.createElement('div'));
    const ref = { current: null as HTMLInputElement | null };
    const draw = (show: boolean) =>
      render(
        preactElement(
          'div',
          null,
          show ? preactElement('input', { autoFocus: true, ref, 'aria-label': 'x' }) : null,
        ),
        root,
      );
    draw(false);
    draw(true);
    await Promise.resolve();
    expect(document.activeElement).toBe(ref.current);
    (document.activeElement as HTMLElement).blur();
    draw(true);
    await Promise.resolve();
    expect(document.activeElement).not.toBe(ref.current);
    render(null, root);
    root.remove();
  });
});
