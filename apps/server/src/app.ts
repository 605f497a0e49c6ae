import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { type BotPlatform, isBotLanguage } from '@convo/domain';
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';
import type { Logger } from 'pino';
import { createHttpApp, registerDashboard } from './http/app.js';
import { type LimitStore, memoryLimitStore } from './http/limit-store.js';
import { PUBLIC_ROUTE, type RouteContext } from './http/route-context.js';
import { markGuard } from './http/security-route-table.js';
import {
  accountBus,
  accountRoutes,
  actingAs,
  adminChecker,
  applicationRoutes,
  authContextOf,
  authenticator,
  emailChangeRoutes,
  findApplication,
  findLiveSession,
  firstApplicationId,
  forgetSessionsOfUsers,
  invitations,
  type LiveSession,
  mobileSignInRoutes,
  openSessionCache,
  privilegeChecker,
} from './modules/accounts/index.js';
import {
  analyticsRoutes,
  BOT_INSIGHTS_QUEUE,
  botInsightsJobHandler,
  DIGEST_QUEUE,
  digestJobHandler,
  planWeeklyDigest,
  REPORT_QUEUE,
  recordPresence,
  reportJobHandler,
} from './modules/analytics/index.js';
import { answerBotRoutes } from './modules/answer-bot/index.js';
import { appModuleRoutes } from './modules/app-modules/index.js';
import { attachmentRoutes } from './modules/attachments/index.js';
import {
  AUTOMATION_QUEUE,
  type AutomationActions,
  automationDeliveryHandler,
  automationRoutes,
  onConversationCreated,
  onConversationResolved,
  onCsatReceived,
  onMessagesStored,
  onUserCreated,
} from './modules/automation/index.js';
import {
  billingRoutes,
  createEntitlements,
  createStripeProvider,
  externalCustomerIdOf,
  manualProvider,
  meterStoredMessages,
  type PaymentProvider,
  usageMeterOf,
  withAccountState,
} from './modules/billing/index.js';
// Deep on purpose: bots' front door re-exporting it would close a file circle through conversations (issue 33 baseline).
import {
  aiModelCredentialRoutes,
  analyse,
  BOT_REPLY_QUEUE,
  type BotEngine,
  type BotRuntimeConfig,
  type BotRuntimeDeps,
  type BotTools,
  botBuilderRoutes,
  botEmulatorRoutes,
  botFlowRoutes,
  botReplyHandler,
  botRoutes,
  botRuntimeRoutes,
  botSettingsRoutes,
  botsOnStoredMessages,
  codeActionRoutes,
  configuredEmbedder,
  createBotIn,
  createKomposeEngine,
  createLlmCapGuard,
  createSmartReplyEngine,
  type Embedder,
  externalBotEngines,
  findEnabledBotOfMember,
  findFirstResponder,
  insertBotConversation,
  KNOWLEDGE_INDEX_QUEUE,
  KOMPOSE_TRAIN_QUEUE,
  knowledgeIndexHandler,
  knowledgeRoutes,
  komposeTrainingHandler,
  llmEngines,
  queueHelpCenterSync,
  savedSnapshots,
  searchKnowledge,
} from './modules/bots/index.js';
import {
  CAMPAIGN_SEND_QUEUE,
  campaignRoutes,
  campaignSendHandler,
  consentOfStoredMessages,
  receiptsOfChannelStatuses,
  routeCampaignReplies,
} from './modules/campaigns/index.js';
import {
  CHANNEL_SEND_QUEUE,
  channelBus,
  channelConnectors,
  channelRoutes,
  channelSendHandler,
  enqueueChannelRepliesOfSends,
  mirrorSendsToSlack,
  SLACK_EVENT_QUEUE,
  SLACK_MIRROR_QUEUE,
  slackEventHandler,
  slackMirrorHandler,
  startEmailPolling,
  startSmtpReceiver,
} from './modules/channels/index.js';
import { companyRoutes } from './modules/company/index.js';
import { conversationSearchRoutes } from './modules/conversation-search/index.js';
import { conversationSettingsRoutes } from './modules/conversation-settings/index.js';
import { conversationTimelineRoutes } from './modules/conversation-timeline/index.js';
import {
  assignWaiting,
  changeAssignee,
  changeTags,
  conversationBots,
  conversationBus,
  conversationRoutes,
  findConversation,
  findUsersByIds,
  isMember,
  type MessagingDeps,
  startAutoResolve,
  systemMessages,
} from './modules/conversations/index.js';
import {
  CRM_SYNC_QUEUE,
  type CrmSetup,
  crmOnResolved,
  crmProviders,
  crmRoutes,
  crmSyncHandler,
} from './modules/crm/index.js';
import { customerAttributeRoutes } from './modules/customer-attributes/index.js';
import { customerRoutes } from './modules/customers/index.js';
import { devMailboxRoutes } from './modules/dev-mailbox/index.js';
import { documentPreviewRoutes } from './modules/document-preview/index.js';
import {
  EMAIL_FALLBACK_QUEUE,
  emailFallbackHandler,
  emailFallbackRoutes,
  enqueueEmailFallbacksOfSends,
} from './modules/email-fallback/index.js';
import {
  configureMailLinks,
  emailNotificationRoutes,
  type MailLinks,
  mailAssignedAgent,
} from './modules/email-notifications/index.js';
import {
  ERROR_REPORT_FORWARD_QUEUE,
  errorReportRoutes,
  forwardHandler,
} from './modules/error-reports/index.js';
import { googleSignInRoutes } from './modules/google-sign-in/index.js';
import {
  createDomainMap,
  createSiteCache,
  helpCenterBus,
  helpCenterRoutes,
  publicSiteRoutes,
  rewriteForDomain,
} from './modules/help-center/index.js';
import { installKitRoutes } from './modules/install-kits/index.js';
import { acceptInvitation, invalidInvite, invitationRoutes } from './modules/invitations/index.js';
import { mailPreferenceRoutes, unsubscribeUrl } from './modules/mail-preferences/index.js';
import { messageLogRoutes } from './modules/message-logs/index.js';
import {
  messageBus,
  messageByKey,
  messageRoutes,
  recordReceipt,
  sendMessage,
  socketSender,
  writeSystemMessage,
} from './modules/messages/index.js';
import { createUser, messagingAdminRoutes } from './modules/messaging-admin/index.js';
import { messagingUserRoutes } from './modules/messaging-users/index.js';
import { notesRoutes } from './modules/notes/index.js';
import { notificationPreferenceRoutes } from './modules/notification-preferences/index.js';
import {
  createOnboardingRecorder,
  onboardingRoutes,
  recordStepsOfEvents,
  recordStepsOfRoutes,
} from './modules/onboarding/index.js';
import { profileRoutes } from './modules/profile/index.js';
import { pushNotificationRoutes } from './modules/push-notifications/index.js';
import { quickReplyRoutes } from './modules/quick-replies/index.js';
import {
  createHub,
  createRealtime,
  type HubLookups,
  STOMP_SUBPROTOCOLS,
  type StompOptions,
  sessionRevoker,
  WS_MAX_MESSAGE_BYTES,
} from './modules/realtime/index.js';
import { registrationRoutes } from './modules/registration/index.js';
import { replySuggestionRoutes } from './modules/reply-suggestions/index.js';
import { rolesPermissionsRoutes } from './modules/roles-permissions/index.js';
import { customRoutingRoutes } from './modules/routing/index.js';
import { ssoRoutes } from './modules/sso/index.js';
import { statsRoutes } from './modules/stats/index.js';
import { storeRoutes } from './modules/stores/index.js';
import { supportTicketRoutes } from './modules/support-tickets/index.js';
import { systemRoutes } from './modules/system/index.js';
import { tagRoutes } from './modules/tags/index.js';
import { botCreation, listMembers, teamMemberRoutes } from './modules/team-members/index.js';
import { teamRoutes, waitingAssignment } from './modules/teams/index.js';
import {
  TRANSCRIPT_ON_RESOLVE_QUEUE,
  transcriptOnResolved,
  transcriptOnResolveHandler,
  transcriptRoutes,
} from './modules/transcripts/index.js';
import { twoFactorRoutes } from './modules/two-factor/index.js';
import {
  enqueueWebhooksOfSends,
  WEBHOOK_QUEUE,
  webhookDeliveryHandler,
  webhookRoutes,
} from './modules/webhooks/index.js';
import {
  kommunicateWidgetRoutes,
  registerPlatformCors,
  registerVisitorView,
  visitorViewFactory,
  widgetBus,
  widgetRoutes,
} from './modules/widget/index.js';
import { widgetSettingsRoutes } from './modules/widget-settings/index.js';
import { connectAppCaches } from './platform/app-cache.js';
import type { AppConfig } from './platform/config.js';
import type { Database, Db } from './platform/db/database.js';
import { type JobRunner, JobWorker, jobWorkers, type WorkerLog } from './platform/jobs/job-queue.js';
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
  /** STOMP session limits and heart-beat (tests shorten the heart-beat). */
  stompOptions?: Partial<StompOptions> | undefined;
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
  // The automation connector's "new message" trigger (issue 38 item 4).
  messageBus.subscribe('messages.stored', 'automation.message-created', onMessagesStored);
  // Last: a person's reply takes the conversation over from its bot (the send answers with that).
  messageBus.subscribe('messages.stored', 'bots.replies', botsOnStoredMessages);
  conversationBus.subscribe('conversation.assigned', 'email-notifications.assigned-to-me', mailAssignedAgent);
  conversationBus.subscribe('conversation.resolved', 'transcripts.on-resolve', transcriptOnResolved);
  channelBus.subscribe('channel.statuses', 'campaigns.receipts', receiptsOfChannelStatuses);
  // The automation connector's other triggers: a delivery per subscribed REST hook.
  conversationBus.subscribe(
    'conversation.created',
    'automation.conversation-created',
    onConversationCreated(findUsersByIds),
  );
  conversationBus.subscribe(
    'conversation.resolved',
    'automation.conversation-resolved',
    onConversationResolved(findUsersByIds),
  );
  widgetBus.subscribe('csat.received', 'automation.csat-received', onCsatReceived);
  // CRMs and helpdesks set to sync on resolve: a job per provider (issue 38 item 3).
  conversationBus.subscribe('conversation.resolved', 'crm.sync-on-resolve', crmOnResolved);
  accountBus.subscribe('user.created', 'automation.user-created', onUserCreated);
  accountBus.subscribe('account.presence-changed', 'analytics.presence', (e) =>
    recordPresence(e.tx, e.applicationId, e.userId, e.presence),
  );
  helpCenterBus.subscribe('help-center.published-changed', 'bots.help-center-sync', (e) =>
    queueHelpCenterSync(e.tx, e.applicationId),
  );
  provideModulePorts();
}

