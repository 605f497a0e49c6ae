import { describe, expect, it } from 'vitest';
import { dependencyOrder, ident } from './catalog.js';

const t = (name: string) => ({ name });

describe('dependencyOrder', () => {
  it('puts parents before children, ties by name, ignoring self-references', () => {
    const order = dependencyOrder(
      [t('messages'), t('users'), t('conversations'), t('applications'), t('tags')],
      [
        { child: 'messages', parent: 'conversations' },
        { child: 'conversations', parent: 'users' },
        { child: 'conversations', parent: 'applications' },
        { child: 'users', parent: 'applications' },
        { child: 'messages', parent: 'messages' },
      ],
    ).map((x) => x.name);
    expect(order).toEqual(['applications', 'tags', 'users', 'conversations', 'messages']);
  });

  it('names the tables of a foreign-key cycle instead of looping', () => {
    expect(() =>
      dependencyOrder(
        [t('a'), t('b'), t('c')],
        [
          { child: 'a', parent: 'b' },
          { child: 'b', parent: 'a' },
        ],
      ),
    ).toThrow(/cycle between: a, b$/);
  });
});

describe('ident', () => {
  it('quotes a name and doubles embedded quotes', () => {
    expect(ident('messages')).toBe('"messages"');
    expect(ident('we"ird')).toBe('"we""ird"');
  });
});
