import { describe, expect, it } from 'vitest';
import { fillPlaceholders } from './text-template';

describe('fillPlaceholders', () => {
  it('fills every placeholder, numbers included', () => {
    expect(fillPlaceholders('{app} has {n} new', { app: 'Acme', n: 3 })).toBe('Acme has 3 new');
  });
  it('leaves no unknown placeholder behind', () => {
    expect(fillPlaceholders('Hi {name},', {})).toBe('Hi ,');
  });
});
