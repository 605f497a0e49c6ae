import { describe, expect, it } from 'vitest';
import { suggestionQuery } from './suggestion-query.js';

describe('suggestionQuery', () => {
  it('keeps the words that say what the question is about, as prefixes joined by OR', () => {
    expect(suggestionQuery('How do I reset my password?')).toBe('reset:* | password:*');
  });

  it('leaves out short and common words, and repeats', () => {
    expect(suggestionQuery('the refund, the REFUND and a bill')).toBe('refund:* | bill:*');
    expect(suggestionQuery('how can you help')).toBeNull();
    expect(suggestionQuery('   ')).toBeNull();
  });

  it('reads letters of every script and drops operators', () => {
    expect(suggestionQuery('ಪಾಸ್‌ವರ್ಡ್ reset & | ! :*')).toBe('ಪಾಸ್:* | ವರ್ಡ್:* | reset:*');
  });

  it('searches eight words at most', () => {
    const q = suggestionQuery('alpha bravo charlie delta echoes foxtrot golf hotel india juliet');
    expect(q?.split(' | ')).toHaveLength(8);
  });
});
