import { describe, expect, it } from 'vitest';
import { articlePage, homePage, type SiteView, sitemapXml } from './render.js';
import { type DomainMap, rewriteForDomain } from './site-cache.js';

const site: SiteView = {
  name: 'Acme <b>',
  applicationId: 'app1',
  language: 'fr',
  base: '/hc/app1',
  canonicalBase: 'https://help.acme.test',
  widgetOrigin: 'http://localhost:3000',
  widgetVariant: 'classic',
  nonce: 'abc',
  languages: ['en', 'fr'],
  theme: { primaryColor: '#03b49b', logoUrl: null, faviconUrl: null, headerLinks: [], footerText: '' },
};

describe('public pages', () => {
  it('escapes every name and title and carries canonical, Open Graph and hreflang', () => {
    const html = articlePage(
      site,
      { title: '"><script>x()</script>', slug: 's', html: '<p>ok</p>', text: 'ok', updatedAt: new Date(0) },
      { rated: false, category: null, alternates: [{ language: 'en', slug: 'e' }] },
    );
    expect(html).not.toContain('<script>x()');
    expect(html).toContain('&quot;&gt;&lt;script&gt;');
    expect(html).toContain('Acme &lt;b&gt;');
    expect(html).toContain('<link rel="canonical" href="https://help.acme.test/articles/s?lang=fr">');
    expect(html).toContain(
      '<link rel="alternate" hreflang="en" href="https://help.acme.test/articles/e?lang=en">',
    );
    expect(html).toContain('property="og:type" content="article"');
    expect(html).toContain('<html lang="fr">');
    expect(html).toContain('Cet article vous a-t-il aidé ?');
    expect(html).toContain('<script nonce="abc">');
    // The only script is the inline one.
    expect(html.match(/<script/g)).toHaveLength(1);
  });

  it('says so when there is nothing yet', () => {
    expect(homePage({ ...site, language: 'en' }, [], [])).toContain('No articles yet.');
  });

  it('lists articles in the sitemap with their language', () => {
    const xml = sitemapXml('https://h.test', [{ language: 'es', slug: 'a&b', updatedAt: new Date(0) }]);
    expect(xml).toContain('<loc>https://h.test/articles/a%26b?lang=es</loc>');
  });
});

describe('custom domains', () => {
  const domains = {
    lookup: (h: string | undefined) => (h === 'help.acme.test:8080' ? 'app1' : undefined),
  } as DomainMap;
  it('serves the site at / of its domain and leaves the API, the widget and other hosts alone', () => {
    const req = (url: string, host: string) => ({ url, headers: { host } });
    expect(rewriteForDomain(domains, req('/', 'help.acme.test:8080'))).toBe('/hc/app1/');
    expect(rewriteForDomain(domains, req('/articles/x?lang=fr', 'help.acme.test:8080'))).toBe(
      '/hc/app1/articles/x?lang=fr',
    );
    expect(rewriteForDomain(domains, req('/api/helpcenter/site', 'help.acme.test:8080'))).toBe(
      '/api/helpcenter/site',
    );
    expect(rewriteForDomain(domains, req('/widget/loader.js', 'help.acme.test:8080'))).toBe(
      '/widget/loader.js',
    );
    expect(rewriteForDomain(domains, req('/articles/x', 'other.test'))).toBe('/articles/x');
  });

  it('applies the customization: colour variables, logo, favicon, header links, footer, languages', () => {
    const themed: SiteView = {
      ...site,
      languages: ['fr'],
      theme: {
        primaryColor: '#1a237e',
        logoUrl: '/hc/app1/files/logo',
        faviconUrl: '/hc/app1/files/icon',
        headerLinks: [{ label: 'Blog <x>', url: 'https://acme.test/blog?a=1&b=2' }],
        footerText: '© Acme <inc>',
      },
    };
    const html = homePage(themed, [], []);
    expect(html).toContain(':root{--p:#1a237e;--pd:#1a237e;--pt:#ffffff}');
    expect(html).toContain('<link rel="icon" href="/hc/app1/files/icon">');
    expect(html).toContain('<img src="/hc/app1/files/logo" alt="">');
    expect(html).toContain('<a href="https://acme.test/blog?a=1&amp;b=2" rel="noopener">Blog &lt;x&gt;</a>');
    expect(html).toContain('<p>© Acme &lt;inc&gt;</p>');
    // One language shown: no switcher at all.
    expect(html).not.toContain('aria-label="Language"');
    expect(homePage(site, [], [])).toContain('aria-label="Language"');
  });
});
