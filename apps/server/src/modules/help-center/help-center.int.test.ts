import { HELP_CENTER_PATHS, helpCenterPath } from '@convo/api';
import { ROLE_TYPE } from '@convo/domain';
import { describe, expect, it } from 'vitest';
import { helpCenterArticles } from '../../db/schema/index.js';
import { signedInMember, updateSettings } from '../../testing/members.js';
import type { Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { SEARCH_LIMIT } from './public-site/routes.js';

// A 1×1 PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

describe.each(testDatabaseKinds())('help center on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2, dataDir: true });
  const bearer = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const api = (
    tenant: Tenant,
    method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, headers: bearer(tenant), ...(payload ? { payload } : {}) });
  const site = (tenant: Tenant) => `/hc/${tenant.applicationId}`;

  it('creates categories and articles, sanitizes HTML, and keeps drafts off the site', async () => {
    const [a] = tenants;
    const cat = await api(a, 'POST', HELP_CENTER_PATHS.categories, { name: 'Billing', description: 'Money' });
    expect(cat.statusCode).toBe(200);
    const categoryId = cat.json().data.id as string;
    const created = await api(a, 'POST', HELP_CENTER_PATHS.articles, {
      title: 'Refund policy',
      bodyHtml: '<p onclick="x()">Refunds within <strong>30 days</strong><script>alert(1)</script></p>',
      categoryId,
    });
    expect(created.statusCode).toBe(200);
    const article = created.json().data;
    expect(article.slug).toBe('refund-policy');
    expect(article.status).toBe('draft');
    expect(article.bodyHtml).toBe('<p>Refunds within <strong>30 days</strong></p>');
    expect(article.updatedBy.id).toBeTruthy();

    // A draft is never public: page, search and sitemap.
    expect((await t.app.inject(`${site(a)}/articles/refund-policy`)).statusCode).toBe(404);
    expect((await t.app.inject(`${site(a)}/search.json?q=refund`)).json().results).toEqual([]);
    expect((await t.app.inject(`${site(a)}/sitemap.xml`)).body).not.toContain('refund-policy');

    const published = await api(a, 'PATCH', helpCenterPath(HELP_CENTER_PATHS.article, article.id), {
      status: 'published',
    });
    expect(published.json().data.status).toBe('published');
    const page = await t.app.inject(`${site(a)}/articles/refund-policy`);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('<strong>30 days</strong>');
    expect(page.body).not.toContain('alert(1)');
    expect(page.body).toContain('rel="canonical"');
    expect(page.body).toContain('property="og:title" content="Refund policy"');
    expect(page.body).toContain('Was this helpful?');
    expect(page.body).toContain('id="chat"');
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self' 'nonce-/);
    const search = await t.app.inject(`${site(a)}/search.json?q=refu`);
    expect(search.json().results.map((r: { title: string }) => r.title)).toEqual(['Refund policy']);
    const sitemap = await t.app.inject(`${site(a)}/sitemap.xml`);
    expect(sitemap.body).toContain('/articles/refund-policy?lang=en');
    const home = await t.app.inject(site(a));
    expect(home.body).toContain('Billing');
    expect(home.body).toContain('Refund policy');
    const category = await t.app.inject(`${site(a)}/categories/billing`);
    expect(category.statusCode).toBe(200);
    expect(category.body).toContain('Refund policy');
    // The no-JavaScript search page.
    const noJs = await t.app.inject(`${site(a)}/search?q=refund`);
    expect(noJs.body).toContain('Refund policy');
  });

  it('answers a real 404 page for unknown slugs and unknown sites', async () => {
    const [a] = tenants;
    const missing = await t.app.inject(`${site(a)}/articles/no-such-thing`);
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['content-type']).toContain('text/html');
    expect(missing.body).toContain('This page does not exist');
    expect((await t.app.inject(`${site(a)}/categories/nope`)).statusCode).toBe(404);
    expect((await t.app.inject(`${site(a)}/whatever/else`)).statusCode).toBe(404);
    const unknown = await t.app.inject('/hc/no-such-app/articles/x');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('no help center');
  });

  it('records feedback with a plain form post (JavaScript off) and with fetch', async () => {
    const [a] = tenants;
    const form = await t.app.inject({
      method: 'POST',
      url: `${site(a)}/articles/refund-policy/feedback?lang=en`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'helpful=yes',
    });
    expect(form.statusCode).toBe(303);
    expect(form.headers.location).toContain('rated=1');
    const json = await t.app.inject({
      method: 'POST',
      url: `${site(a)}/articles/refund-policy/feedback`,
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      payload: 'helpful=no',
    });
    expect(json.statusCode).toBe(200);
    const list = await api(a, 'GET', `${HELP_CENTER_PATHS.articles}?q=refund`);
    const row = list.json().data.items[0];
    expect([row.helpfulYes, row.helpfulNo]).toEqual([1, 1]);
    const thanks = await t.app.inject(`${site(a)}/articles/refund-policy?rated=1`);
    expect(thanks.body).toContain('Thanks for your feedback!');
  });

  it('keeps language versions apart and serves ?lang=', async () => {
    const [a] = tenants;
    const list = await api(a, 'GET', HELP_CENTER_PATHS.articles);
    const source = list.json().data.items.find((i: { slug: string }) => i.slug === 'refund-policy');
    const fr = await api(a, 'POST', HELP_CENTER_PATHS.articles, {
      title: 'Politique de remboursement',
      bodyHtml: '<p>Remboursé sous 30 jours</p>',
      language: 'fr',
      status: 'published',
      translationOf: source.id,
    });
    expect(fr.statusCode).toBe(200);
    expect(fr.json().data.translations).toEqual([{ id: source.id, language: 'en', status: 'published' }]);
    const again = await api(a, 'POST', HELP_CENTER_PATHS.articles, {
      title: 'Encore',
      language: 'fr',
      translationOf: source.id,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('TRANSLATION_EXISTS');
    const frPage = await t.app.inject(`${site(a)}/articles/politique-de-remboursement?lang=fr`);
    expect(frPage.statusCode).toBe(200);
    expect(frPage.body).toContain('<html lang="fr">');
    expect(frPage.body).toContain('hreflang="en"');
    // The French slug does not exist in English.
    expect((await t.app.inject(`${site(a)}/articles/politique-de-remboursement`)).statusCode).toBe(404);
    expect((await t.app.inject(`${site(a)}/search.json?q=rembours&lang=fr`)).json().results).toHaveLength(1);
    expect((await t.app.inject(`${site(a)}/search.json?q=rembours&lang=en`)).json().results).toHaveLength(0);
  });

  it('refuses a taken slug, unknown categories and bad orders', async () => {
    const [a] = tenants;
    const dup = await api(a, 'POST', HELP_CENTER_PATHS.articles, { title: 'X', slug: 'refund-policy' });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().code).toBe('SLUG_TAKEN');
    const auto = await api(a, 'POST', HELP_CENTER_PATHS.articles, { title: 'Refund policy' });
    expect(auto.json().data.slug).toBe('refund-policy-2');
    const badCat = await api(a, 'POST', HELP_CENTER_PATHS.articles, {
      title: 'Y',
      categoryId: '00000000-0000-4000-8000-000000000000',
    });
    expect(badCat.statusCode).toBe(400);
    const second = await api(a, 'POST', HELP_CENTER_PATHS.categories, { name: 'Shipping' });
    const cats = (await api(a, 'GET', HELP_CENTER_PATHS.categories)).json().data as { id: string }[];
    expect((await api(a, 'PUT', HELP_CENTER_PATHS.categoryOrder, { ids: [cats[0]!.id] })).statusCode).toBe(
      400,
    );
    const order = await api(a, 'PUT', HELP_CENTER_PATHS.categoryOrder, {
      ids: [second.json().data.id, cats[0]!.id],
    });
    expect(order.json().data.map((c: { name: string }) => c.name)).toEqual(['Shipping', 'Billing']);
  });

  it('bulk publishes, unpublishes and deletes only the caller’s own articles', async () => {
    const [a, b] = tenants;
    const mk = async (tenant: Tenant, title: string) =>
      (await api(tenant, 'POST', HELP_CENTER_PATHS.articles, { title, bodyHtml: `<p>${title}</p>` })).json()
        .data.id as string;
    const a1 = await mk(a, 'Bulk one');
    const a2 = await mk(a, 'Bulk two');
    const b1 = await mk(b, 'Bulk other tenant');
    const pub = await api(a, 'POST', HELP_CENTER_PATHS.articleBulk, { action: 'publish', ids: [a1, a2, b1] });
    expect(pub.json().data.changed).toBe(2);
    expect((await t.app.inject(`${site(b)}/search.json?q=bulk`)).json().results).toHaveLength(0);
    expect((await t.app.inject(`${site(a)}/search.json?q=bulk`)).json().results).toHaveLength(2);
    await api(a, 'POST', HELP_CENTER_PATHS.articleBulk, { action: 'unpublish', ids: [a1] });
    expect((await t.app.inject(`${site(a)}/search.json?q=bulk`)).json().results).toHaveLength(1);
    const del = await api(a, 'POST', HELP_CENTER_PATHS.articleBulk, { action: 'delete', ids: [a1, a2, b1] });
    expect(del.json().data.changed).toBe(2);
    expect((await api(b, 'GET', helpCenterPath(HELP_CENTER_PATHS.article, b1))).statusCode).toBe(200);
    expect((await api(a, 'GET', helpCenterPath(HELP_CENTER_PATHS.article, b1))).statusCode).toBe(404);
  });

  it('never shows another application’s articles on a site, in search or in the dashboard list', async () => {
    const [a, b] = tenants;
    await api(b, 'POST', HELP_CENTER_PATHS.articles, {
      title: 'Secret refund trick',
      bodyHtml: '<p>other tenant</p>',
      status: 'published',
    });
    expect((await t.app.inject(`${site(a)}/search.json?q=secret`)).json().results).toHaveLength(0);
    expect((await t.app.inject(`${site(a)}/articles/secret-refund-trick`)).statusCode).toBe(404);
    expect((await t.app.inject(site(a))).body).not.toContain('Secret refund trick');
    expect((await api(a, 'GET', `${HELP_CENTER_PATHS.articles}?q=secret`)).json().data.total).toBe(0);
    expect((await t.app.inject(`${site(b)}/search.json?q=secret`)).json().results).toHaveLength(1);
  });

  it('serves uploaded images publicly, and only those', async () => {
    const [a, b] = tenants;
    const boundary = '----hc';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      PNG,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const up = await t.app.inject({
      method: 'POST',
      url: HELP_CENTER_PATHS.images,
      headers: { ...bearer(a), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(up.statusCode).toBe(200);
    const { url, key } = up.json().data;
    expect(url).toBe(`${site(a)}/files/${key}`);
    const img = await t.app.inject(url);
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toBe('image/png');
    // Not through another application's site.
    expect((await t.app.inject(`${site(b)}/files/${key}`)).statusCode).toBe(404);
    // An image kept in an article survives the whitelist.
    const art = await api(a, 'POST', HELP_CENTER_PATHS.articles, {
      title: 'With image',
      bodyHtml: `<p>See</p><img src="${url}" alt="shot">`,
    });
    expect(art.json().data.bodyHtml).toContain(`<img src="${url}" alt="shot" />`);
  });

  it('serves the site at / of its custom domain and refuses a domain claimed by another application', async () => {
    const [a, b] = tenants;
    const set = await api(a, 'PATCH', HELP_CENTER_PATHS.site, { domain: 'Help.Example.com' });
    expect(set.statusCode).toBe(200);
    expect(set.json().data.domain).toBe('help.example.com');
    const taken = await api(b, 'PATCH', HELP_CENTER_PATHS.site, { domain: 'help.example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'DOMAIN_TAKEN' });
    expect(taken.json().message).toContain('already used by another help center');
    const bad = await api(b, 'PATCH', HELP_CENTER_PATHS.site, { domain: 'http://x/y' });
    expect(bad.statusCode).toBe(400);

    const home = await t.app.inject({ url: '/', headers: { host: 'help.example.com' } });
    expect(home.statusCode).toBe(200);
    expect(home.body).toContain('Refund policy');
    expect(home.body).toContain('href="/articles/refund-policy?lang=en"');
    const article = await t.app.inject({
      url: '/articles/refund-policy',
      headers: { host: 'help.example.com:443' },
    });
    expect(article.statusCode).toBe(200);
    expect(article.body).toContain(
      '<link rel="canonical" href="https://help.example.com/articles/refund-policy?lang=en">',
    );
    expect(
      (await t.app.inject({ url: '/articles/nope', headers: { host: 'help.example.com' } })).statusCode,
    ).toBe(404);
    // The API is not rewritten on the custom domain.
    expect(
      (
        await t.app.inject({
          url: HELP_CENTER_PATHS.site,
          headers: { host: 'help.example.com', ...bearer(a) },
        })
      ).statusCode,
    ).toBe(200);
    // Another host keeps the dashboard.
    expect(
      (await t.app.inject({ url: '/articles/refund-policy', headers: { host: 'other.example.com' } })).body,
    ).not.toContain('Refund policy');

    const cleared = await api(a, 'PATCH', HELP_CENTER_PATHS.site, { domain: null });
    expect(cleared.json().data.domain).toBeNull();
    expect((await api(b, 'PATCH', HELP_CENTER_PATHS.site, { domain: 'help.example.com' })).statusCode).toBe(
      200,
    );
  });

  it('renders a stored article body through the whitelist again, whatever path wrote the row', async () => {
    const [a] = tenants;
    // Written straight to the table (an import, a restore, an older release): never through the service.
    await t.database.db.insert(helpCenterArticles).values({
      applicationId: a.applicationId,
      title: 'Stored row',
      slug: 'stored-row',
      status: 'published',
      bodyHtml:
        '<p>Safe words</p><script>alert("stored")</script><img src="x" onerror="alert(\'img\')">' +
        '<a href="javascript:alert(\'link\')">link</a><iframe src="https://evil.example.com"></iframe>' +
        '<p style="position:fixed" onmouseover="alert(\'hover\')">Hover</p>',
      bodyText: 'Safe words Hover',
    });
    const page = await t.app.inject(`${site(a)}/articles/stored-row`);
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<p>Safe words</p>');
    for (const unsafe of [
      'alert(',
      'onerror',
      'onmouseover',
      'javascript:',
      'evil.example.com',
      'position:fixed',
    ]) {
      expect(page.body, unsafe).not.toContain(unsafe);
    }
  });

  it('requires a member session with the content privilege: 401 without one, 403 for each refused role', async () => {
    const [a] = tenants;
    expect((await t.app.inject(HELP_CENTER_PATHS.articles)).statusCode).toBe(401);
    const created = await api(a, 'POST', HELP_CENTER_PATHS.articles, { title: 'Privilege target' });
    const articleId = created.json().data.id as string;
    const category = await api(a, 'POST', HELP_CENTER_PATHS.categories, { name: 'Privilege category' });
    const categoryId = category.json().data.id as string;
    const article = helpCenterPath(HELP_CENTER_PATHS.article, articleId);
    const requests: { method: 'GET' | 'POST' | 'PATCH' | 'DELETE'; url: string; payload?: object }[] = [
      { method: 'GET', url: HELP_CENTER_PATHS.articles },
      { method: 'GET', url: HELP_CENTER_PATHS.categories },
      { method: 'GET', url: article },
      { method: 'POST', url: HELP_CENTER_PATHS.articles, payload: { title: 'By a refused role' } },
      { method: 'POST', url: HELP_CENTER_PATHS.categories, payload: { name: 'By a refused role' } },
      { method: 'PATCH', url: article, payload: { title: 'Renamed by a refused role' } },
      {
        method: 'PATCH',
        url: helpCenterPath(HELP_CENTER_PATHS.category, categoryId),
        payload: { name: 'Renamed by a refused role' },
      },
      { method: 'POST', url: HELP_CENTER_PATHS.articleBulk, payload: { action: 'delete', ids: [articleId] } },
      { method: 'DELETE', url: article },
      { method: 'DELETE', url: helpCenterPath(HELP_CENTER_PATHS.category, categoryId) },
    ];
    const refusedAll = async (headers: Record<string, string>, who: string) => {
      for (const r of requests) {
        const res = await t.app.inject({ ...r, headers, ...(r.payload ? { payload: r.payload } : {}) });
        expect(res.statusCode, `${who} ${r.method} ${r.url}: ${res.body.slice(0, 200)}`).toBe(403);
        expect(res.json().code).toBe('FORBIDDEN');
      }
    };
    // Classic product: operators lack helpcenter.content (SPEC §6).
    const operator = await signedInMember(t.database, a.applicationId, ROLE_TYPE.OPERATOR);
    await refusedAll(operator.headers, 'operator');
    // An agent holds it: reads and writes succeed.
    const agent = await signedInMember(t.database, a.applicationId, ROLE_TYPE.AGENT);
    const list = await t.app.inject({
      method: 'GET',
      url: HELP_CENTER_PATHS.articles,
      headers: agent.headers,
    });
    expect(list.statusCode, list.body).toBe(200);
    const byAgent = await t.app.inject({
      method: 'POST',
      url: HELP_CENTER_PATHS.articles,
      headers: agent.headers,
      payload: { title: 'Written by an agent' },
    });
    expect(byAgent.statusCode, byAgent.body).toBe(200);
    // The company narrows the privilege to admins: the agent is refused everywhere, the admin is not.
    await updateSettings(t.database, a.applicationId, {
      companySetting: {
        rolesAndPermissions: { 'helpcenter.content': [ROLE_TYPE.SUPER_ADMIN, ROLE_TYPE.ADMIN] },
      },
    });
    try {
      await refusedAll(agent.headers, 'agent without the privilege');
      expect((await api(a, 'GET', article)).json().data.title).toBe('Privilege target');
      expect((await api(a, 'GET', HELP_CENTER_PATHS.categories)).statusCode).toBe(200);
    } finally {
      await updateSettings(t.database, a.applicationId, { companySetting: {} });
    }
    // Nothing a refused role sent was written, renamed or deleted.
    expect((await api(a, 'GET', `${HELP_CENTER_PATHS.articles}?q=refused`)).json().data.total).toBe(0);
    expect((await api(a, 'GET', article)).json().data.title).toBe('Privilege target');
    const names = (await api(a, 'GET', HELP_CENTER_PATHS.categories))
      .json()
      .data.map((c: { name: string }) => c.name);
    expect(names).toContain('Privilege category');
    expect(names).not.toContain('By a refused role');
  });

  it('answers a flood of public searches from one address 429 RATE_LIMITED, not other addresses', async () => {
    const [a] = tenants;
    const search = (url: string, remoteAddress: string) =>
      t.app.inject({ method: 'GET', url, remoteAddress });
    for (const path of ['/search.json?q=refund', '/search?q=refund']) {
      const url = `${site(a)}${path}`;
      const first = await search(url, '198.51.100.20');
      expect(first.statusCode).toBe(200);
      for (let i = 1; i < SEARCH_LIMIT.max; i++) await search(url, '198.51.100.20');
      const refused = await search(url, '198.51.100.20');
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('RATE_LIMITED');
      expect(refused.json().message).toMatch(/Too many attempts\. Try again in \d+ minute\(s\)\./);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect((await search(url, '198.51.100.21')).statusCode).toBe(200);
    }
  });
});
