import { describe, expect, it } from 'vitest';
import { parseOAuthCallback } from './oauth-callback';

describe('parseOAuthCallback', () => {
  it('reads the code and state', () => {
    expect(parseOAuthCallback('?code=4%2F0Ab&state=s1')).toEqual({
      kind: 'code',
      code: '4/0Ab',
      state: 's1',
    });
  });
  it('prefers the provider error', () => {
    expect(parseOAuthCallback('?error=access_denied&error_description=No&code=x')).toEqual({
      kind: 'error',
      error: 'access_denied',
      description: 'No',
    });
  });
  it('is empty without either', () => {
    expect(parseOAuthCallback('?state=s')).toEqual({ kind: 'empty' });
  });
});
