import { type BotPlatform, isBotLanguage } from '@convo/domain';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createHttpApp, registerDashboard } from './http/app.js';
import { type LimitStore, memoryLimitStore } from './http/limit-store.js';
import { PUBLIC_ROUTE, type RouteContext } from './http/route-context.js';
import { markGuard } from './http/security-route-table.js';
import { applicationRoutes } from './modules/accounts/applications-routes.js';
import {
  adminChecker,
  authenticator,
  type LiveSession,
  privilegeChecker,
} from './modules/accounts/guards.js';
import { actingAs, findApplication, firstApplicationId } from './modules/accounts/index.js';
import { accountRoutes, emailChangeRoutes, mobileSignInRoutes } from './modules/accounts/routes.js';
import { openSessionCache } from './modules/accounts/session-cache.js';
import { DIGEST_QUEUE, digestJobHandler, planWeeklyDigest } from './modules/analytics/digest-job.js';
import { reportJobHandler } from './modules/analytics/report-job.js';
import { analyticsRoutes } from './modules/analytics/routes.js';
import { REPORT_QUEUE } from './modules/analytics/service.js';
import { answerBotRoutes } from './modules/answer-bot/routes.js';
import { appModuleRoutes } from './modules/app-modules/routes.js';
import { attachmentRoutes } from './modules/attachments/routes.js';
import { withAccountState } from './modules/billing/account-gate.js';
import { createEntitlements } from './modules/billing/entitlements.js';
import { meterStoredMessages } from './modules/billing/index.js';
import { manualProvider, type PaymentProvider } from './modules/billing/provider.js';
import { createStripeProvider } from './modules/billing/providers/stripe/stripe-provider.js';
import { findSubscription } from './modules/billing/repository.js';
import { billingRoutes } from './modules/billing/routes.js';
import { usageMeterOf } from './modules/billing/usage-meter.js';
import { botBuilderRoutes } from './modules/bots/builder/routes.js';
import { botEmulatorRoutes } from './modules/bots/emulator/routes.js';
import type { BotEngine, BotRuntimeConfig, BotTools } from './modules/bots/engine.js';
import { createKomposeEngine, savedSnapshots } from './modules/bots/engines/kompose/engine.js';
import { KOMPOSE_TRAIN_QUEUE } from './modules/bots/engines/kompose/queue.js';
import { komposeTrainingHandler } from './modules/bots/engines/kompose/training.js';
import { llmEngines } from './modules/bots/engines/registry.js';
import { configuredEmbedder, createSmartReplyEngine, type Embedder } from './modules/bots/index.js';
import { KNOWLEDGE_INDEX_QUEUE, knowledgeIndexHandler } from './modules/bots/knowledge/indexing.js';
import { searchKnowledge } from './modules/bots/knowledge/retrieval.js';
import { knowledgeRoutes } from './modules/bots/knowledge/routes.js';
import { botRoutes } from './modules/bots/routes.js';
import { BOT_REPLY_QUEUE } from './modules/bots/runtime/enqueue.js';
import { createLlmCapGuard } from './modules/bots/runtime/llm-caps.js';
// Deep on purpose: bots' front door re-exporting it would close a file circle through conversations (issue 33 baseline).
import { botsOnStoredMessages } from './modules/bots/runtime/on-messages-stored.js';
import { type BotRuntimeDeps, botReplyHandler } from './modules/bots/runtime/reply-job.js';
import { botRuntimeRoutes } from './modules/bots/runtime/routes.js';
import { botSettingsRoutes } from './modules/bots/settings/routes.js';
import {
  CAMPAIGN_SEND_QUEUE,
  campaignRoutes,
  campaignSendHandler,
  consentOfStoredMessages,
  receiptsOfChannelStatuses,
  routeCampaignReplies,
} from './modules/campaigns/index.js';
import { channelSendHandler } from './modules/channels/delivery.js';
import { startEmailPolling } from './modules/channels/email/poller.js';
import { startSmtpReceiver } from './modules/channels/email/smtp-receiver.js';
import { channelBus } from './modules/channels/index.js';
import { CHANNEL_SEND_QUEUE, enqueueChannelRepliesOfSends } from './modules/channels/outbox.js';
import { channelConnectors } from './modules/channels/registry.js';
import { channelRoutes } from './modules/channels/routes.js';
import { mirrorSendsToSlack, SLACK_MIRROR_QUEUE } from './modules/channels/slack/enqueue.js';
import { SLACK_EVENT_QUEUE, slackEventHandler } from './modules/channels/slack/events.js';
import { slackMirrorHandler } from './modules/channels/slack/mirror.js';
import { companyRoutes } from './modules/company/routes.js';
import { conversationSearchRoutes } from './modules/conversation-search/routes.js';
import { conversationSettingsRoutes } from './modules/conversation-settings/routes.js';
import { conversationTimelineRoutes } from './modules/conversation-timeline/routes.js';
import { startAutoResolve } from './modules/conversations/auto-resolve-worker.js';
import { conversationBus } from './modules/conversations/index.js';
import { conversationRoutes } from './modules/conversations/routes.js';
import { customerAttributeRoutes } from './modules/customer-attributes/routes.js';
import { customerRoutes } from './modules/customers/routes.js';
import { devMailboxRoutes } from './modules/dev-mailbox/routes.js';
import { documentPreviewRoutes } from './modules/document-preview/routes.js';
import { EMAIL_FALLBACK_QUEUE, enqueueEmailFallbacksOfSends } from './modules/email-fallback/enqueue.js';
import { emailFallbackHandler } from './modules/email-fallback/fallback-job.js';
import { emailFallbackRoutes } from './modules/email-fallback/routes.js';
import { emailNotificationRoutes } from './modules/email-notifications/routes.js';
import { configureMailLinks, mailAssignedAgent } from './modules/email-notifications/service.js';
import { ERROR_REPORT_FORWARD_QUEUE, forwardHandler } from './modules/error-reports/forward.js';
import { errorReportRoutes } from './modules/error-reports/routes.js';
import { googleSignInRoutes } from './modules/google-sign-in/routes.js';
import { publicSiteRoutes } from './modules/help-center/public-site/routes.js';
import {
  createDomainMap,
  createSiteCache,
  rewriteForDomain,
} from './modules/help-center/public-site/site-cache.js';
import { helpCenterRoutes } from './modules/help-center/routes.js';
import { invitationRoutes } from './modules/invitations/routes.js';
import { mailPreferenceRoutes } from './modules/mail-preferences/routes.js';
import { messageLogRoutes } from './modules/message-logs/routes.js';
import { messageBus } from './modules/messages/index.js';
import { messageRoutes } from './modules/messages/routes.js';
import { recordReceipt } from './modules/messages/service.js';
import { messagingAdminRoutes } from './modules/messaging-admin/routes.js';
import { messagingUserRoutes } from './modules/messaging-users/routes.js';
import { notesRoutes } from './modules/notes/routes.js';
import { notificationPreferenceRoutes } from './modules/notification-preferences/routes.js';
import { createOnboardingRecorder } from './modules/onboarding/recorder.js';
import { onboardingRoutes } from './modules/onboarding/routes.js';
import { recordStepsOfEvents, recordStepsOfRoutes } from './modules/onboarding/step-sources.js';
import { profileRoutes } from './modules/profile/routes.js';
import { pushNotificationRoutes } from './modules/push-notifications/routes.js';
import { quickReplyRoutes } from './modules/quick-replies/routes.js';
import { createHub, sessionRevoker } from './modules/realtime/hub.js';
import { createRealtime } from './modules/realtime/realtime.js';
import { registrationRoutes } from './modules/registration/routes.js';
import { replySuggestionRoutes } from './modules/reply-suggestions/index.js';
import { rolesPermissionsRoutes } from './modules/roles-permissions/routes.js';
import { customRoutingRoutes } from './modules/routing/routes.js';
import { ssoRoutes } from './modules/sso/routes.js';
import { statsRoutes } from './modules/stats/routes.js';
import { supportTicketRoutes } from './modules/support-tickets/index.js';
import { systemRoutes } from './modules/system/routes.js';
import { tagRoutes } from './modules/tags/routes.js';
import { listMembers } from './modules/team-members/index.js';
import { teamMemberRoutes } from './modules/team-members/routes.js';
import { teamRoutes } from './modules/teams/routes.js';
import { transcriptRoutes } from './modules/transcripts/routes.js';
import { transcriptOnResolveHandler } from './modules/transcripts/transcript-on-resolve.js';
import {
  TRANSCRIPT_ON_RESOLVE_QUEUE,
  transcriptOnResolved,
} from './modules/transcripts/transcript-on-resolve-queue.js';
import { twoFactorRoutes } from './modules/two-factor/routes.js';
import { webhookDeliveryHandler } from './modules/webhooks/delivery.js';
import { enqueueWebhooksOfSends, WEBHOOK_QUEUE } from './modules/webhooks/enqueue.js';
import { webhookRoutes } from './modules/webhooks/routes.js';
import { kommunicateWidgetRoutes, registerPlatformCors, widgetRoutes } from './modules/widget/routes.js';
import { registerVisitorView, visitorViewFactory } from './modules/widget/visitor-view.js';
import { widgetSettingsRoutes } from './modules/widget-settings/routes.js';
import type { AppConfig } from './platform/config.js';
import type { Database, Db } from './platform/db/database.js';
import { JobWorker, type WorkerLog } from './platform/jobs/job-queue.js';
import { listenForJobWakes } from './platform/jobs/job-wake.js';
import type { Mailer } from './platform/mail/mailer.js';
import { startQueuedMailWorker } from './platform/mail/queued-mail-worker.js';
import { configureOutbound } from './platform/outbound/index.js';
import { createMemoryPubSub, type PubSub } from './platform/pubsub/pubsub.js';
import { createStorage, type FileStorage } from './platform/storage/storage.js';

