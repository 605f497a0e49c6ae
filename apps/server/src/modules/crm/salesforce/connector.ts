import { createHash } from 'node:crypto';
import { z } from 'zod';
import { boundedText, type CrmConnector, type CrmConversation, type CrmCustomer } from '../connector.js';
import { CrmAuthError, type CrmHttp, CrmRejectedError, expectOk } from '../http.js';
import { splitName } from '../hubspot/connector.js';

// Salesforce REST (developer.salesforce.com/docs/atlas.en-us.api_rest): an access token, or a
// connected app's client credentials flow (`POST /services/oauth2/token`, grant_type
// client_credentials) that gives one. The Contact is found by SOQL on Email, then updated or made;
// the conversation is a completed Task on it (WhoId).

export const SALESFORCE_API_VERSION = 'v60.0';

const configSchema = z.object({
  instanceUrl: z.string(),
  accessToken: z.string().nullable(),
  clientId: z.string().nullable(),
  clientSecret: z.string().nullable(),
});
type SalesforceConfig = z.infer<typeof configSchema>;

export interface SalesforceInput {
  instanceUrl: string;
  accessToken?: string | undefined;
  clientId?: string | undefined;
  clientSecret?: string | undefined;
}

const created = z.object({ id: z.string() });
const query = z.object({ records: z.array(z.object({ Id: z.string() })) });
const token = z.object({ access_token: z.string(), instance_url: z.string().optional() });

/** A SOQL string literal: backslashes and quotes escaped as SOQL requires. */
export const soqlString = (value: string) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

function contactFields(c: CrmCustomer): Record<string, string> {
  const { first, last } = splitName(c.name);
  return {
    // LastName is required: the customer's e-mail (or user id) stands in for a nameless customer.
    LastName: (last || first || c.email || c.userId).slice(0, 80),
    ...(last && first ? { FirstName: first.slice(0, 40) } : {}),
    ...(c.email ? { Email: c.email } : {}),
    ...(c.phone ? { Phone: c.phone.slice(0, 40) } : {}),
  };
}

// A client-credentials token is kept for a while instead of being asked for on every sync: Salesforce
// sessions last at least 15 minutes (the shortest timeout an org can set), and a refused cached
// token is asked for again once (`withSession`). Keyed by the credentials, so a changed secret
// never reuses a token; bounded so many connections cannot grow it without end.
const SESSION_TTL_MS = 10 * 60_000;
const SESSION_CACHE_MAX = 1_000;
const sessions = new Map<string, { token: string; until: number }>();

const sessionKey = (c: SalesforceConfig) =>
  createHash('sha256').update(`${c.instanceUrl}\0${c.clientId}\0${c.clientSecret}`).digest('hex');

async function fetchToken(http: CrmHttp, c: SalesforceConfig): Promise<string> {
  if (!c.clientId || !c.clientSecret) throw new CrmAuthError('Salesforce has no credentials.');
  const answer = await http.call(`${c.instanceUrl}/services/oauth2/token`, {
    method: 'POST',
    provider: 'Salesforce',
    form: { grant_type: 'client_credentials', client_id: c.clientId, client_secret: c.clientSecret },
  });
  // OAuth refuses client credentials with 400 invalid_client: that is a sign-in refusal.
  if (answer.status === 400) {
    const reason = z.object({ error_description: z.string() }).safeParse(answer.body);
    throw new CrmAuthError(
      `Salesforce refused the client credentials${reason.success ? `: ${reason.data.error_description}` : '.'}`,
    );
  }
  const parsed = token.safeParse(expectOk('Salesforce', answer));
  if (!parsed.success) throw new CrmRejectedError('Salesforce answered without an access token.');
  return parsed.data.access_token;
}

/**
 * Runs `work` with a session: the stored token, or a client-credentials token (cached). A cached
 * token the org refuses is dropped and `work` runs once more with a fresh one.
 */
