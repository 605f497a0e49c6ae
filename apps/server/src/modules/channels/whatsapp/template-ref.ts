import {
  type WhatsAppTemplate,
  whatsAppTemplateButtonValueSchema,
  whatsAppTemplateHeaderValueSchema,
} from '@convo/api';
import { templateParameterCount } from '@convo/domain';
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
  /** The body's values, in placeholder order. */
  parameters: z.array(z.string()).default([]),
  header: z.optional(whatsAppTemplateHeaderValueSchema),
  buttons: z.array(whatsAppTemplateButtonValueSchema).default([]),
  /** Every value by its placeholder number across the template, for a provider that numbers so (Twilio). */
  variables: z.record(z.string(), z.string()).optional(),
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

/**
 * A template's components as Meta lists them (the Cloud API, 360dialog and Gallabox alike):
 * `{ type: 'HEADER', format, text? }`, `{ type: 'BODY', text }`, `{ type: 'BUTTONS', buttons:
 * [{ type, text, url? }] }`, footer and others ignored.
 */
export const metaTemplateComponentsSchema = z
  .array(
    z.object({
      type: z.string(),
      format: z.string().optional(),
      text: z.string().optional(),
      buttons: z
        .array(z.object({ type: z.string(), text: z.string().default(''), url: z.string().optional() }))
        .optional(),
    }),
  )
  .default([]);

/** The body, header and buttons of a template listed in Meta's components. */
export function templateComponents(
  components: z.infer<typeof metaTemplateComponentsSchema>,
): Pick<WhatsAppTemplate, 'body' | 'parameterCount' | 'header' | 'buttons'> {
  const of = (type: string) => components.find((c) => c.type.toUpperCase() === type);
  const body = of('BODY')?.text ?? '';
  const header = of('HEADER');
  const buttons = of('BUTTONS')?.buttons ?? [];
  return {
    body,
    parameterCount: templateParameterCount(body),
    // Only when there are some: a body-only template lists as it always has.
    ...(header
      ? {
          header: {
            format: (header.format ?? 'TEXT').toUpperCase(),
            ...(header.text !== undefined ? { text: header.text } : {}),
          },
        }
      : {}),
    ...(buttons.length > 0
      ? {
          buttons: buttons.map((b) => ({
            type: b.type.toUpperCase(),
            text: b.text,
            ...(b.url !== undefined ? { url: b.url } : {}),
          })),
        }
      : {}),
  };
}

export interface TemplateSource<Config> {
  /** The account's message templates, as the provider lists them. */
  listTemplates(config: Config): Promise<WhatsAppTemplate[]>;
  /**
   * True when the provider numbers placeholders across the whole template (header, body and
   * buttons share {{1}}, {{2}}…), so a template reply also carries `variables`.
   */
  readonly variablesAcrossTemplate?: boolean;
}

/** Whether a connector lists (and so sends) message templates. */
export function hasTemplates(
  connector: AnyChannelConnector,
): connector is AnyChannelConnector & TemplateSource<unknown> {
  return typeof (connector as Partial<TemplateSource<unknown>>).listTemplates === 'function';
}