// The composition root: the one place that knows every module. It decides which routes, workers
// and job handlers exist for which server role (`--roles=web,realtime,worker`); `http/` is the
// plumbing they are registered on and imports no module, and no module imports this file.
// A new module, bot engine or channel connector is wired here (see docs/architecture.md).

export interface AppDeps {
  config: AppConfig;
  database: Database;
  mailer: Mailer;
  logger: Logger;
  /** Shared rate-limit counters across nodes when Redis is configured. */
  redis?: Redis | undefined;
  /** Fan-out of real-time events between nodes; in-process when not given. */
  pubsub?: PubSub | undefined;
  /** Uploaded files; built from the configuration when not given. */
  storage?: FileStorage | undefined;
}

/**
 * Who reacts to what (docs/architecture.md, "Events"): each subscriber runs inside the emitter's
 * transaction, in this order, and enqueues its own job there. Subscribing is by name, so building
 * several apps and workers in one process (tests, `--roles=web,worker`) never doubles a job.
 */
export function subscribeToEvents(): void {
  messageBus.subscribe('messages.stored', 'billing.usage', meterStoredMessages);
  messageBus.subscribe('messages.stored', 'webhooks.message-received', enqueueWebhooksOfSends);
  messageBus.subscribe('messages.stored', 'channels.replies', enqueueChannelRepliesOfSends);
  messageBus.subscribe('messages.stored', 'channels.slack-mirror', mirrorSendsToSlack);
  messageBus.subscribe('messages.stored', 'email-fallback.checks', enqueueEmailFallbacksOfSends);
  messageBus.subscribe('messages.stored', 'campaigns.consent', consentOfStoredMessages);
  // Before the bots: a reply that goes to the campaign's member takes the conversation from its bot.
  messageBus.subscribe('messages.stored', 'campaigns.replies', routeCampaignReplies);
  // Last: a person's reply takes the conversation over from its bot (the send answers with that).
  messageBus.subscribe('messages.stored', 'bots.replies', botsOnStoredMessages);
  conversationBus.subscribe('conversation.assigned', 'email-notifications.assigned-to-me', mailAssignedAgent);
  conversationBus.subscribe('conversation.resolved', 'transcripts.on-resolve', transcriptOnResolved);
  channelBus.subscribe('channel.statuses', 'campaigns.receipts', receiptsOfChannelStatuses);
}

