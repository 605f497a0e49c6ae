import type { WhatsAppTemplate } from '@convo/api';
import type { ChannelServiceDeps } from '../service.js';
import { integrationNotFound, listTemplatesOf } from '../service.js';
import type { WhatsAppCloudConnector } from './connector.js';

/** The connected WhatsApp account's message templates, as Meta lists them. */
export async function listWhatsAppTemplates(
  deps: ChannelServiceDeps,
  applicationId: string,
): Promise<WhatsAppTemplate[]> {
  const connector = deps.connectors.get('whatsapp-cloud-api') as WhatsAppCloudConnector | undefined;
  if (!connector) throw integrationNotFound('whatsapp-cloud-api');
  return listTemplatesOf(deps, applicationId, 'whatsapp-cloud-api', (config) =>
    connector.listTemplates(connector.configSchema.parse(config)),
  );
}
