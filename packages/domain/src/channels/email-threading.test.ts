import { describe, expect, it } from 'vitest';
import {
  MAX_REFERENCES,
  messageIdsIn,
  normalizeMessageId,
  replyReferences,
  replySubject,
  threadCandidates,
} from './email-threading';

describe('e-mail threading', () => {
  it('normalizes message ids and refuses what is not one', () => {
    expect(normalizeMessageId(' <Abc.1@Mail.Example.COM> ')).toBe('<Abc.1@mail.example.com>');
    expect(normalizeMessageId('abc@x.org')).toBe('<abc@x.org>');
    expect(normalizeMessageId('no id here')).toBeNull();
    expect(normalizeMessageId(undefined)).toBeNull();
  });

  it('reads every id of a References header once, in order', () => {
    expect(messageIdsIn('<a@x.org>  <b@Y.org>\r\n <a@x.org>')).toEqual(['<a@x.org>', '<b@y.org>']);
    expect(messageIdsIn(['<a@x.org>', '<c@z.org>'])).toEqual(['<a@x.org>', '<c@z.org>']);
    expect(messageIdsIn(null)).toEqual([]);
  });

  it('looks for the thread by In-Reply-To first, then References newest first', () => {
    expect(threadCandidates('<p@x.org>', '<root@x.org> <mid@x.org> <p@x.org>')).toEqual([
      '<p@x.org>',
      '<mid@x.org>',
      '<root@x.org>',
    ]);
    expect(threadCandidates(undefined, undefined)).toEqual([]);
  });

  it('prefixes the subject with one Re:', () => {
    expect(replySubject('Order 42 is late')).toBe('Re: Order 42 is late');
    expect(replySubject('RE: Re: AW: Order 42')).toBe('Re: Order 42');
    expect(replySubject('  ')).toBe('Re: (no subject)');
  });

  it('appends the parent to its references and keeps the root when capping', () => {
    expect(replyReferences(['<r@x>'], '<p@x>')).toEqual(['<r@x>', '<p@x>']);
    const long = Array.from({ length: 30 }, (_, i) => `<m${i}@x>`);
    const capped = replyReferences(long, '<last@x>');
    expect(capped).toHaveLength(MAX_REFERENCES);
    expect(capped[0]).toBe('<m0@x>');
    expect(capped.at(-1)).toBe('<last@x>');
  });
});
