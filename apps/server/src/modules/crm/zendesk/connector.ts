import { z } from 'zod';
import { boundedText, type CrmConnector } from '../connector.js';
import { type CrmHttp, CrmRejectedError, expectOk } from '../http.js';

// Zendesk Support (developer.zendesk.com/api-reference/ticketing/tickets/tickets): API token auth
// `{email}/token:{token}` in basic auth, `POST /api/v2/tickets.json` with the transcript as the
// first (private) comment and the customer as requester. The agent's link is `/agent/tickets/{id}`.

const configSchema = z.object({
  /** https://acme.zendesk.com, or the address the admin gave (a proxy, a local server). */
  baseUrl: z.string(),
  email: z.string(),
  apiToken: z.string(),
});
type ZendeskConfig = z.infer<typeof configSchema>;

export interface ZendeskInput {
  subdomain: string;
  email: string;
  apiToken?: string | undefined;
}

/** `acme` → https://acme.zendesk.com; a full address is kept (without a trailing slash). */
export function zendeskBaseUrl(site: string): string {
  const value = site.trim();
  if (/^https?:\/\//i.test(value)) return new URL(value).origin;
  return `https://${value.toLowerCase()}.zendesk.com`;
}

const auth = (c: ZendeskConfig) => ({
  authorization: `Basic ${Buffer.from(`${c.email}/token:${c.apiToken}`).toString('base64')}`,
});

const ticketAnswer = z.object({ ticket: z.object({ id: z.number() }) });

export const zendeskConnector: CrmConnector<ZendeskConfig, ZendeskInput> = {
  provider: 'zendesk',
  configSchema,
  configure(input, previous) {
    const apiToken = input.apiToken ?? previous?.apiToken;
    if (!apiToken) throw new CrmRejectedError('Enter the API token.');
    const baseUrl = zendeskBaseUrl(input.subdomain);
    return {
      config: { baseUrl, email: input.email.trim(), apiToken },
      account: `${input.email.trim()} · ${new URL(baseUrl).host}`,
      authKind: 'token',
    };
  },
  async test(http: CrmHttp, config) {
    expectOk(
      'Zendesk',
      await http.call(`${config.baseUrl}/api/v2/users/me.json`, {
        headers: auth(config),
        provider: 'Zendesk',
      }),
    );
  },
  async createTicket(http, config, c) {
    const requester =
      c.customer?.email != null
        ? { requester: { name: c.customer.name || c.customer.email, email: c.customer.email } }
        : {};
    const answer = await http.call(`${config.baseUrl}/api/v2/tickets.json`, {
      method: 'POST',
      headers: auth(config),
      provider: 'Zendesk',
      json: {
        ticket: {
          subject: c.subject.slice(0, 250),
          // Zendesk refuses comments over 64 KB.
          comment: { body: `${boundedText(c.transcript, 60_000)}\n${c.link}`, public: false },
          ...requester,
          external_id: `convo-${c.id}`,
          tags: ['convo'],
        },
      },
    });
    const parsed = ticketAnswer.safeParse(expectOk('Zendesk', answer));
    if (!parsed.success) throw new CrmRejectedError('Zendesk answered without a ticket.');
    const id = String(parsed.data.ticket.id);
    return { externalId: id, url: `${config.baseUrl}/agent/tickets/${id}`, contactId: null };
  },
};
