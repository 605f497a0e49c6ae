import type { StoreProvider } from '@convo/api';
import type { AppConfig } from '../../platform/config.js';
import { bigCommerceConnector } from './bigcommerce/connector.js';
import type { StoreConnector } from './provider.js';
import { shopifyConnector } from './shopify/connector.js';

/** Every store this server can connect, pointed at the configured API bases. */
export function storeConnectors(config: AppConfig['stores']): ReadonlyMap<StoreProvider, StoreConnector> {
  return new Map<StoreProvider, StoreConnector>([
    ['shopify', shopifyConnector(config.shopifyAdminUrl)],
    ['bigcommerce', bigCommerceConnector(config.bigCommerceApiUrl)],
  ]);
}
