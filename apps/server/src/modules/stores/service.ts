import {
  type StoreConnection,
  type StoreConnectRequest,
  type StoreCustomerView,
  type StoreProvider,
  WIDGET_PUBLIC_PATHS,
} from '@convo/api';
import { ERROR_CODES } from '@convo/domain';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { openSealedJson, sealJson } from '../../platform/crypto.js';
import type { Db } from '../../platform/db/database.js';
import { findUsersByUserIds } from '../messaging-users/index.js';
import type { StoreConnector, StoreCredentials } from './provider.js';
import * as repo from './repository.js';
import { StoreAuthError } from './store-http.js';

// The rules every store shares: the token sealed at rest and never answered, the state
// (connected / reconnect), and which application's store answers for a customer: only the
// application the agent is signed in to, matched by the customer's own e-mail or phone.

export type StoreRegistry = ReadonlyMap<StoreProvider, StoreConnector>;

export interface StoresDeps {
  db: Db;
  appSecret: string;
  publicUrl: string;
  connectors: StoreRegistry;
}

/** What the BigCommerce install callback hands the browser instead of the raw token (sealed, short-lived). */
interface InstallGrant {
  kind: 'bigcommerce-install';
  storeHash: string;
  token: string;
  expiresAt: number;
}
const INSTALL_GRANT_TTL_MS = 60 * 60 * 1000;

export function sealInstallGrant(appSecret: string, storeHash: string, token: string): string {
  const grant: InstallGrant = {
    kind: 'bigcommerce-install',
    storeHash,
    token,
    expiresAt: Date.now() + INSTALL_GRANT_TTL_MS,
  };
  return sealJson(appSecret, grant);
}

function openInstallGrant(appSecret: string, value: string): InstallGrant | null {
  const opened = openSealedJson(appSecret, value) as Partial<InstallGrant> | null;
  return opened?.kind === 'bigcommerce-install' &&
    typeof opened.token === 'string' &&
    typeof opened.storeHash === 'string' &&
    typeof opened.expiresAt === 'number'
    ? (opened as InstallGrant)
    : null;
}

const STORE_UNAVAILABLE = 'STORE_UNAVAILABLE';

function connectorOf(deps: StoresDeps, provider: StoreProvider): StoreConnector {
  const connector = deps.connectors.get(provider);
  if (!connector) throw notFound('This store is not available on this server.');
  return connector;
}

function toConnection(row: repo.StoreConnectionRow): StoreConnection {
  return {
    provider: row.provider as StoreProvider,
    store: row.store,
    displayName: row.displayName,
    state: row.state === 'reconnect' ? 'reconnect' : 'connected',
    widgetInstalled: row.widgetInstalled,
    connectedAt: row.connectedAt.getTime(),
  };
}

export async function listStores(deps: StoresDeps, applicationId: string): Promise<StoreConnection[]> {
  const rows = await repo.listConnections(deps.db, applicationId);
  return rows.filter((r) => deps.connectors.has(r.provider as StoreProvider)).map(toConnection);
}

/** The widget's loader with the application in its URL: a script tag carries no settings of its own. */
export const widgetScriptSrc = (publicUrl: string, applicationId: string) =>
  `${publicUrl}${WIDGET_PUBLIC_PATHS.loader}?appId=${encodeURIComponent(applicationId)}`;

export async function connectStore(
  deps: StoresDeps,
  applicationId: string,
  provider: StoreProvider,
  input: StoreConnectRequest,
): Promise<StoreConnection> {
  const connector = connectorOf(deps, provider);
  const problem = connector.storeProblem(input.store);
  if (problem) throw badRequest(ERROR_CODES.VALIDATION_ERROR, problem);
  // The BigCommerce install link carries a sealed grant, not the token itself.
  const grant = provider === 'bigcommerce' ? openInstallGrant(deps.appSecret, input.accessToken) : null;
  if (grant && (grant.storeHash !== input.store || grant.expiresAt < Date.now()))
    throw badRequest(
      ERROR_CODES.VALIDATION_ERROR,
      'This install link has expired. Install the app again from BigCommerce.',
    );
  const credentials: StoreCredentials = {
    store: input.store,
    accessToken: grant?.token ?? input.accessToken,
  };
  let displayName: string;
  try {
    ({ displayName } = await connector.verify(credentials));
  } catch (err) {
    if (err instanceof StoreAuthError)
      throw badRequest(ERROR_CODES.INVALID_CREDENTIALS, 'The store refused this access token.');
    throw new AppError(502, STORE_UNAVAILABLE, 'The store did not answer. Try again in a moment.');
  }
  const before = await repo.findConnection(deps.db, applicationId, provider);
  let widgetInstalled = before?.store === input.store && before.widgetInstalled;
  if (!widgetInstalled) {
    // A theme without the widget is not a failed connection: the page says so and the snippet remains.
    widgetInstalled = await connector
      .installWidget(credentials, widgetScriptSrc(deps.publicUrl, applicationId))
      .catch(() => false);
  }
  const row = await repo.upsertConnection(deps.db, {
    applicationId,
    provider,
    store: input.store,
    displayName: displayName.slice(0, 200),
    tokenSealed: sealJson(deps.appSecret, { token: credentials.accessToken }),
    state: 'connected',
    widgetInstalled,
  });
  return toConnection(row);
}

export async function disconnectStore(deps: StoresDeps, applicationId: string, provider: StoreProvider) {
  if (!(await repo.deleteConnection(deps.db, applicationId, provider)))
    throw notFound('This store is not connected.');
  return { provider };
}

function tokenOf(appSecret: string, row: repo.StoreConnectionRow): string | null {
  const opened = openSealedJson(appSecret, row.tokenSealed) as { token?: unknown } | null;
  return typeof opened?.token === 'string' ? opened.token : null;
}

/**
 * The customer's profile and recent orders in each store of the application. A store that refuses
 * its token is marked "reconnect"; one that fails otherwise answers "unavailable"; neither breaks
 * the others or the panel.
 */
export async function customerOrders(
  deps: StoresDeps,
  applicationId: string,
  userId: string,
): Promise<StoreCustomerView[]> {
  const rows = (await repo.listConnections(deps.db, applicationId)).filter((r) =>
    deps.connectors.has(r.provider as StoreProvider),
  );
  if (rows.length === 0) return [];
  const [user] = await findUsersByUserIds(deps.db, applicationId, [userId]);
  const email = user?.email?.trim().toLowerCase() || null;
  const phone = user?.contactNumber?.trim() || null;
  return Promise.all(
    rows.map(async (row): Promise<StoreCustomerView> => {
      const provider = row.provider as StoreProvider;
      const view = { provider, displayName: row.displayName, profile: null, orders: [] };
      const token = tokenOf(deps.appSecret, row);
      if (row.state === 'reconnect' || token === null) return { ...view, state: 'reconnect' };
      if (email === null && phone === null) return { ...view, state: 'ok' };
      try {
        const found = await connectorOf(deps, provider).findCustomer(
          { store: row.store, accessToken: token },
          { email, phone },
        );
        return found ? { ...view, state: 'ok', ...found } : { ...view, state: 'ok' };
      } catch (err) {
        if (err instanceof StoreAuthError) {
          await repo.setState(deps.db, applicationId, provider, 'reconnect');
          return { ...view, state: 'reconnect' };
        }
        return { ...view, state: 'unavailable' };
      }
    }),
  );
}
