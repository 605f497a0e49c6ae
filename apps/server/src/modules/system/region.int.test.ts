import { ACCOUNT_PATHS } from '@convo/api';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../platform/config.js';
import { createTestApp } from '../../testing/test-app.js';

// SPEC §7 regional deployments: the region is shown only where an operator configures it.

const base = { APP_SECRET: 'region-test-secret' };

describe('regional deployment name', () => {
  it('is absent by default and read from REGION / REGION_NAME when set', () => {
    expect(loadConfig(base).region).toBeNull();
    expect(loadConfig({ ...base, REGION: ' India ' }).region).toEqual({ id: 'india', name: null });
    expect(loadConfig({ ...base, REGION: 'eu', REGION_NAME: 'Europe (Frankfurt)' }).region).toEqual({
      id: 'eu',
      name: 'Europe (Frankfurt)',
    });
    expect(() => loadConfig({ ...base, REGION: 'mars' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, REGION_NAME: 'Somewhere' })).toThrow(/REGION_NAME: set REGION too/);
    expect(() => loadConfig({ ...base, REGION: 'eu', REGION_NAME: 'x'.repeat(61) })).toThrow(ConfigError);
  });

  it('reaches the dashboard through /api/config only when configured', async () => {
    const plain = await createTestApp('pglite');
    const regional = await createTestApp('pglite', { REGION: 'china', REGION_NAME: 'China (Beijing)' });
    try {
      expect((await plain.app.inject({ method: 'GET', url: ACCOUNT_PATHS.config })).json().region).toBeNull();
      const res = await regional.app.inject({ method: 'GET', url: ACCOUNT_PATHS.config });
      expect(res.json().region).toEqual({ id: 'china', name: 'China (Beijing)' });
    } finally {
      await plain.close();
      await regional.close();
    }
    // Two whole apps on a busy machine: more than the default minute.
  }, 240_000);
});
