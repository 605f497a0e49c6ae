import { describe, expect, it } from 'vitest';
import { normalizePath, pathAndParents } from './paths';

describe('normalizePath', () => {
  it('removes trailing slashes, query and hash', () => {
    expect(normalizePath('/settings/team/')).toBe('/settings/team');
    expect(normalizePath('/settings/team//')).toBe('/settings/team');
    expect(normalizePath('/users?page=2')).toBe('/users');
    expect(normalizePath('/users/#top')).toBe('/users');
    expect(normalizePath('/')).toBe('/');
    expect(normalizePath('')).toBe('/');
    expect(normalizePath('dashboard')).toBe('/dashboard');
  });
});

describe('pathAndParents', () => {
  it('lists longest first', () => {
    expect(pathAndParents('/bots/bot-builder/openai/')).toEqual([
      '/bots/bot-builder/openai',
      '/bots/bot-builder',
      '/bots',
    ]);
    expect(pathAndParents('/')).toEqual(['/']);
  });
});
