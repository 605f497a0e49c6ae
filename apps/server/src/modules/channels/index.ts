// The front door of channels (issue 35 opened it): what campaigns use to send through the
// connectors without reaching into the channel pipeline, and the routes, jobs and send-path
// subscribers the composition root (app.ts) wires.
export {
  type CampaignChannelAccount,
  type CampaignChannelDeps,
  type CampaignLookup,
  type CampaignOutbound,
  type CampaignSender,
  type CampaignSendOutcome,
  campaignChannelAccounts,
  campaignSender,
  campaignSendTag,
  campaignWhatsAppTemplates,
  recipientOfTag,
  variablesAcrossTemplate,
} from './campaign-sender.js';
export type { SentQuery } from './connector.js';
export { channelSendHandler } from './delivery.js';
export { startEmailPolling } from './email/poller.js';
export { startSmtpReceiver } from './email/smtp-receiver.js';
export { type ChannelStatuses, channelBus } from './events.js';
export { channelMediaUrl, verifyChannelMediaLink } from './media-link.js';
export { MESSAGING_TYPE_KEY } from './meta-graph/messenger-platform.js';
export { CHANNEL_SEND_QUEUE, enqueueChannelRepliesOfSends, TEMPLATE_METADATA_KEY } from './outbox.js';
export { type ChannelRegistry, channelConnectors } from './registry.js';
export { channelRoutes } from './routes.js';
export { mirrorSendsToSlack, SLACK_MIRROR_QUEUE } from './slack/enqueue.js';
export { SLACK_EVENT_QUEUE, slackEventHandler } from './slack/events.js';
export { slackMirrorHandler } from './slack/mirror.js';
export { type TemplateRef, templateMetadataValue } from './whatsapp/template-ref.js';
