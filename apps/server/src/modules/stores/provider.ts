import type { StoreOrder, StoreProvider } from '@convo/api';

// The one interface every online store implements (issue 38 items 1–2); one folder per provider
// (shopify/, bigcommerce/) speaks its Admin API. The service does what is the same for all: the
// sealed token, the state, which application's store is asked, and the calm answer on failure.

/** A connected store as a provider call needs it: never sent to a client. */
export interface StoreCredentials {
  /** Shopify: the shop's myshopify.com domain; BigCommerce: the store hash. */
  store: string;
  accessToken: string;
}

export interface StoreCustomerLookup {
  email: string | null;
  phone: string | null;
}

export interface StoreCustomerFound {
  profile: { name: string; email: string | null; phone: string | null; ordersCount: number | null };
  orders: StoreOrder[];
}

export interface StoreConnector {
  provider: StoreProvider;
  /** Why this store name can never be valid, or null. */
  storeProblem(store: string): string | null;
  /** Checks the token against the store and returns the store's name. */
  verify(credentials: StoreCredentials): Promise<{ displayName: string }>;
  /** The customer with this e-mail (else phone) and their recent orders, newest first; null: not a customer. */
  findCustomer(credentials: StoreCredentials, who: StoreCustomerLookup): Promise<StoreCustomerFound | null>;
  /** Puts the chat widget in the store's theme; false when the provider has no such API. */
  installWidget(credentials: StoreCredentials, scriptSrc: string): Promise<boolean>;
}

/** Orders shown in the side panel. */
export const RECENT_ORDERS = 5;
