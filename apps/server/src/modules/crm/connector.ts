import type { CrmProvider } from '@convo/api';
import type { z } from 'zod';
import type { CrmHttp } from './http.js';

// The one interface every CRM and helpdesk implements (issue 38 item 3), as the channels' connectors
// do for messaging: the service does what is the same for all (sealing, status, links, the queue),
// a connector only speaks its provider's REST format.

/** The customer of a conversation as a CRM records them. */
export interface CrmCustomer {
  userId: string;
  name: string;
  email: string | null;
  phone: string | null;
}

/** A conversation as it goes to a provider: its transcript and who it was with. */
export interface CrmConversation {
  id: number;
  name: string;
  /** The conversation in the dashboard, for whoever reads the ticket or the activity. */
  link: string;
  subject: string;
  transcript: string;
  customer: CrmCustomer | null;
  resolvedAt: Date | null;
  createdAt: Date;
}

/** What the provider made: its id and where a person opens it. */
export interface CrmRecord {
  externalId: string;
  url: string | null;
  contactId: string | null;
}

export interface Connected<Config> {
  config: Config;
  /** What the admin recognises the account by (never a secret). */
  account: string;
  authKind: 'token' | 'client_credentials' | null;
}

export interface CrmConnector<Config, Input> {
  readonly provider: CrmProvider;
  /** The sealed settings, checked again when they are read back. */
  readonly configSchema: z.ZodType<Config>;
  /** The settings from the page (the previous ones: a secret left empty keeps the stored one). */
  configure(input: Input, previous: Config | null): Connected<Config>;
  /** Signs in and reads something harmless: a refusal throws CrmAuthError. */
  test(http: CrmHttp, config: Config): Promise<void>;
  /** Zendesk: a ticket with the transcript. */
  createTicket?(http: CrmHttp, config: Config, conversation: CrmConversation): Promise<CrmRecord>;
  /** HubSpot, Salesforce: the contact found by e-mail (made or updated), the conversation logged on it. */
  logConversation?(http: CrmHttp, config: Config, conversation: CrmConversation): Promise<CrmRecord>;
}

// biome-ignore lint/suspicious/noExplicitAny: a registry holds connectors of every config type.
export type AnyCrmConnector = CrmConnector<any, any>;

/**
 * A transcript within a provider's field limit: the heading and the latest messages, with the
 * number of characters left out (a long chat's end is what the ticket or the activity needs).
 */
export function boundedText(text: string, max: number): string {
  if (text.length <= max) return text;
  const firstBreak = text.indexOf('\n');
  const heading = firstBreak > 0 && firstBreak < 300 ? text.slice(0, firstBreak) : '';
  const note = `\n[… ${text.length - max} earlier characters left out …]\n`;
  const tail = text.slice(text.length - (max - heading.length - note.length));
  return `${heading}${note}${tail}`;
}

export const escapeHtml = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