/**
 * What lower modules need back from higher ones (issue 33), given here so no two modules import each
 * other: conversations write notify lines through messages and hand conversations to bots; teams
 * assign waiting conversations; team-members create bots; accounts accept invitations.
 */
function provideModulePorts(): void {
  systemMessages.provide(writeSystemMessage);
  conversationBots.provide({
    enabledBotOfMember: findEnabledBotOfMember,
    firstResponder: findFirstResponder,
    startBotConversation: insertBotConversation,
  });
  waitingAssignment.provide((deps, applicationId) => assignWaiting(deps, applicationId));
  botCreation.provide(createBotIn);
  invitations.provide({ accept: acceptInvitation, invalid: invalidInvite });
}

/** The mails' signed /unsubscribe links (mail-preferences), for the notification mails. */
function mailLinks(publicUrl: string, secret: string): MailLinks {
  return { unsubscribeUrl: (subject) => unsubscribeUrl(publicUrl, secret, subject) };
}

/** What the WebSocket hub looks up in accounts and conversations. */
function hubLookups(): HubLookups {
  return {
    session: async (db, tokenHash, now) => {
      const found = await findLiveSession(db, tokenHash, now);
      return found
        ? {
            auth: authContextOf(found, tokenHash),
            applicationId: found.application.id,
            applicationKey: found.application.key,
            user: found.user,
          }
        : null;
    },
    forgetSessions: forgetSessionsOfUsers,
    findConversation,
    isMember,
  };
}

