import { HELP_CENTER_PATHS, helpCenterPath } from '@convo/api';
import { describe, expect, it } from 'vitest';
import type { Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { orderedPositions } from './service.js';

// Article order (move up/down within a category and language, shown on the public site) and the
// categories' names in the site's languages.

describe('orderedPositions', () => {
  it('sorts and makes ties distinct', () => {
    expect(orderedPositions([5, 2, 2, 9])).toEqual([2, 3, 5, 9]);
    expect(orderedPositions([0, 0, 0])).toEqual([0, 1, 2]);
  });
});

describe.each(testDatabaseKinds())('help center order and category languages on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const bearer = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const api = (tenant: Tenant, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tenant), ...(payload ? { payload } : {}) });
  const site = (tenant: Tenant) => `/hc/${tenant.applicationId}`;

  it('moves an article among its category, persisted and shown in that order on the site', async () => {
    const [a, b] = tenants;
    const cat = (await api(a, 'POST', HELP_CENTER_PATHS.categories, { name: 'Orders' })).json().data;
    const ids: string[] = [];
    for (const title of ['First topic', 'Second topic', 'Third topic']) {
      const res = await api(a, 'POST', HELP_CENTER_PATHS.articles, {
        title,
        bodyHtml: '<p>text</p>',
        status: 'published',
        categoryId: cat.id,
      });
      ids.push(res.json().data.id);
    }
    const move = (tenant: Tenant, id: string, direction: 'up' | 'down') =>
      api(tenant, 'POST', helpCenterPath(HELP_CENTER_PATHS.articleMove, id), { direction });
    const order = async () => {
      const body = (await t.app.inject(`${site(a)}/categories/orders`)).body;
      return ['First topic', 'Second topic', 'Third topic'].sort((x, y) => body.indexOf(x) - body.indexOf(y));
    };
    expect(await order()).toEqual(['First topic', 'Second topic', 'Third topic']);

    expect((await move(a, ids[2]!, 'up')).json().data).toEqual({ moved: true });
    expect(await order()).toEqual(['First topic', 'Third topic', 'Second topic']);
    expect((await move(a, ids[0]!, 'down')).json().data).toEqual({ moved: true });
    expect(await order()).toEqual(['Third topic', 'First topic', 'Second topic']);
    // At the edge nothing moves.
    expect((await move(a, ids[2]!, 'up')).json().data).toEqual({ moved: false });

    // The dashboard's list shows the same order.
    const list = await api(a, 'GET', `${HELP_CENTER_PATHS.articles}?categoryId=${cat.id}`);
    expect(list.json().data.items.map((x: { title: string }) => x.title)).toEqual([
      'Third topic',
      'First topic',
      'Second topic',
    ]);

    // Another application cannot move it; bad input is a 400.
    expect((await move(b, ids[0]!, 'up')).statusCode).toBe(404);
    const bad = await api(a, 'POST', helpCenterPath(HELP_CENTER_PATHS.articleMove, ids[0]!), {
      direction: 'sideways',
    });
    expect(bad.statusCode).toBe(400);
  });

  it("shows a category's name and description in the site's language", async () => {
    const [a, b] = tenants;
    const created = await api(a, 'POST', HELP_CENTER_PATHS.categories, {
      name: 'Shipping',
      description: 'Parcels and delivery',
      translations: { es: { name: 'Envíos', description: 'Paquetes y entregas' } },
    });
    expect(created.statusCode).toBe(200);
    const category = created.json().data;
    expect(category.translations).toEqual({ es: { name: 'Envíos', description: 'Paquetes y entregas' } });
    await api(a, 'POST', HELP_CENTER_PATHS.articles, {
      title: 'Envío gratis',
      bodyHtml: '<p>texto</p>',
      status: 'published',
      language: 'es',
      categoryId: category.id,
    });

    const updated = await api(a, 'PATCH', helpCenterPath(HELP_CENTER_PATHS.category, category.id), {
      translations: {
        es: { name: 'Envíos', description: 'Paquetes y entregas' },
        fr: { name: 'Livraison', description: 'Colis' },
      },
    });
    expect(updated.json().data.translations.fr).toEqual({ name: 'Livraison', description: 'Colis' });

    const es = await t.app.inject(`${site(a)}/categories/shipping?lang=es`);
    expect(es.body).toContain('Envíos');
    expect(es.body).toContain('Paquetes y entregas');
    const home = await t.app.inject(`${site(a)}?lang=es`);
    expect(home.body).toContain('Envíos');
    const fr = await t.app.inject(`${site(a)}/categories/shipping?lang=fr`);
    expect(fr.body).toContain('Livraison');
    const article = await t.app.inject(`${site(a)}/articles/envio-gratis?lang=es`);
    expect(article.body).toContain('Envíos');
    // Without a translation the English name is shown.
    const kn = await t.app.inject(`${site(a)}/categories/shipping?lang=kn`);
    expect(kn.body).toContain('Shipping');

    // Removing a language: a blank name.
    const removed = await api(a, 'PATCH', helpCenterPath(HELP_CENTER_PATHS.category, category.id), {
      translations: { es: { name: '', description: '' } },
    });
    expect(removed.json().data.translations).toEqual({});
    // Another application cannot rename it.
    const foreign = await api(b, 'PATCH', helpCenterPath(HELP_CENTER_PATHS.category, category.id), {
      translations: { es: { name: 'X', description: '' } },
    });
    expect(foreign.statusCode).toBe(404);
  });
});
