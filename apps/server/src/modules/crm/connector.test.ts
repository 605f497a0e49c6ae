import { describe, expect, it } from 'vitest';
import { boundedText } from './connector.js';
import { soqlString } from './salesforce/connector.js';
import { zendeskBaseUrl } from './zendesk/connector.js';

describe('CRM connectors’ pure rules', () => {
  it('keeps a transcript within a field limit: the heading, a note, then the latest lines', () => {
    const text = `Transcript of conversation #7\n\n${Array.from({ length: 500 }, (_, i) => `[t] Asha: line ${i}`).join('\n')}`;
    const bounded = boundedText(text, 1000);
    expect(bounded.length).toBe(1000);
    expect(bounded.startsWith('Transcript of conversation #7\n[… ')).toBe(true);
    expect(bounded.endsWith('line 499')).toBe(true);
    expect(boundedText('short', 1000)).toBe('short');
  });

  it('escapes SOQL string literals', () => {
    expect(soqlString("o'brien@x.example")).toBe("'o\\'brien@x.example'");
    expect(soqlString('a\\b')).toBe("'a\\\\b'");
  });

  it('reads a Zendesk subdomain or a full address', () => {
    expect(zendeskBaseUrl('Acme')).toBe('https://acme.zendesk.com');
    expect(zendeskBaseUrl('http://127.0.0.1:9000/some/path')).toBe('http://127.0.0.1:9000');
  });
});