/** The automation connector's actions: the messaging API's own operations, run as the key's member. */
function automationActions(deps: MessagingDeps): AutomationActions {
  return {
    async sendMessage(caller, input) {
      const { row, conversation } = await sendMessage(deps, caller, {
        groupId: input.groupId,
        message: input.message,
        contentType: 0,
        key: input.key,
      });
      return { key: row.clientKey, groupId: conversation.id, createdAt: row.createdAt.getTime() };
    },
    async createUser(caller, input) {
      const user = await createUser(deps.db, caller, input);
      return { userId: user.userId, displayName: user.displayName, email: user.email };
    },
    async addTag(caller, input) {
      const feed = await changeTags(deps, caller, { groupId: input.groupId }, 'add', [input.tag]);
      return { groupId: input.groupId, tags: feed.tags.map((t) => t.name) };
    },
    async assignConversation(caller, input) {
      await changeAssignee(deps, caller, { groupId: input.groupId }, input.assignee, false);
      return { groupId: input.groupId, assignee: input.assignee };
    },
  };
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
  const kompose = createKomposeEngine({
    snapshot: savedSnapshots(db),
    embedder: configuredEmbedder(config.knowledgeEmbeddings),
  });
  return new Map<BotPlatform, BotEngine>([
    ['kompose', kompose],
    ['smartreply', createSmartReplyEngine({ db })],
    ...llmEngines(config),
    ...externalBotEngines(config, kompose),
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
    return createStripeProvider(config.stripe, (applicationId) => externalCustomerIdOf(db, applicationId));
  }
  return null;
}

/** Builds the whole HTTP application; `listen` is the caller's business (tests use `inject`). */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  subscribeToEvents();
  // Notification mails carry a signed /unsubscribe link (SPEC §2 /subscribe, /unsubscribe).
  configureMailLinks(mailLinks(deps.config.publicUrl, deps.config.appSecret));
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
  // The caches of what every send reads (webhooks, automation hooks) follow the other nodes' changes.
  const disconnectAppCaches = await connectAppCaches(pubsub);
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
  await app.register(
    automationRoutes(
      ctx,
      automationActions({ db: deps.database.db, realtime, publicUrl: deps.config.publicUrl }),
    ),
  );
  await app.register(storeRoutes(ctx));
  await app.register(crmRoutes(ctx, crmProviders(deps.config.crm)));
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
      // Agent assist: the application's own AI agent (its key), the providers' configured URLs; its
      // calls count against the same LLM spend ceilings as the bots' replies (the shared store).
      assist: {
        models: { llmBaseUrls: deps.config.llmBaseUrls },
        llmCaps: createLlmCapGuard({
          limits: app.limits,
          planCaps: async (applicationId) => (await entitlements.of(applicationId)).llmCalls,
        }),
      },
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
  await app.register(installKitRoutes(ctx));
  await app.register(botRoutes(ctx, storage));

  await app.register(botBuilderRoutes(ctx));
  await app.register(botSettingsRoutes(ctx));
  await app.register(botFlowRoutes(ctx));
  await app.register(
    botEmulatorRoutes(ctx, {
      db: deps.database.db,
      appSecret: deps.config.appSecret,
      tools: botTools(deps.database.db, configuredEmbedder(deps.config.knowledgeEmbeddings)),
      snapshots: savedSnapshots(deps.database.db),
      embedder: configuredEmbedder(deps.config.knowledgeEmbeddings),
      engines: {
        ...Object.fromEntries(botEngines(deps.config, deps.database.db)),
        smartreply: createSmartReplyEngine({ db: deps.database.db }),
      },
    }),
  );

  // The hub's AI model providers (issue 38 item 6): the agents' keys masked, tested with their engine.
  await app.register(
    aiModelCredentialRoutes(ctx, {
      db: deps.database.db,
      appSecret: deps.config.appSecret,
      engines: Object.fromEntries(llmEngines(deps.config)),
    }),
  );
  // Custom actions (issue 36 item 4): written by the application's LLM, tested in the sandbox.
  await app.register(
    codeActionRoutes(ctx, {
      db: deps.database.db,
      appSecret: deps.config.appSecret,
      llmBaseUrls: deps.config.llmBaseUrls,
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
    // A visitor's messages over their socket: the REST send's rules and counters (docs/realtime.md).
    socketSender(
      { db: deps.database.db, realtime, publicUrl: deps.config.publicUrl },
      app.limits,
      deps.config,
      app.log,
    ),
    hubLookups(),
    visitorViews,
    {
      lookup: { messageByKey: (appId, key) => messageByKey(deps.database.db, appId, key) },
      ...(deps.stompOptions ? { options: deps.stompOptions } : {}),
    },
  );
  await app.register(websocket, {
    options: {
      maxPayload: WS_MAX_MESSAGE_BYTES,
      // The Applozic widget's stomp.js offers v10/v11.stomp; a browser fails the handshake
      // unless one is chosen. Convo's own client offers none.
      handleProtocols: (offered) => STOMP_SUBPROTOCOLS.find((p) => offered.has(p)) ?? false,
    },
  });
  // Public at the HTTP level: the socket's first frame carries the token.
  app.get('/ws', { websocket: true, schema: { hide: true }, config: PUBLIC_ROUTE }, (socket, req) => {
    // What the upgrade leaves attached would live as long as the socket, about half of an idle
    // socket's memory (bench/sockets.bench.ts): the plugin's 'error' listener closes over the
    // request and reply (the hub adds its own listener), the plugin's response stays assigned to
    // the TCP socket with the request, its headers and a child logger, and the HTTP keep-alive
    // timer stays armed.
    socket.removeAllListeners('error');
    const raw = req.raw.socket as Socket & { _httpMessage?: ServerResponse | null };
    raw._httpMessage?.detachSocket(raw);
    raw.setTimeout(0);
    hub.accept(socket, raw, req.ip);
  });
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
    disconnectAppCaches();
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
  /** The embeddings provider: knowledge passages are embedded as they are indexed, kompose phrases as they train. */
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
  /** CRMs and helpdesks' automatic sync on resolve: HubSpot's API and the deadline of a call (config.crm). */
  crm?: CrmSetup | undefined;
  /** Bots answering in conversations: the engines this server runs and the key to their secrets. */
  bots?: Pick<BotRuntimeDeps, 'engines' | 'toolsFor' | 'appSecret' | 'timeoutMs' | 'llmCaps'> | undefined;
}

/** Bot replies a worker node runs at once (its other queues share 16 slots). */
const BOT_REPLY_CONCURRENCY = 50;

/**
 * The worker role: runs the durable job queues (outgoing webhooks, transcripts mailed on resolve,
 * kompose's training).
 * Safe on several nodes at once; `stop()` waits for the jobs in progress.
 */
export function startWorkers(deps: WorkerDeps): JobRunner {
  subscribeToEvents();
  const pubsub = deps.pubsub ?? createMemoryPubSub();
  if (deps.outboundAllow) configureOutbound(deps.outboundAllow);
  if (deps.publicUrl && deps.bots) configureMailLinks(mailLinks(deps.publicUrl, deps.bots.appSecret));
  const polling = {
    db: deps.db,
    log: deps.log,
    pollMs: deps.pollMs,
    backoffBaseMs: deps.backoffBaseMs,
    // Longer than one webhook attempt, so a live worker never loses its claim.
    lockMs: Math.max(60_000, (deps.webhookTimeoutMs ?? 10_000) * 6),
  };
  // Bot replies have slots of their own: fifty visitors asking at one instant are answered
  // together (their reads and writes share batches) instead of sixteen at a time, and they never
  // wait behind the other queues' jobs (bot-reply.bench.ts on PGlite: p95 307–517 ms with 16 shared
  // slots, 241–325 ms with 50 of their own; docs/performance.md, session 27).
  const replies = deps.bots
    ? new JobWorker({
        ...polling,
        concurrency: BOT_REPLY_CONCURRENCY,
        // The other worker deletes finished jobs of every queue.
        purges: false,
        handlers: {
          [BOT_REPLY_QUEUE]: botReplyHandler({
            ...deps.bots,
            db: deps.db,
            realtime: createRealtime(pubsub, deps.log),
            log: deps.log,
            publicUrl: deps.publicUrl,
          }),
        },
      })
    : null;
  const worker = new JobWorker({
    ...polling,
    concurrency: deps.bots ? 16 : undefined,
    handlers: {
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
      [AUTOMATION_QUEUE]: automationDeliveryHandler({
        db: deps.db,
        appSecret: deps.appSecret,
        timeoutMs: deps.webhookTimeoutMs,
      }),
      [CRM_SYNC_QUEUE]: crmSyncHandler({
        db: deps.db,
        appSecret: deps.appSecret,
        publicUrl: deps.publicUrl ?? '',
        providers: crmProviders(deps.crm ?? { hubspotApiUrl: 'https://api.hubapi.com', timeoutMs: 10_000 }),
      }),
      [REPORT_QUEUE]: reportJobHandler({ db: deps.db }),
      [DIGEST_QUEUE]: digestJobHandler({ db: deps.db }),
      // Insights cluster unanswered questions with kompose's analyser (stems, stop words, synonyms).
      [BOT_INSIGHTS_QUEUE]: botInsightsJobHandler({
        db: deps.db,
        tokenize: (text, language) =>
          analyse(text, isBotLanguage(language) ? language : 'en')
            .filter((t) => !t.stop)
            .map((t) => ({ term: t.group ?? t.stem, word: t.word })),
      }),
      [KOMPOSE_TRAIN_QUEUE]: komposeTrainingHandler({ db: deps.db, embedder: deps.embedder ?? null }),
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
  });
  const workers = jobWorkers(replies ? [replies, worker] : [worker]);
  workers.start();
  planWeeklyDigest(deps.db).catch((err: unknown) => deps.log.warn({ err }, 'weekly digest not planned'));
  // A hook the worker drops (a 410 Gone) reaches the web nodes' caches.
  if (deps.pubsub)
    connectAppCaches(deps.pubsub).catch((err: unknown) =>
      deps.log.warn({ err }, 'app cache subscription failed; cached hooks expire by themselves'),
    );
  // Each nudge wakes the worker of its queue only.
  if (deps.pubsub)
    listenForJobWakes(deps.pubsub, workers).catch((err: unknown) =>
      deps.log.warn({ err }, 'job wake subscription failed; queued jobs wait for the poll'),
    );
  return workers;
}
