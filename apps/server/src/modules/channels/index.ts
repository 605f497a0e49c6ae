// The front door of channels for other modules (issue 35 opened it): what campaigns use to send
// through the connectors without reaching into the channel pipeline. The composition root
// (app.ts) still wires the channel routes and jobs from their own files (issue 33 baseline).
export {
  type CampaignChannelAccount,
  type CampaignChannelDeps,
  type CampaignLookup,
  type CampaignOutbound,
  type CampaignSender,
  type CampaignSendOutcome,
  campaignChannelAccounts,
  campaignSender,
  campaignWhatsAppTemplates,
  variablesAcrossTemplate,
} from './campaign-sender.js';
export type { SentQuery } from './connector.js';
export { type ChannelStatuses, channelBus } from './events.js';
export { MESSAGING_TYPE_KEY } from './meta-graph/messenger-platform.js';
export { TEMPLATE_METADATA_KEY } from './outbox.js';
export { type ChannelRegistry, channelConnectors } from './registry.js';
export { type TemplateRef, templateMetadataValue } from './whatsapp/template-ref.js';
