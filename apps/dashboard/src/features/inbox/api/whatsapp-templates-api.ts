import {
  WHATSAPP_TEMPLATE_PATHS,
  type WhatsAppIntegrationType,
  type WhatsAppTemplate,
  type WhatsAppTemplateSendRequest,
  whatsAppTemplateListResponseSchema,
  whatsAppTemplateParamsSchema,
  whatsAppTemplateSendResponseSchema,
  whatsAppTemplatesPath,
} from '@convo/api';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../app/api/api-client';

// The WhatsApp templates an agent sends when the 24-hour window is closed: the connected
// provider's list (the conversation's channel says which) and the template send.

/** The conversation's WhatsApp provider, or null for any other channel. */
export function whatsAppTypeOf(channel: string | undefined): WhatsAppIntegrationType | null {
  const parsed = whatsAppTemplateParamsSchema.shape.type.safeParse(channel);
  return parsed.success ? parsed.data : null;
}

export function useWhatsAppTemplates(type: WhatsAppIntegrationType | null) {
  return useQuery({
    queryKey: ['whatsapp-templates', type],
    enabled: type !== null,
    // Templates change rarely (Meta reviews them); a minute keeps switching conversations cheap.
    staleTime: 60_000,
    queryFn: async ({ signal }): Promise<WhatsAppTemplate[]> =>
      type === null
        ? []
        : (
            await apiRequest(whatsAppTemplatesPath(type), {
              schema: whatsAppTemplateListResponseSchema,
              signal,
            })
          ).data,
  });
}

export async function sendWhatsAppTemplate(body: WhatsAppTemplateSendRequest) {
  return (
    await apiRequest(WHATSAPP_TEMPLATE_PATHS.send, { body, schema: whatsAppTemplateSendResponseSchema })
  ).data;
}
