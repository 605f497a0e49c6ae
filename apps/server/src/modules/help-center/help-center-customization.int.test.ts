import { gzipSync } from 'node:zlib';
import { HELP_CENTER_PATHS } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { signedInMember } from '../../testing/members.js';
import type { Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(testDatabaseKinds())('help center customization on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2, dataDir: true });
  const bearer = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const api = (tenant: Tenant, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tenant), ...(payload ? { payload } : {}) });
  const site = (tenant: Tenant) => `/hc/${tenant.applicationId}`;
  const upload = async (tenant: Tenant) => {
    const boundary = '----hc';
    const res = await t.app.inject({
      method: 'POST',
      url: HELP_CENTER_PATHS.images,
      headers: { ...bearer(tenant), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\nContent-Type: image/png\r\n\r\n`,
        ),
        PNG,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { key: string; url: string };
  };

  const settings = {
    title: 'Acme Support',
    primaryColor: '#1A237E',
    headerLinks: [
      { label: 'Blog', url: 'https://acme.test/blog' },
      { label: 'Status <page>', url: 'https://status.acme.test/?a=1&b=2' },
    ],
    footerText: '© Acme Inc.',
    languages: ['en', 'fr'],
  };

  it('starts from the defaults, saves the settings and applies them on the public site', async () => {
    const [a] = tenants;
    const initial = await api(a, 'GET', HELP_CENTER_PATHS.customization);
    expect(initial.statusCode).toBe(200);
    expect(initial.json().data).toMatchObject({
      title: '',
      primaryColor: '#03b49b',
      logoKey: null,
      headerLinks: [],
      languages: ['en', 'es', 'fr', 'kn'],
    });

    const logo = await upload(a);
    const icon = await upload(a);
    const saved = await api(a, 'PUT', HELP_CENTER_PATHS.customization, {
      ...settings,
      logoKey: logo.key,
      faviconKey: icon.key,
    });
    expect(saved.statusCode).toBe(200);
    const data = saved.json().data;
    expect(data.primaryColor).toBe('#1a237e');
    expect(data.logoUrl).toBe(logo.url);
    expect(data.faviconUrl).toBe(icon.url);
    expect((await api(a, 'GET', HELP_CENTER_PATHS.customization)).json().data).toEqual(data);

    await api(a, 'POST', HELP_CENTER_PATHS.articles, {
      title: 'Shipping times',
      bodyHtml: '<p>Two days.</p>',
      status: 'published',
    });
    const home = await t.app.inject(site(a));
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('<title>Acme Support</title>');
    expect(home.body).toContain('--p:#1a237e');
    expect(home.body).toContain(`<img src="${logo.url}" alt="">`);
    expect(home.body).toContain(`<link rel="icon" href="${icon.url}">`);
    expect(home.body).toContain('<a href="https://acme.test/blog" rel="noopener">Blog</a>');
    expect(home.body).toContain('Status &lt;page&gt;</a>');
    expect(home.body).toContain('<p>© Acme Inc.</p>');
    // The switcher offers the languages shown, and a hidden language falls back to the default.
    expect(home.body).toContain('lang="fr"');
    expect(home.body).not.toContain('?lang=kn');
    const hidden = await t.app.inject(`${site(a)}?lang=kn`);
    expect(hidden.body).toContain('<html lang="en">');
    await api(a, 'POST', HELP_CENTER_PATHS.articles, {
      title: 'Envío',
      bodyHtml: '<p>Dos días.</p>',
      status: 'published',
      language: 'es',
    });
    const sitemap = (await t.app.inject(`${site(a)}/sitemap.xml`)).body;
    expect(sitemap).toContain('/articles/shipping-times?lang=en');
    expect(sitemap).not.toContain('lang=es');
    const article = await t.app.inject(`${site(a)}/articles/shipping-times`);
    expect(article.statusCode).toBe(200);
    expect(article.body).toContain('<title>Shipping times | Acme Support</title>');
    expect(article.body).toContain('--p:#1a237e');

    // Still within the page-weight budget: the HTML (with its inline CSS and JS) under 30 KB gzip.
    expect(gzipSync(article.body).length).toBeLessThan(30 * 1024);
    expect(gzipSync(home.body).length).toBeLessThan(30 * 1024);
  });

  it('renders a preview with unsaved settings and stores nothing', async () => {
    const [a] = tenants;
    const before = (await api(a, 'GET', HELP_CENTER_PATHS.customization)).json().data;
    const preview = await api(a, 'POST', HELP_CENTER_PATHS.customizationPreview, {
      ...settings,
      title: 'Preview title',
      primaryColor: '#ff5722',
    });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().data.html).toContain('<title>Preview title</title>');
    expect(preview.json().data.html).toContain('--p:#ff5722');
    expect((await api(a, 'GET', HELP_CENTER_PATHS.customization)).json().data).toEqual(before);
    expect((await t.app.inject(site(a))).body).not.toContain('Preview title');
  });

  it('refuses bad colours, links, too many links and unknown images with a clear 400', async () => {
    const [a, b] = tenants;
    const bad = async (payload: object, text: string) => {
      const res = await api(a, 'PUT', HELP_CENTER_PATHS.customization, payload);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(text);
    };
    await bad({ primaryColor: 'red' }, 'Give a colour as #rrggbb');
    await bad({ primaryColor: '#12345' }, 'Give a colour as #rrggbb');
    await bad({ headerLinks: [{ label: 'X', url: 'javascript:alert(1)' }] }, 'https://');
    await bad({ headerLinks: [{ label: 'X', url: '/relative' }] }, 'https://');
    await bad({ headerLinks: [{ label: '', url: 'https://a.test' }] }, 'Give the link a label.');
    await bad(
      { headerLinks: Array.from({ length: 6 }, (_, i) => ({ label: `L${i}`, url: 'https://a.test' })) },
      'at most 5',
    );
    await bad({ languages: [] }, 'Show at least one language.');
    await bad({ languages: ['en', 'de'] }, 'languages');
    // Another application's image is not this site's logo.
    const theirs = await upload(b);
    await bad({ logoKey: theirs.key }, 'Upload the image to the help center first.');
    const preview = await api(a, 'POST', HELP_CENTER_PATHS.customizationPreview, { faviconKey: theirs.key });
    expect(preview.statusCode).toBe(400);
  });

  it('never reads or applies another application’s settings', async () => {
    const [a, b] = tenants;
    await api(a, 'PUT', HELP_CENTER_PATHS.customization, settings);
    const theirs = await api(b, 'GET', HELP_CENTER_PATHS.customization);
    expect(theirs.json().data.title).toBe('');
    expect(theirs.json().data.headerLinks).toEqual([]);
    const home = await t.app.inject(site(b));
    expect(home.body).not.toContain('Acme Support');
    expect(home.body).not.toContain('acme.test/blog');
    expect(home.body).toContain('--p:#03b49b');
  });

  it('requires a member session with the customization privilege', async () => {
    expect((await t.app.inject(HELP_CENTER_PATHS.customization)).statusCode).toBe(401);
    const put = await t.app.inject({ method: 'PUT', url: HELP_CENTER_PATHS.customization, payload: {} });
    expect(put.statusCode).toBe(401);
    // An operator has no help center privileges.
    const [a] = tenants;
    const operator = (await signedInMember(t.database, a.applicationId, '12')).headers;
    for (const [method, url] of [
      ['GET', HELP_CENTER_PATHS.customization],
      ['PUT', HELP_CENTER_PATHS.customization],
      ['POST', HELP_CENTER_PATHS.customizationPreview],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: operator,
        ...(method === 'GET' ? {} : { payload: {} }),
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });
});
