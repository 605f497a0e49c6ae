import { describe, expect, it } from 'vitest';
import { mailtoLink } from './support';

describe('mailtoLink', () => {
  it('encodes subject and body with %20 for spaces (mail clients do not read + as a space)', () => {
    expect(mailtoLink('a@b.c', 'Hello there', 'Line 1\nLine & 2')).toBe(
      'mailto:a@b.c?subject=Hello%20there&body=Line%201%0ALine%20%26%202',
    );
  });

  it('keeps a literal plus sign', () => {
    expect(mailtoLink('a@b.c', '1+1', '')).toBe('mailto:a@b.c?subject=1%2B1&body=');
  });
});
