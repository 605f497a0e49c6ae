import type { Integration } from '@convo/api';
import { describe, expect, it } from 'vitest';
import {
  categoriesOf,
  categoryFilterOf,
  detailsPath,
  integrationTypeOf,
  visibleIntegrations,
} from './integration-views';

const item = (over: Partial<Integration>): Integration => ({
  type: 'telegram',
  category: 'messaging',
  status: 'not_connected',
  displayName: '',
  lastError: null,
  lastErrorAt: null,
  connectedAt: null,
  webhookUrl: null,
  inboundAddress: null,
  ...over,
});

describe('integration views', () => {
  it("reads the category filter from the URL, 'all' by default and for anything unknown", () => {
    expect(categoryFilterOf(null)).toBe('all');
    expect(categoryFilterOf('messaging')).toBe('messaging');
    expect(categoryFilterOf('crm')).toBe('crm');
    expect(categoryFilterOf('<script>')).toBe('all');
  });

  it('lists by view and category', () => {
    const telegram = item({ status: 'connected' });
    const idle = item({ status: 'not_connected' });
    const failing = item({ status: 'error' });
    expect(visibleIntegrations([telegram, idle], 'all', 'all')).toEqual([telegram, idle]);
    expect(visibleIntegrations([telegram, idle], 'all', 'crm')).toEqual([]);
    expect(visibleIntegrations([telegram, idle], 'messaging', 'all')).toEqual([telegram, idle]);
    expect(visibleIntegrations([telegram, idle, failing], 'manage', 'all')).toEqual([telegram, failing]);
  });

  it('offers only the categories of integrations that exist', () => {
    expect(categoriesOf([item({})])).toEqual(['messaging']);
    expect(categoriesOf([])).toEqual([]);
  });

  it('knows the integration types and links to their details', () => {
    expect(integrationTypeOf('telegram')).toBe('telegram');
    expect(integrationTypeOf('fax')).toBeNull();
    expect(detailsPath('telegram')).toBe('/integration-details?type=telegram');
  });
});
