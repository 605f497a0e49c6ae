import { describe, expect, it } from 'vitest';
import { linkify, newestFirst } from './linkify';

describe('linkify', () => {
  it('finds a reset link inside the text', () => {
    const text =
      'Reset your password: http://localhost:3000/password/update?code=ab12&userName=a%40b.c\nThanks';
    expect(linkify(text)).toEqual([
      { kind: 'text', text: 'Reset your password: ' },
      {
        kind: 'link',
        text: 'http://localhost:3000/password/update?code=ab12&userName=a%40b.c',
        href: 'http://localhost:3000/password/update?code=ab12&userName=a%40b.c',
      },
      { kind: 'text', text: '\nThanks' },
    ]);
  });

  it('leaves sentence punctuation out of the link', () => {
    expect(linkify('See https://example.com/a.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.com/a', href: 'https://example.com/a' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('handles several links and text without links', () => {
    expect(linkify('no links here')).toEqual([{ kind: 'text', text: 'no links here' }]);
    expect(linkify('http://a.b http://c.d').filter((s) => s.kind === 'link')).toHaveLength(2);
    expect(linkify('')).toEqual([]);
  });

  it('does not link other schemes', () => {
    expect(linkify('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
  });
});

describe('newestFirst', () => {
  it('sorts by creation time, newest first, without touching the input', () => {
    const mails = [{ createdAt: 1 }, { createdAt: 3 }, { createdAt: 2 }];
    expect(newestFirst(mails).map((m) => m.createdAt)).toEqual([3, 2, 1]);
    expect(mails[0]?.createdAt).toBe(1);
  });
});
