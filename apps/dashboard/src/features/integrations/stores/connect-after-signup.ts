import type { StoreProvider } from '@convo/api';
import { storage } from '../../../app/storage/safe-storage';
import { STORAGE_KEYS } from '../../../app/storage/storage-keys';
import { toast, toastError } from '../../../app/toasts';
import { i18next } from '../../../i18n/i18n';
import { connectStore } from './stores-api';

// After a sign-up from a store's install link (SPEC §2: Shopify's shop and shopifyAccessToken,
// BigCommerce's storeHash and accessToken, kept in local storage), the new application connects
// that store. Loaded on demand by the sign-up page, so store code stays out of its chunk.

interface Pending {
  provider: StoreProvider;
  store: string;
  accessToken: string;
  clear: () => void;
}

function pendingStores(): Pending[] {
  const found: Pending[] = [];
  const shopify = storage.getJson<{ shopUrl?: unknown; shopifyAccessToken?: unknown }>(STORAGE_KEYS.shopify);
  if (typeof shopify?.shopUrl === 'string' && typeof shopify.shopifyAccessToken === 'string')
    found.push({
      provider: 'shopify',
      store: shopify.shopUrl,
      accessToken: shopify.shopifyAccessToken,
      clear: () => storage.removeItem(STORAGE_KEYS.shopify),
    });
  const bc = storage.getJson<{ storeHash?: unknown; accessToken?: unknown }>(STORAGE_KEYS.bigCommerce);
  if (typeof bc?.storeHash === 'string' && typeof bc.accessToken === 'string')
    found.push({
      provider: 'bigcommerce',
      store: bc.storeHash,
      accessToken: bc.accessToken,
      clear: () => storage.removeItem(STORAGE_KEYS.bigCommerce),
    });
  return found;
}

export async function connectStoresAfterSignup(): Promise<void> {
  const pending = pendingStores();
  if (pending.length === 0) return;
  // The sign-up page does not load the hub's strings; the toasts below use them.
  await i18next.loadNamespaces('integrations').catch(() => undefined);
  for (const store of pending) {
    try {
      const connected = await connectStore(store.provider, {
        store: store.store,
        accessToken: store.accessToken,
      });
      // The token is not kept in the browser once the server holds it.
      store.clear();
      toast.success(i18next.t('stores.connectedToast', { ns: 'integrations', name: connected.displayName }));
    } catch (error) {
      toastError(error, i18next.t('stores.connectFailed', { ns: 'integrations' }));
    }
  }
}
