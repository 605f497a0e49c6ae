import { describe, expect, it } from 'vitest';
import { draftErrors, toRequest } from './customization-page';

const draft = {
  title: 'Acme',
  primaryColor: '#03b49b',
  logo: { key: '0b6c1c1e-6d1f-4f0e-9a59-2d3f1c2b4a5e', url: '/hc/a/files/x' },
  favicon: null,
  headerLinks: [{ label: 'Blog', url: 'https://acme.test/blog' }],
  footerText: '',
  languages: ['en' as const],
};

describe('customization draft', () => {
  it('sends keys, not urls', () => {
    expect(toRequest(draft)).toEqual({
      title: 'Acme',
      primaryColor: '#03b49b',
      logoKey: '0b6c1c1e-6d1f-4f0e-9a59-2d3f1c2b4a5e',
      faviconKey: null,
      headerLinks: [{ label: 'Blog', url: 'https://acme.test/blog' }],
      footerText: '',
      languages: ['en'],
    });
  });

  it('names the fields the contract refuses before anything is sent', () => {
    expect(draftErrors(draft).size).toBe(0);
    const bad = draftErrors({
      ...draft,
      primaryColor: 'blue',
      headerLinks: [{ label: '', url: 'javascript:alert(1)' }],
      languages: [],
    });
    expect([...bad.keys()].sort()).toEqual([
      'headerLinks.0.label',
      'headerLinks.0.url',
      'languages',
      'primaryColor',
    ]);
  });
});