/** What a bot may look up while it answers: its own knowledge sources, nothing else. */
function botTools(db: Db, embedder: Embedder | null): (bot: BotRuntimeConfig) => BotTools {
  return (bot) => ({
    searchKnowledge: (query, limit, language) =>
      searchKnowledge(db, bot.applicationId, bot.id, query, limit, {
        language: language ?? (isBotLanguage(bot.defaultLanguage) ? bot.defaultLanguage : 'en'),
        embedder,
      }),
  });
}

/**
 * The engines this server runs: kompose and smartreply (offline) and the LLM engines (provider base
 * URLs from config).
 */
export function botEngines(config: AppConfig, db: Db): ReadonlyMap<BotPlatform, BotEngine> {
  return new Map<BotPlatform, BotEngine>([
    ['kompose', createKomposeEngine({ snapshot: savedSnapshots(db) })],
    ['smartreply', createSmartReplyEngine({ db })],
    ...llmEngines(config),
  ]);
}

/** Bots answering in conversations, as the worker role runs them in the product (`main.ts`). */
export function productBots(config: AppConfig, db: Db, limits?: LimitStore): NonNullable<WorkerDeps['bots']> {
  // The LLM spend ceilings count on the web role's store (Redis when configured): every worker
  // process counts together. The plan's ceilings come from billing when it is on.
  const entitlements = createEntitlements(db, config.billingProvider, { ttlMs: config.billingCacheMs });
  return {
    appSecret: config.appSecret,
    engines: botEngines(config, db),
    toolsFor: botTools(db, configuredEmbedder(config.knowledgeEmbeddings)),
    llmCaps: createLlmCapGuard({
      limits: limits ?? memoryLimitStore(),
      planCaps: async (applicationId) => (await entitlements.of(applicationId)).llmCalls,
    }),
  };
}

