import { QUICK_LINKS_MAX, WIDGET_API_PATHS, WIDGET_SETTINGS_PATHS } from '@convo/api';
import { describe, expect, it } from 'vitest';
import type { Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

describe.each(testDatabaseKinds())('quick links (/settings/quick-links) on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const [a, b] = tenants;
  const bearer = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const save = (tenant: Tenant, quickLinks: unknown) =>
    t.app.inject({
      method: 'PATCH',
      url: WIDGET_SETTINGS_PATHS.chatWidget,
      headers: bearer(tenant),
      payload: { quickLinks } as Record<string, unknown>,
    });
  const links = [
    { label: 'Pricing', url: 'https://example.com/pricing' },
    { label: 'Track an order', url: 'https://example.com/orders' },
  ];

  it('saves the links in order and the widget of that application only receives them', async () => {
    const res = await save(a, { enabled: true, title: 'Popular', links });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.quickLinks).toEqual({ enabled: true, title: 'Popular', links });

    const init = async (tenant: Tenant) => {
      const r = await t.app.inject({
        method: 'POST',
        url: WIDGET_API_PATHS.init,
        payload: {
          appId: tenant.applicationId,
          userId: `v-${Math.random().toString(36).slice(2)}`,
          password: 'pw-123456',
        },
        remoteAddress: '198.51.100.77',
      });
      expect(r.statusCode, r.body).toBe(200);
      return r.json().settings.quickLinks;
    };
    expect(await init(a)).toEqual({ enabled: true, title: 'Popular', links });
    expect(await init(b)).toEqual({ enabled: false, title: 'Quick links', links: [] });

    // Reordering is a save of the whole list.
    const reordered = await save(a, { enabled: true, title: 'Popular', links: [links[1], links[0]] });
    expect(reordered.json().data.quickLinks.links.map((l: { label: string }) => l.label)).toEqual([
      'Track an order',
      'Pricing',
    ]);
  });

  it('refuses a non-web link, an empty label and too many links with 400', async () => {
    const bad = [
      { enabled: true, title: '', links: [{ label: 'x', url: 'javascript:alert(1)' }] },
      { enabled: true, title: '', links: [{ label: '', url: 'https://example.com' }] },
      {
        enabled: true,
        title: '',
        links: Array.from({ length: QUICK_LINKS_MAX + 1 }, (_, i) => ({
          label: `L${i}`,
          url: 'https://example.com',
        })),
      },
    ];
    for (const quickLinks of bad) {
      const res = await save(a, quickLinks);
      expect(res.statusCode, JSON.stringify(quickLinks)).toBe(400);
      expect(res.json().code).toBe('INVALID_PARAMETER');
    }
  });
});
