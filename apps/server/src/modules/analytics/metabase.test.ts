import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { METABASE_EMBED_TTL_S, metabaseEmbed } from './metabase.js';

describe('metabaseEmbed', () => {
  const config = { siteUrl: 'https://metabase.example.com', secretKey: 'k'.repeat(64), dashboardId: 7 };

  it('says "not configured" without a configuration', () => {
    expect(metabaseEmbed(null, 'app-1')).toEqual({ configured: false });
  });

  it('signs an HS256 token for the dashboard, locked to the application, expiring in 10 minutes', () => {
    const now = 1_800_000_000_000;
    const embed = metabaseEmbed(config, 'app-1', now);
    if (!embed.configured) throw new Error('expected a configured embed');
    const match = /^https:\/\/metabase\.example\.com\/embed\/dashboard\/([^#]+)#/.exec(embed.url);
    const [head, body, signature] = (match?.[1] ?? '').split('.');
    expect(JSON.parse(Buffer.from(head ?? '', 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(JSON.parse(Buffer.from(body ?? '', 'base64url').toString())).toEqual({
      resource: { dashboard: 7 },
      params: { application_id: 'app-1' },
      exp: now / 1000 + METABASE_EMBED_TTL_S,
    });
    const expected = createHmac('sha256', config.secretKey).update(`${head}.${body}`).digest('base64url');
    expect(signature).toBe(expected);
    expect(embed.expiresAt).toBe(now + METABASE_EMBED_TTL_S * 1000);
  });
});
