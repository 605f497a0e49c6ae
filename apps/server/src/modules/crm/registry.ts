import type { CrmProvider } from '@convo/api';
import type { AnyCrmConnector } from './connector.js';
import { type CrmHttp, createCrmHttp } from './http.js';
import { hubspotConnector } from './hubspot/connector.js';
import { salesforceConnector } from './salesforce/connector.js';
import { zendeskConnector } from './zendesk/connector.js';

/** What the CRM module needs of the server's configuration. */
export interface CrmSetup {
  hubspotApiUrl: string;
  timeoutMs: number;
  /** Tests: another fetch for every provider (the guarded one by default). */
  fetch?: typeof fetch | undefined;
}

export interface CrmProviders {
  connector(provider: CrmProvider): AnyCrmConnector;
  http(provider: CrmProvider): CrmHttp;
}

export function crmProviders(setup: CrmSetup): CrmProviders {
  const connectors: Record<CrmProvider, AnyCrmConnector> = {
    zendesk: zendeskConnector,
    hubspot: hubspotConnector(setup.hubspotApiUrl),
    salesforce: salesforceConnector,
  };
  // Zendesk's site and the Salesforce instance are the tenant's: through the outbound guard.
  // HubSpot's address is the operator's (HUBSPOT_API_URL), reached directly.
  const guarded = createCrmHttp({ timeoutMs: setup.timeoutMs, fetch: setup.fetch });
  const direct = createCrmHttp({ timeoutMs: setup.timeoutMs, fetch: setup.fetch ?? globalThis.fetch });
  return {
    connector: (provider) => connectors[provider],
    http: (provider) => (provider === 'hubspot' ? direct : guarded),
  };
}