/** The billing provider BILLING_PROVIDER names (none: the operator plan). */
function paymentProvider(config: AppConfig, db: Db): PaymentProvider | null {
  if (config.billingProvider === 'manual') return manualProvider;
  if (config.billingProvider === 'stripe' && config.stripe) {
    return createStripeProvider(
      config.stripe,
      async (applicationId) => (await findSubscription(db, applicationId))?.externalCustomerId ?? null,
    );
  }
  return null;
}

/** Builds the whole HTTP application; `listen` is the caller's business (tests use `inject`). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  subscribeToEvents();
  // Notification mails carry a signed /unsubscribe link (SPEC §2 /subscribe, /unsubscribe).
  configureMailLinks({ publicUrl: deps.config.publicUrl, secret: deps.config.appSecret });
  // What tenants' URLs and mail hosts may reach inside the network (OUTBOUND_ALLOW; none by default).
  configureOutbound(deps.config.outboundAllow);
  // What an end user may read about the team, applied before payload encryption (issue 23).
  const visitorViews = visitorViewFactory(deps.database.db, deps.config.appSecret);
  // Help centers' custom domains are served at their `/` (issue 16): known before routing.
  const helpCenterDomains = createDomainMap(deps.database.db);
  await helpCenterDomains.refresh();
  helpCenterDomains.start();
  const { app, routeTable } = await createHttpApp({
    ...deps,
    beforeEncryption: (http) => registerVisitorView(http, visitorViews),
    rewriteUrl: (req) => rewriteForDomain(helpCenterDomains, req),
  });

  const pubsub = deps.pubsub ?? createMemoryPubSub();
  const realtime = createRealtime(pubsub, deps.logger);
  const sessionCache =
    deps.config.sessionCacheMs > 0 ? openSessionCache<LiveSession>(deps.config.sessionCacheMs) : null;
  const sessions = sessionCache?.cache;
  // Billing (issue 19): no BILLING_PROVIDER, no gates: the operator plan opens everything.
  const entitlements = createEntitlements(deps.database.db, deps.config.billingProvider, {
    ttlMs: deps.config.billingCacheMs,
  });
  // The usage counters' pending deltas (usage-meter.ts) are written on close, before the database is.
  const usageMeter = usageMeterOf(deps.database.db, {
    onError: (err) => app.log.warn({ err }, 'usage counters not written; retrying'),
  });
  const ctx: RouteContext = {
    config: deps.config,
    database: deps.database,
    mailer: deps.mailer,
    realtime,
    accounts: {
      db: deps.database.db,
      mailer: deps.mailer,
      config: deps.config,
      log: deps.logger,
      entitlements,
    },
    // SPEC §4 on the API: members of a blocked account (trial expired, suspended…) are refused.
    authenticate: markGuard(
      withAccountState(authenticator(deps.database.db, { membersOnly: true, sessions }), entitlements),
      'member',
    ),
    authenticateMessaging: markGuard(
      withAccountState(authenticator(deps.database.db, { membersOnly: false, sessions }), entitlements),
      'messaging',
    ),
    requirePrivilege: privilegeChecker(deps.database.db),
    requireAdmin: adminChecker(),
    actAs: (caller, userId) => actingAs(deps.database.db, caller, userId),
    billing: entitlements,
  };

  // The setup guide's steps are recorded by the actions themselves, seen from here (issue 20).
  const onboarding = createOnboardingRecorder(deps.database.db, app.log);
  recordStepsOfRoutes(app, onboarding);
  await recordStepsOfEvents(pubsub, onboarding);

  // CORS of the messaging family and the Kommunicate widget's paths (the application's allowed
  // domains), global, before the routes; its preflight route is public by nature.
  await routeTable.asPublic(() =>
    registerPlatformCors(app, { db: deps.database.db, publicUrl: deps.config.publicUrl }),
  );

  // Every role serves the HTTP API (a node's health and API docs included).
  await app.register(systemRoutes(ctx));
  await app.register(accountRoutes(ctx));
  await app.register(emailChangeRoutes(ctx));
  await app.register(mobileSignInRoutes(ctx));
  await app.register(applicationRoutes(ctx));
  await app.register(googleSignInRoutes(ctx));
  await app.register(devMailboxRoutes(ctx));
  await app.register(registrationRoutes(ctx));
  await app.register(conversationRoutes(ctx));
  await app.register(messageRoutes(ctx));
  await app.register(notesRoutes(ctx));
  await app.register(teamRoutes(ctx));
  await app.register(messagingUserRoutes(ctx));
  await app.register(customRoutingRoutes(ctx));
  await app.register(appModuleRoutes(ctx));
  await app.register(messagingAdminRoutes(ctx));
  await app.register(statsRoutes(ctx));
  await app.register(conversationTimelineRoutes(ctx));
  await app.register(conversationSearchRoutes(ctx));
  await app.register(messageLogRoutes(ctx));
  const storage = deps.storage ?? createStorage(deps.config.storage);
  await app.register(attachmentRoutes(ctx, storage));
  await app.register(documentPreviewRoutes(ctx));
  const helpCenterSites = createSiteCache(deps.database.db);
  await app.register(helpCenterRoutes(ctx, { storage, sites: helpCenterSites, domains: helpCenterDomains }));
  await app.register(
    publicSiteRoutes({
      db: deps.database.db,
      storage,
      publicUrl: deps.config.publicUrl,
      sites: helpCenterSites,
    }),
  );

  await app.register(answerBotRoutes(ctx));

  await app.register(transcriptRoutes(ctx));
  await app.register(webhookRoutes(ctx));
  await app.register(analyticsRoutes(ctx));
  await app.register(teamMemberRoutes(ctx, sessionRevoker(pubsub, app.log)));
  await app.register(invitationRoutes(ctx));
  await app.register(rolesPermissionsRoutes(ctx));
  await app.register(profileRoutes(ctx));
  await app.register(companyRoutes(ctx));
  await app.register(customerRoutes(ctx));
  await app.register(twoFactorRoutes(ctx));
  await app.register(ssoRoutes(ctx));
  await app.register(tagRoutes(ctx));
  await app.register(quickReplyRoutes(ctx));
  await app.register(
    replySuggestionRoutes(ctx, {
      tools: botTools(deps.database.db, configuredEmbedder(deps.config.knowledgeEmbeddings)),
    }),
  );
  await app.register(conversationSettingsRoutes(ctx));
  await app.register(notificationPreferenceRoutes(ctx));
  await app.register(customerAttributeRoutes(ctx));
  await app.register(emailNotificationRoutes(ctx));
  await app.register(emailFallbackRoutes(ctx));
  await app.register(mailPreferenceRoutes(ctx));
  await app.register(pushNotificationRoutes(ctx));
  await app.register(widgetRoutes(ctx, { dist: ctx.config.widgetDist }));
  await app.register(kommunicateWidgetRoutes(ctx));
  await app.register(widgetSettingsRoutes(ctx));
  await app.register(botRoutes(ctx, storage));

  await app.register(botBuilderRoutes(ctx));
  await app.register(botSettingsRoutes(ctx));
  await app.register(
    botEmulatorRoutes(ctx, {
      db: deps.database.db,
      appSecret: deps.config.appSecret,
      tools: botTools(deps.database.db, configuredEmbedder(deps.config.knowledgeEmbeddings)),
      snapshots: savedSnapshots(deps.database.db),
      engines: {
        ...Object.fromEntries(llmEngines(deps.config)),
        smartreply: createSmartReplyEngine({ db: deps.database.db }),
      },
    }),
  );

  await app.register(knowledgeRoutes(ctx, storage));
  const connectors = channelConnectors(deps.config.channelApiUrls, deps.database.db, {
    inboundMail: deps.config.smtpReceiver !== null,
  });
  await app.register(channelRoutes(ctx, { storage, connectors }));
  await app.register(campaignRoutes(ctx, { connectors }));

  await app.register(botRuntimeRoutes(ctx));
  await app.register(onboardingRoutes(ctx));
  if (deps.config.errorReporting) await app.register(errorReportRoutes(ctx));
  await app.register(
    supportTicketRoutes(ctx, {
      configuredApplicationId: deps.config.supportAppId,
      applicationExists: async (id) => (await findApplication(deps.database.db, id)) !== undefined,
      firstApplicationId: () => firstApplicationId(deps.database.db),
      members: (applicationId) => listMembers(deps.database.db, applicationId),
    }),
  );
  await app.register(billingRoutes(ctx, paymentProvider(deps.config, deps.database.db)));

  // Real-time: one socket per tab; the first frame authenticates (browsers cannot set headers).
  const hub = await createHub(
    deps.database.db,
    pubsub,
    realtime,
    app.log,
    (caller, kind, groupId, messageId) =>
      recordReceipt({ db: deps.database.db, realtime }, caller, kind, groupId, messageId),
    visitorViews,
  );
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  // Public at the HTTP level: the socket's first frame carries the token.
  app.get('/ws', { websocket: true, schema: { hide: true }, config: PUBLIC_ROUTE }, (socket, req) =>
    hub.accept(socket, req.raw.socket),
  );
  const mailInbound = {
    db: deps.database.db,
    realtime,
    storage,
    connectors,
    appSecret: deps.config.appSecret,
    publicUrl: deps.config.publicUrl,
  };
  // The worker role's in-process timers; the durable job queues are `startWorkers` below.
  const stopWorkers = deps.config.roles.has('worker')
    ? [
        startAutoResolve({ db: deps.database.db, realtime }, app.log),
        startQueuedMailWorker(deps.mailer, app.log),
        startEmailPolling(
          { ...mailInbound, maxMailBytes: deps.config.inboundMailMaxBytes },
          app.log,
          deps.config.emailPollMs,
        ),
      ]
    : [];
  // The built-in SMTP receiver is an ingress like the HTTP API: on the nodes serving the web role.
  const smtpReceiver =
    deps.config.smtpReceiver && deps.config.roles.has('web')
      ? await startSmtpReceiver(mailInbound, deps.config.smtpReceiver, app.log)
      : null;
  app.addHook('onClose', async () => {
    await smtpReceiver?.close();
    sessionCache?.close();
    helpCenterDomains.stop();
    for (const stop of stopWorkers) stop();
    await hub.close();
    if (!deps.pubsub) await pubsub.close();
    // Last: sends finishing while the server closed have added theirs.
    await usageMeter.close();
  });

  await registerDashboard(app, deps.config, routeTable);
  return app;
}

export interface WorkerDeps {
  db: Db;
  log: WorkerLog;
  /** The server's secret: opens what is sealed with it (webhook signing secrets). */
  appSecret: string;
  /** Base of the links to attached files in mailed transcripts (PUBLIC_URL); relative links without. */
  publicUrl?: string;
  /** Poll interval of the job queue (default 500 ms). */
  pollMs?: number;
  /** First retry delay is twice this (default 1000 ms: 2 s, 4 s, 8 s… at most 1 hour). */
  backoffBaseMs?: number;
  /** Per webhook attempt (default 10 s). */
  webhookTimeoutMs?: number;
  /** Uploaded files (knowledge documents are read back from it). */
  storage?: FileStorage | undefined;
  /**
   * OUTBOUND_ALLOW, for a worker started without `buildApp` (tests); `buildApp` configures the
   * same process-wide guard from the configuration.
   */
  outboundAllow?: readonly string[] | undefined;
  /** What one uploaded file may cost to parse (PARSE_* settings); the defaults otherwise. */
  parseLimits?: AppConfig['parseLimits'] | undefined;
  /** The knowledge source's embeddings provider: passages are embedded as they are indexed. */
  embedder?: Embedder | null | undefined;

  /**
   * The nodes' pub/sub (the app's): the bots' messages reach the sockets live through it, and a
   * committed reply job wakes this worker at once instead of at the next poll.
   */
  pubsub?: PubSub | undefined;
  /**
   * Messaging channels' replies (the `channels.send` queue) and campaigns (`campaigns.send`):
   * connectors and the key to their credentials; `campaignRatePerSecond` overrides every
   * platform's campaign send rate (CAMPAIGN_RATE_PER_SECOND).
   */
  channels?:
    | { appSecret: string; apiUrls: AppConfig['channelApiUrls']; campaignRatePerSecond?: number | undefined }
    | undefined;
  /** Forwards the stored error reports to this Sentry-compatible DSN (SENTRY_DSN). */
  sentryDsn?: string | undefined;
  /** Bots answering in conversations: the engines this server runs and the key to their secrets. */
  bots?: Pick<BotRuntimeDeps, 'engines' | 'toolsFor' | 'appSecret' | 'timeoutMs' | 'llmCaps'> | undefined;
}

