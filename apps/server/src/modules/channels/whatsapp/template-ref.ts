import type { WhatsAppTemplate } from '@convo/api';
import { z } from 'zod';
import type { AnyChannelConnector, OutboundMessage } from '../connector.js';
import { TEMPLATE_METADATA_KEY } from '../outbox.js';

// What every WhatsApp connector shares about templates: a template reply names its template in
// the message's metadata (the template send stores it there); a connector that can list its
// provider's templates says so with `listTemplates`.

export const templateRefSchema = z.object({
  /** The provider's id when it sends by id (Twilio's Content SID). */
  id: z.string().optional(),
  name: z.string(),
  language: z.string(),
  parameters: z.array(z.string()).default([]),
});
export type TemplateRef = z.infer<typeof templateRefSchema>;

/** The metadata value that names a template (message metadata values are scalars: its JSON). */
export const templateMetadataValue = (ref: TemplateRef): string => JSON.stringify(ref);

/** The template a reply goes out as, or null for free text. */
export function templateOf(outbound: Pick<OutboundMessage, 'metadata'>): TemplateRef | null {
  const raw = outbound.metadata?.[TEMPLATE_METADATA_KEY];
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  const parsed = templateRefSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

export interface TemplateSource<Config> {
  /** The account's message templates, as the provider lists them. */
  listTemplates(config: Config): Promise<WhatsAppTemplate[]>;
}

/** Whether a connector lists (and so sends) message templates. */
export function hasTemplates(
  connector: AnyChannelConnector,
): connector is AnyChannelConnector & TemplateSource<unknown> {
  return typeof (connector as Partial<TemplateSource<unknown>>).listTemplates === 'function';
}
