// The front door of campaigns (issue 35): the routes and the worker's job, wired by app.ts. Nothing
// else imports this module; it reaches the channel connectors through channels/index.ts.

export { consentOfStoredMessages } from './consent.js';
export { receiptsOfChannelStatuses } from './receipts.js';
export { routeCampaignReplies } from './reply-routing.js';
export { campaignRoutes } from './routes.js';
export { type CampaignSendDeps, campaignSendHandler } from './send-job.js';
export { CAMPAIGN_SEND_QUEUE } from './service.js';