async function withSession<T>(
  http: CrmHttp,
  c: SalesforceConfig,
  work: (s: { base: string; token: string }) => Promise<T>,
): Promise<T> {
  // The session stays on the instance the admin named: an instance_url elsewhere is not followed.
  const base = c.instanceUrl;
  if (c.accessToken) return work({ base, token: c.accessToken });
  const key = sessionKey(c);
  const cached = sessions.get(key);
  if (cached && cached.until > Date.now()) {
    try {
      return await work({ base, token: cached.token });
    } catch (error) {
      if (!(error instanceof CrmAuthError)) throw error;
      sessions.delete(key);
    }
  }
  const fresh = await fetchToken(http, c);
  sessions.delete(key);
  if (sessions.size >= SESSION_CACHE_MAX) sessions.delete(sessions.keys().next().value ?? '');
  sessions.set(key, { token: fresh, until: Date.now() + SESSION_TTL_MS });
  try {
    return await work({ base, token: fresh });
  } catch (error) {
    if (error instanceof CrmAuthError) sessions.delete(key);
    throw error;
  }
}

export const salesforceConnector: CrmConnector<SalesforceConfig, SalesforceInput> = {
  provider: 'salesforce',
  configSchema,
  configure(input, previous) {
    const instanceUrl = new URL(input.instanceUrl.trim()).origin;
    const byClient = Boolean(input.clientId || (!input.accessToken && previous?.clientId));
    const config: SalesforceConfig = byClient
      ? {
          instanceUrl,
          accessToken: null,
          clientId: input.clientId ?? previous?.clientId ?? null,
          clientSecret: input.clientSecret ?? previous?.clientSecret ?? null,
        }
      : {
          instanceUrl,
          accessToken: input.accessToken ?? previous?.accessToken ?? null,
          clientId: null,
          clientSecret: null,
        };
    if (byClient ? !config.clientId || !config.clientSecret : !config.accessToken)
      throw new CrmRejectedError('Enter an access token, or the client id and client secret.');
    return {
      config,
      account: new URL(instanceUrl).host,
      authKind: byClient ? 'client_credentials' : 'token',
    };
  },
  async test(http, config) {
    const q = encodeURIComponent('SELECT Id FROM Contact LIMIT 1');
    await withSession(http, config, async (s) =>
      expectOk(
        'Salesforce',
        await http.call(`${s.base}/services/data/${SALESFORCE_API_VERSION}/query?q=${q}`, {
          headers: { authorization: `Bearer ${s.token}` },
          provider: 'Salesforce',
        }),
      ),
    );
  },
  async logConversation(http, config, c) {
    const customer = c.customer;
    const email = customer?.email;
    if (!customer || !email) throw new CrmRejectedError('The customer has no e-mail address.');
    return withSession(http, config, (s) => logWith(http, s, { ...customer, email }, c));
  },
};

async function logWith(
  http: CrmHttp,
  s: { base: string; token: string },
  customer: CrmCustomer & { email: string },
  c: CrmConversation,
) {
  const data = `${s.base}/services/data/${SALESFORCE_API_VERSION}`;
  const headers = { authorization: `Bearer ${s.token}` };
  const call = (path: string, method = 'GET', json?: unknown) =>
    http.call(`${data}${path}`, { method, json, headers, provider: 'Salesforce' });

  const soql = `SELECT Id FROM Contact WHERE Email = ${soqlString(customer.email)} LIMIT 1`;
  const found = query.parse(expectOk('Salesforce', await call(`/query?q=${encodeURIComponent(soql)}`)));
  const fields = contactFields(customer);
  let contactId = found.records[0]?.Id;
  if (contactId) {
    expectOk('Salesforce', await call(`/sobjects/Contact/${encodeURIComponent(contactId)}`, 'PATCH', fields));
  } else {
    contactId = created.parse(expectOk('Salesforce', await call('/sobjects/Contact', 'POST', fields))).id;
  }
  const day = (c.resolvedAt ?? new Date()).toISOString().slice(0, 10);
  const task = created.parse(
    expectOk(
      'Salesforce',
      await call('/sobjects/Task', 'POST', {
        WhoId: contactId,
        Subject: c.subject.slice(0, 255),
        // A Task's Description holds 32,000 characters.
        Description: `${boundedText(c.transcript, 31_500)}\n${c.link}`,
        Status: 'Completed',
        ActivityDate: day,
        TaskSubtype: 'Task',
      }),
    ),
  );
  return { externalId: task.id, url: `${s.base}/${task.id}`, contactId };
}
