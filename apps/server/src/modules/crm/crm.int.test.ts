import {
  type CrmConnection,
  type CrmLink,
  crmConversationPath,
  crmPath,
  crmSyncPath,
  crmTestPath,
  crmTicketPath,
  MESSAGING_PATHS,
  REGISTRATION_PATHS,
} from '@convo/api';
import { ROLE_TYPE } from '@convo/domain';
import {
  type FakeHubSpot,
  type FakeSalesforce,
  type FakeZendesk,
  HUBSPOT_NOTE_TO_CONTACT,
  startFakeHubSpot,
  startFakeSalesforce,
  startFakeZendesk,
} from '@convo/provider-fakes';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../app.js';
import { conversations, crmConnections } from '../../db/schema/index.js';
import type { JobRunner } from '../../platform/jobs/job-queue.js';
import { messagingMember, signedInMember } from '../../testing/members.js';
import { newTenant, sendTestMessage, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// CRMs and helpdesks (issue 38 item 3) against local servers speaking Zendesk's, HubSpot's and
// Salesforce's REST formats: settings checked with the provider and never returned, a Zendesk
// ticket with the transcript, the customer's contact found by e-mail and the conversation logged,
// "reconnect" after a revoked token, two applications apart, refused roles, the automatic sync on
// resolve through the job queue (retried while the provider is down), bounded timeouts.

async function waitFor<T>(read: () => Promise<T>, ok: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe.each(testDatabaseKinds())('CRMs and helpdesks on %s', (kind) => {
  let zendesk: FakeZendesk;
  let hubspot: FakeHubSpot;
  let salesforce: FakeSalesforce;
  beforeAll(async () => {
    [zendesk, hubspot, salesforce] = await Promise.all([
      startFakeZendesk(),
      startFakeHubSpot(),
      startFakeSalesforce(),
    ]);
  });
  const { t } = useTestApp(kind, {
    env: () => ({
      HUBSPOT_API_URL: hubspot.url,
      CRM_TIMEOUT_MS: '1500',
      // The fakes listen on this machine: the operator's allowance for loopback, as in e2e.
      OUTBOUND_ALLOW: '127.0.0.0/8',
    }),
  });
  let worker: JobRunner | null = null;
  afterEach(async () => {
    await worker?.stop();
    worker = null;
  });
  afterAll(async () => {
    await Promise.all([zendesk?.close(), hubspot?.close(), salesforce?.close()]);
  });

  const bearer = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const call = (
    headers: Record<string, string>,
    method: 'GET' | 'PUT' | 'POST' | 'DELETE',
    url: string,
    payload?: object,
  ) =>
    t.app.inject({
      method,
      url,
      headers,
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });

  /** A customer with an e-mail and phone, their conversation and one message each way. */
  async function conversationWithCustomer(
    tenant: Tenant,
    email = `c-${Math.random().toString(36).slice(2, 8)}@shop.example`,
  ) {
    const userId = `cust-${Math.random().toString(36).slice(2, 10)}`;
    const reg = await t.app.inject({
      method: 'POST',
      url: REGISTRATION_PATHS.registerClient,
      payload: {
        userId,
        applicationId: tenant.applicationId,
        authenticationTypeId: 0,
        displayName: 'Asha Rao',
        email,
        contactNumber: '+919800000001',
      },
    });
    expect(reg.statusCode, reg.body).toBe(200);
    const headers = {
      'x-authorization': reg.json().authToken as string,
      'application-key': tenant.applicationId,
    };
    const group = await t.app.inject({
      method: 'POST',
      url: MESSAGING_PATHS.groupCreateV21,
      headers,
      payload: { groupName: 'Refund for order 1042', type: 10 },
    });
    const groupId = group.json().response.id as number;
    await sendTestMessage(t, headers, groupId, `k-${userId}`, 'My parcel arrived broken');
    await sendTestMessage(t, tenant.admin, groupId, `a-${userId}`, 'Sorry! A refund is on its way');
    return { groupId, email, userId };
  }

  const connectZendesk = (tenant: Tenant, email: string, apiToken: string, extra: object = {}) =>
    call(bearer(tenant), 'PUT', crmPath('zendesk'), {
      provider: 'zendesk',
      subdomain: zendesk.url,
      email,
      apiToken,
      ...extra,
    });

  it('Zendesk: checks the token before saving, never returns it, makes one ticket with the transcript and links it', async () => {
    const tenant = await newTenant(t);
    zendesk.addAgent('agent@acme.example', 'zd-token-1');

    const wrong = await connectZendesk(tenant, 'agent@acme.example', 'not-the-token');
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().code).toBe('CRM_RECONNECT');
    let list = (await call(bearer(tenant), 'GET', '/api/integrations/crms')).json().data as CrmConnection[];
    expect(list.find((c) => c.provider === 'zendesk')?.status).toBe('not_connected');

    const saved = await connectZendesk(tenant, 'agent@acme.example', 'zd-token-1');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ provider: 'zendesk', status: 'connected' });
    const listed = await call(bearer(tenant), 'GET', '/api/integrations/crms');
    expect(listed.body).not.toContain('zd-token-1');
    list = listed.json().data;
    expect(list.map((c) => c.provider)).toEqual(['zendesk', 'hubspot', 'salesforce']);
    // Sealed at rest.
    const [stored] = await t.database.db
      .select()
      .from(crmConnections)
      .where(eq(crmConnections.applicationId, tenant.applicationId));
    expect(stored?.configSealed).not.toContain('zd-token-1');

    const test = await call(bearer(tenant), 'POST', crmTestPath('zendesk'));
    expect(test.statusCode, test.body).toBe(200);

    const { groupId, email } = await conversationWithCustomer(tenant);
    const before = (await call(bearer(tenant), 'GET', crmConversationPath(groupId))).json().data;
    expect(before.zendesk).toEqual({ enabled: true, integrated: false });

    const made = await call(bearer(tenant), 'POST', crmTicketPath(groupId));
    expect(made.statusCode, made.body).toBe(200);
    const link = made.json().data as CrmLink;
    const ticket = zendesk.tickets.at(-1)!;
    expect(link).toMatchObject({ provider: 'zendesk', kind: 'ticket', externalId: String(ticket.id) });
    expect(link.url).toBe(`${zendesk.url}/agent/tickets/${ticket.id}`);
    expect(ticket.requester).toEqual({ name: 'Asha Rao', email });
    expect(ticket.description).toContain('My parcel arrived broken');
    expect(ticket.description).toContain('Sorry! A refund is on its way');
    expect(ticket.external_id).toBe(`convo-${groupId}`);
    const auth = String(zendesk.calls.at(-1)?.headers.authorization);
    expect(Buffer.from(auth.slice(6), 'base64').toString()).toBe('agent@acme.example/token:zd-token-1');

    // Asking again answers the same ticket; the conversation is marked integrated.
    const again = await call(bearer(tenant), 'POST', crmTicketPath(groupId));
    expect(again.json().data.externalId).toBe(link.externalId);
    expect(zendesk.tickets.filter((x) => x.external_id === `convo-${groupId}`)).toHaveLength(1);
    const after = (await call(bearer(tenant), 'GET', crmConversationPath(groupId))).json().data;
    expect(after.zendesk).toEqual({ enabled: true, integrated: true });
    expect(after.links[0]).toMatchObject({ url: link.url });
    const [conv] = await t.database.db.select().from(conversations).where(eq(conversations.id, groupId));
    expect(conv?.metadata.zendeskTicketId).toBe(link.externalId);

    // Settings saved again without the token keep the stored one.
    const resaved = await call(bearer(tenant), 'PUT', crmPath('zendesk'), {
      provider: 'zendesk',
      subdomain: zendesk.url,
      email: 'agent@acme.example',
      syncOnResolve: true,
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    expect(resaved.json().data).toMatchObject({ status: 'connected', syncOnResolve: true });
  });

  it('a revoked token turns the integration to "reconnect" and the conversation action says so', async () => {
    const tenant = await newTenant(t);
    zendesk.addAgent('revoked@acme.example', 'zd-revoked');
    expect((await connectZendesk(tenant, 'revoked@acme.example', 'zd-revoked')).statusCode).toBe(200);
    zendesk.revoke('zd-revoked');
    const { groupId } = await conversationWithCustomer(tenant);
    const refused = await call(bearer(tenant), 'POST', crmTicketPath(groupId));
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CRM_RECONNECT',
      message: 'Zendesk refused the credentials. Reconnect it in Integrations → CRMs and helpdesks.',
    });
    const list = (await call(bearer(tenant), 'GET', '/api/integrations/crms')).json().data as CrmConnection[];
    expect(list.find((c) => c.provider === 'zendesk')).toMatchObject({ status: 'reconnect' });
    const state = (await call(bearer(tenant), 'GET', crmConversationPath(groupId))).json().data;
    expect(state.zendesk).toEqual({ enabled: false, integrated: false });

    // Reconnected with a new token: connected again.
    zendesk.addAgent('revoked@acme.example', 'zd-new');
    expect((await connectZendesk(tenant, 'revoked@acme.example', 'zd-new')).statusCode).toBe(200);
    expect((await call(bearer(tenant), 'POST', crmTicketPath(groupId))).statusCode).toBe(200);
  });

  it('HubSpot: the contact found by e-mail is updated (else made) and the conversation is a note on it', async () => {
    const tenant = await newTenant(t);
    const portal = hubspot.addPortal('pat-na1-hub');
    const wrong = await call(bearer(tenant), 'PUT', crmPath('hubspot'), {
      provider: 'hubspot',
      accessToken: 'nope',
    });
    expect(wrong.json().code).toBe('CRM_RECONNECT');
    const saved = await call(bearer(tenant), 'PUT', crmPath('hubspot'), {
      provider: 'hubspot',
      accessToken: 'pat-na1-hub',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.body).not.toContain('pat-na1-hub');

    // A contact that exists already (made in HubSpot by hand) is found by e-mail and updated.
    const existing = await conversationWithCustomer(tenant, 'known@shop.example');
    portal.contacts.push({
      id: '900',
      properties: { email: 'known@shop.example', firstname: 'Old' },
      associations: [],
      createdAt: '',
      updatedAt: '',
    });
    const synced = await call(bearer(tenant), 'POST', crmSyncPath(existing.groupId, 'hubspot'));
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().data).toMatchObject({ provider: 'hubspot', kind: 'activity', contactId: '900' });
    expect(portal.contacts).toHaveLength(1);
    expect(portal.contacts[0]?.properties).toMatchObject({
      firstname: 'Asha',
      lastname: 'Rao',
      phone: '+919800000001',
    });
    expect(portal.notes[0]?.associations).toEqual([{ toId: '900', typeId: HUBSPOT_NOTE_TO_CONTACT }]);
    expect(portal.notes[0]?.properties.hs_note_body).toContain('My parcel arrived broken');

    // A new customer: a new contact.
    const fresh = await conversationWithCustomer(tenant);
    const made = await call(bearer(tenant), 'POST', crmSyncPath(fresh.groupId, 'hubspot'));
    expect(made.statusCode, made.body).toBe(200);
    expect(portal.contacts.map((c) => c.properties.email)).toContain(fresh.email);
    expect(
      hubspot.calls.every(
        (c) => c.headers.authorization === 'Bearer pat-na1-hub' || c.headers.authorization === 'Bearer nope',
      ),
    ).toBe(true);
  });

  it('Salesforce: client credentials against the token endpoint, Contact by SOQL on Email, a Task on it', async () => {
    const tenant = await newTenant(t);
    const org = salesforce.addConnectedApp('sf-client', 'sf-secret');
    const wrong = await call(bearer(tenant), 'PUT', crmPath('salesforce'), {
      provider: 'salesforce',
      instanceUrl: salesforce.url,
      clientId: 'sf-client',
      clientSecret: 'wrong',
    });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json().code).toBe('CRM_RECONNECT');
    const saved = await call(bearer(tenant), 'PUT', crmPath('salesforce'), {
      provider: 'salesforce',
      instanceUrl: salesforce.url,
      clientId: 'sf-client',
      clientSecret: 'sf-secret',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ authKind: 'client_credentials', status: 'connected' });
    expect(saved.body).not.toContain('sf-secret');

    const { groupId, email } = await conversationWithCustomer(tenant, "o'brien@shop.example");
    const synced = await call(bearer(tenant), 'POST', crmSyncPath(groupId, 'salesforce'));
    expect(synced.statusCode, synced.body).toBe(200);
    const contact = org.contacts[0]!;
    expect(contact.fields).toMatchObject({ FirstName: 'Asha', LastName: 'Rao', Email: email });
    expect(org.tasks[0]?.fields).toMatchObject({ WhoId: contact.Id, Status: 'Completed' });
    expect(org.tasks[0]?.fields.Description).toContain('My parcel arrived broken');
    // Again: the same contact (found by e-mail, quote escaped), a second task.
    await call(bearer(tenant), 'POST', crmSyncPath(groupId, 'salesforce'));
    expect(org.contacts).toHaveLength(1);
    expect(org.tasks).toHaveLength(2);
    // One token served the check on save and both syncs; when the org ends that session, the next
    // sync signs in again instead of asking the admin to reconnect.
    const issued = salesforce.tokensIssued;
    expect(issued).toBe(1);
    salesforce.expireSessions('sf-client');
    const afterExpiry = await call(bearer(tenant), 'POST', crmSyncPath(groupId, 'salesforce'));
    expect(afterExpiry.statusCode, afterExpiry.body).toBe(200);
    expect(salesforce.tokensIssued).toBe(issued + 1);
    expect(org.tasks).toHaveLength(3);

    // An access token instead, then revoked: reconnect.
    const tokenOrg = salesforce.addOrg('00Dtoken');
    const byToken = await call(bearer(tenant), 'PUT', crmPath('salesforce'), {
      provider: 'salesforce',
      instanceUrl: salesforce.url,
      accessToken: '00Dtoken',
    });
    expect(byToken.json().data.authKind).toBe('token');
    salesforce.revoke('00Dtoken');
    const refused = await call(bearer(tenant), 'POST', crmSyncPath(groupId, 'salesforce'));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('CRM_RECONNECT');
    expect(tokenOrg.contacts).toHaveLength(0);
    const test = await call(bearer(tenant), 'POST', crmTestPath('salesforce'));
    expect(test.json().code).toBe('CRM_RECONNECT');
  });

  it("two applications: each one's CRM sees only its own conversations and settings", async () => {
    const [a, b] = [await newTenant(t), await newTenant(t)];
    const portalA = hubspot.addPortal('pat-a');
    const portalB = hubspot.addPortal('pat-b');
    for (const [tenant, token] of [
      [a, 'pat-a'],
      [b, 'pat-b'],
    ] as const) {
      const res = await call(bearer(tenant), 'PUT', crmPath('hubspot'), {
        provider: 'hubspot',
        accessToken: token,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const convA = await conversationWithCustomer(a, 'a-customer@shop.example');
    // B cannot reach A's conversation, neither to read its links nor to sync it into B's CRM.
    expect((await call(bearer(b), 'POST', crmSyncPath(convA.groupId, 'hubspot'))).statusCode).toBe(404);
    expect((await call(bearer(b), 'GET', crmConversationPath(convA.groupId))).statusCode).toBe(404);
    expect((await call(bearer(a), 'POST', crmSyncPath(convA.groupId, 'hubspot'))).statusCode).toBe(200);
    expect(portalA.contacts.map((c) => c.properties.email)).toEqual(['a-customer@shop.example']);
    expect(portalB.contacts).toHaveLength(0);
    // B's settings are B's: A's list does not change when B disconnects.
    expect((await call(bearer(b), 'DELETE', crmPath('hubspot'))).statusCode).toBe(200);
    const listA = (await call(bearer(a), 'GET', '/api/integrations/crms')).json().data as CrmConnection[];
    expect(listA.find((c) => c.provider === 'hubspot')?.status).toBe('connected');
    // Zendesk not set up in B: the ticket action says so.
    const convB = await conversationWithCustomer(b);
    const none = await call(bearer(b), 'POST', crmTicketPath(convB.groupId));
    expect(none.statusCode).toBe(409);
    expect(none.json().code).toBe('CRM_NOT_CONNECTED');
  });

  it('refuses roles: an agent sees the status and acts on a conversation but cannot change the settings; a customer can do neither', async () => {
    const tenant = await newTenant(t);
    zendesk.addAgent('roles@acme.example', 'zd-roles');
    expect((await connectZendesk(tenant, 'roles@acme.example', 'zd-roles')).statusCode).toBe(200);
    const agent = await signedInMember(t.database, tenant.applicationId, ROLE_TYPE.AGENT);
    const seen = await call(agent.headers, 'GET', '/api/integrations/crms');
    expect(seen.statusCode).toBe(200);
    expect(seen.body).not.toContain('zd-roles');
    expect((await call(agent.headers, 'DELETE', crmPath('zendesk'))).statusCode).toBe(403);
    expect(
      (await call(agent.headers, 'PUT', crmPath('hubspot'), { provider: 'hubspot', accessToken: 'x' }))
        .statusCode,
    ).toBe(403);
    const { groupId } = await conversationWithCustomer(tenant);
    expect((await call(agent.headers, 'POST', crmTicketPath(groupId))).statusCode).toBe(200);
    // A customer's session is not a member's.
    const reg = await t.app.inject({
      method: 'POST',
      url: REGISTRATION_PATHS.registerClient,
      payload: { userId: 'nosy', applicationId: tenant.applicationId, authenticationTypeId: 0 },
    });
    const customer = { authorization: `Bearer ${reg.json().authToken as string}` };
    expect((await call(customer, 'GET', crmConversationPath(groupId))).statusCode).toBe(403);
    expect((await call(customer, 'POST', crmTicketPath(groupId))).statusCode).toBe(403);
  });

  it('syncs resolved conversations through the job queue, retrying while the provider is down; a hung provider is cut off', async () => {
    const tenant = await newTenant(t);
    const portal = hubspot.addPortal('pat-resolve');
    await call(bearer(tenant), 'PUT', crmPath('hubspot'), {
      provider: 'hubspot',
      accessToken: 'pat-resolve',
      syncOnResolve: true,
    });
    const { groupId, email } = await conversationWithCustomer(tenant);
    // The first call hangs past the deadline (1.5 s): the job fails and is tried again.
    hubspot.hangNext(1);
    const admin = await messagingMember(t.database, tenant.applicationId, ROLE_TYPE.ADMIN);
    const resolved = await t.app.inject({
      method: 'PATCH',
      url: `${MESSAGING_PATHS.statusChange}?groupId=${groupId}&status=2`,
      headers: admin.headers,
    });
    expect(resolved.statusCode, resolved.body).toBe(200);
    worker = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: pino({ level: 'silent' }),
      pollMs: 20,
      backoffBaseMs: 5,
      crm: { hubspotApiUrl: hubspot.url, timeoutMs: 1500 },
    });
    await waitFor(
      async () => portal.notes.length,
      (n) => n === 1,
    );
    expect(portal.contacts.map((c) => c.properties.email)).toEqual([email]);
    // The worker records the link after HubSpot answers, so the note can be seen before it.
    const links = await waitFor(
      async () =>
        (await call(bearer(tenant), 'GET', crmConversationPath(groupId))).json().data.links as unknown[],
      (l) => l.length > 0,
    );
    expect(links).toEqual([expect.objectContaining({ provider: 'hubspot', kind: 'activity' })]);
  });

  it('refuses a Zendesk site on a private address unless the operator allows it', async () => {
    const tenant = await newTenant(t);
    const res = await call(bearer(tenant), 'PUT', crmPath('zendesk'), {
      provider: 'zendesk',
      subdomain: 'http://10.1.2.3:8080',
      email: 'x@acme.example',
      apiToken: 'tok',
    });
    expect(res.statusCode, res.body).toBe(502);
    expect(res.json()).toMatchObject({ code: 'CRM_UNAVAILABLE' });
    expect(res.json().message).toContain('private or reserved network');
  });
});