/**
 * The worker role: runs the durable job queues (outgoing webhooks, transcripts mailed on resolve,
 * kompose's training).
 * Safe on several nodes at once; `stop()` waits for the jobs in progress.
 */
export function startWorkers(deps: WorkerDeps): JobWorker {
  subscribeToEvents();
  const pubsub = deps.pubsub ?? createMemoryPubSub();
  if (deps.outboundAllow) configureOutbound(deps.outboundAllow);
  if (deps.publicUrl && deps.bots)
    configureMailLinks({ publicUrl: deps.publicUrl, secret: deps.bots.appSecret });
  const worker = new JobWorker({
    db: deps.db,
    log: deps.log,
    // Bot replies are short; more at once keeps many conversations answered in time.
    concurrency: deps.bots ? 16 : undefined,
    handlers: {
      ...(deps.bots
        ? {
            [BOT_REPLY_QUEUE]: botReplyHandler({
              ...deps.bots,
              db: deps.db,
              realtime: createRealtime(pubsub, deps.log),
              log: deps.log,
              publicUrl: deps.publicUrl,
            }),
          }
        : {}),
      ...(deps.channels
        ? {
            [CHANNEL_SEND_QUEUE]: channelSendHandler({
              db: deps.db,
              appSecret: deps.channels.appSecret,
              storage: deps.storage,
              connectors: channelConnectors(deps.channels.apiUrls, deps.db),
              realtime: createRealtime(pubsub, deps.log),
              publicUrl: deps.publicUrl,
            }),
            [CAMPAIGN_SEND_QUEUE]: campaignSendHandler({
              db: deps.db,
              appSecret: deps.channels.appSecret,
              connectors: channelConnectors(deps.channels.apiUrls, deps.db),
              storage: deps.storage,
              publicUrl: deps.publicUrl,
              ratePerSecond: deps.channels.campaignRatePerSecond,
            }),
            [SLACK_MIRROR_QUEUE]: slackMirrorHandler({
              db: deps.db,
              appSecret: deps.channels.appSecret,
              apiUrl: deps.channels.apiUrls.slack,
              publicUrl: deps.publicUrl ?? '',
            }),
            [SLACK_EVENT_QUEUE]: slackEventHandler({
              db: deps.db,
              appSecret: deps.channels.appSecret,
              apiUrl: deps.channels.apiUrls.slack,
              realtime: createRealtime(pubsub, deps.log),
              publicUrl: deps.publicUrl,
            }),
          }
        : {}),
      [WEBHOOK_QUEUE]: webhookDeliveryHandler({
        db: deps.db,
        appSecret: deps.appSecret,
        timeoutMs: deps.webhookTimeoutMs,
      }),
      [REPORT_QUEUE]: reportJobHandler({ db: deps.db }),
      [DIGEST_QUEUE]: digestJobHandler({ db: deps.db }),
      [KOMPOSE_TRAIN_QUEUE]: komposeTrainingHandler({ db: deps.db }),
      [EMAIL_FALLBACK_QUEUE]: emailFallbackHandler({ db: deps.db }),
      [TRANSCRIPT_ON_RESOLVE_QUEUE]: transcriptOnResolveHandler({
        db: deps.db,
        publicUrl: deps.publicUrl ?? '',
      }),
      ...(deps.sentryDsn
        ? { [ERROR_REPORT_FORWARD_QUEUE]: forwardHandler({ db: deps.db, dsn: deps.sentryDsn }) }
        : {}),
      [KNOWLEDGE_INDEX_QUEUE]: knowledgeIndexHandler({
        db: deps.db,
        storage: deps.storage,
        log: deps.log,
        publicUrl: deps.publicUrl,
        parseLimits: deps.parseLimits,
        embedder: deps.embedder,
      }),
    },
    pollMs: deps.pollMs,
    backoffBaseMs: deps.backoffBaseMs,
    // Longer than one webhook attempt, so a live worker never loses its claim.
    lockMs: Math.max(60_000, (deps.webhookTimeoutMs ?? 10_000) * 6),
  });
  worker.start();
  planWeeklyDigest(deps.db).catch((err: unknown) => deps.log.warn({ err }, 'weekly digest not planned'));
  const woken = [
    ...(deps.bots ? [BOT_REPLY_QUEUE] : []),
    ...(deps.channels ? [CHANNEL_SEND_QUEUE, SLACK_MIRROR_QUEUE, SLACK_EVENT_QUEUE] : []),
  ];
  if (woken.length > 0 && deps.pubsub) {
    listenForJobWakes(deps.pubsub, worker, woken).catch((err: unknown) =>
      deps.log.warn({ err }, 'job wake subscription failed; bot replies wait for the poll'),
    );
  }
  return worker;
}
