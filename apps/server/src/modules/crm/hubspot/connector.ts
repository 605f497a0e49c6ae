import { z } from 'zod';
import { boundedText, type CrmConnector, type CrmCustomer, escapeHtml } from '../connector.js';
import { type CrmHttp, CrmRejectedError, expectOk } from '../http.js';

// HubSpot CRM v3 (developers.hubspot.com/docs/api/crm/contacts, /notes): a private app's token as
// Bearer. The contact is searched by e-mail first, then updated or made; the conversation is a note
// associated with it (HUBSPOT_DEFINED type 202, note to contact).

const configSchema = z.object({ accessToken: z.string() });
type HubSpotConfig = z.infer<typeof configSchema>;

export interface HubSpotInput {
  accessToken?: string | undefined;
}

const NOTE_TO_CONTACT = 202;
const record = z.object({ id: z.string() });
const search = z.object({ results: z.array(record) });

/** First and last name as HubSpot splits them. */
export function splitName(name: string): { first: string; last: string } {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  if (parts.length <= 1) return { first: parts[0] ?? '', last: '' };
  return { first: parts.slice(0, -1).join(' '), last: parts.at(-1) ?? '' };
}

function contactProperties(c: CrmCustomer): Record<string, string> {
  const { first, last } = splitName(c.name);
  return {
    ...(c.email ? { email: c.email } : {}),
    ...(first ? { firstname: first } : {}),
    ...(last ? { lastname: last } : {}),
    ...(c.phone ? { phone: c.phone } : {}),
  };
}

export function hubspotConnector(apiUrl: string): CrmConnector<HubSpotConfig, HubSpotInput> {
  const headers = (c: HubSpotConfig) => ({ authorization: `Bearer ${c.accessToken}` });
  const call = (http: CrmHttp, c: HubSpotConfig, path: string, method = 'GET', json?: unknown) =>
    http.call(`${apiUrl}${path}`, { method, json, headers: headers(c), provider: 'HubSpot' });

  return {
    provider: 'hubspot',
    configSchema,
    configure(input, previous) {
      const accessToken = input.accessToken ?? previous?.accessToken;
      if (!accessToken) throw new CrmRejectedError('Enter the private app access token.');
      return {
        config: { accessToken },
        account: `HubSpot · token …${accessToken.slice(-4)}`,
        authKind: 'token',
      };
    },
    async test(http, config) {
      expectOk('HubSpot', await call(http, config, '/crm/v3/objects/contacts?limit=1'));
    },
    async logConversation(http, config, c) {
      const customer = c.customer;
      if (!customer?.email) throw new CrmRejectedError('The customer has no e-mail address.');
      const found = search.parse(
        expectOk(
          'HubSpot',
          await call(http, config, '/crm/v3/objects/contacts/search', 'POST', {
            filterGroups: [{ filters: [{ propertyName: 'email', operator: 'EQ', value: customer.email }] }],
            properties: ['email', 'firstname', 'lastname', 'phone'],
            limit: 1,
          }),
        ),
      );
      const properties = contactProperties(customer);
      let contactId = found.results[0]?.id;
      if (contactId) {
        expectOk(
          'HubSpot',
          await call(http, config, `/crm/v3/objects/contacts/${encodeURIComponent(contactId)}`, 'PATCH', {
            properties,
          }),
        );
      } else {
        contactId = record.parse(
          expectOk('HubSpot', await call(http, config, '/crm/v3/objects/contacts', 'POST', { properties })),
        ).id;
      }
      const note = record.parse(
        expectOk(
          'HubSpot',
          await call(http, config, '/crm/v3/objects/notes', 'POST', {
            properties: {
              hs_timestamp: (c.resolvedAt ?? new Date()).toISOString(),
              // A note's body holds 65,536 characters: the plain transcript, escaped, within that.
              hs_note_body: `<p>${escapeHtml(boundedText(c.transcript, 50_000)).replaceAll('\n', '<br>')}</p><p><a href="${escapeHtml(c.link)}">${escapeHtml(c.link)}</a></p>`,
            },
            associations: [
              {
                to: { id: contactId },
                types: [{ associationCategory: 'HUBSPOT_DEFINED', associationTypeId: NOTE_TO_CONTACT }],
              },
            ],
          }),
        ),
      );
      return { externalId: note.id, url: null, contactId };
    },
  };
}
