import {
  type CampaignDraft,
  type CampaignDraftDeleted,
  type CampaignDraftForm,
  type CampaignDraftRequest,
  type CampaignList,
  type CampaignPlatforms,
  type CampaignSender,
  type CampaignSendRequest,
  type CampaignSendResult,
  type CampaignSummary,
  type CampaignUser,
  type CampaignUsers,
  campaignDraftFormSchema,
  campaignDraftRequestSchema,
  campaignPlatformsSchema,
  campaignSendRequestSchema,
  type campaignUsersQuerySchema,
  WHATSAPP_INTEGRATION_TYPES,
  type WhatsAppIntegrationType,
  type WhatsAppTemplate,
} from '@convo/api';
import {
  CAMPAIGN_PLATFORMS,
  CAMPAIGN_USERS_PAGE_SIZE,
  type CampaignPlatform,
  type CampaignStatus,
  campaignAddressOf,
  campaignChannelOf,
  ERROR_CODES,
  hasNonWhatsAppRecipient,
  isApprovedTemplateStatus,
  MESSAGES,
  renderTemplateMessage,
  templateValuesProblem,
  templateVariables,
  WHATSAPP_CHANNEL_OF,
  type WhatsAppProvider,
} from '@convo/domain';
import type { z } from 'zod';
import type { AuthContext } from '../../http/auth.js';
import { AppError, badRequest, notFound } from '../../http/errors.js';
import { requireMember } from '../../http/policy.js';
import { isUniqueViolation } from '../../platform/db/errors.js';
import { enqueue } from '../../platform/jobs/job-queue.js';
import {
  type CampaignChannelAccount,
  type CampaignChannelDeps,
  campaignChannelAccounts,
  campaignWhatsAppTemplates,
  MESSAGING_TYPE_KEY,
  TEMPLATE_METADATA_KEY,
  templateMetadataValue,
  variablesAcrossTemplate,
} from '../channels/index.js';
import { findTeam } from '../teams/index.js';
import * as repo from './repository.js';

// Campaigns (issue 35): a send is checked whole before anything is stored (every checked platform's
// account, page or bot, WhatsApp template and its values, the recipients' numbers: SPEC §5); then
// the campaign and its recipients are stored and a `campaigns.send` job is queued in the same
// transaction (due at the scheduled time). The worker (send-job.ts) sends at each platform's rate.

export const CAMPAIGN_SEND_QUEUE = 'campaigns.send';
/** A provider outage is retried with the queue's backoff; hours of outage lose no recipient. */
export const CAMPAIGN_SEND_MAX_ATTEMPTS = 40;

export type CampaignDeps = CampaignChannelDeps;

/** What the worker sends for one platform: the text, and the template or image that goes with it. */
export interface PlatformMessage {
  channel: string;
  text: string;
  metadata?: Record<string, unknown> | undefined;
  fileKey?: string | undefined;
}

const DAY_MS = 86_400_000;

function channelOf(platform: CampaignPlatform, platforms: CampaignPlatforms): string | null {
  return campaignChannelOf(platform, platforms.whatsApp?.selectedProvider);
}

const notConnected = (channel: string) =>
  notFound(`No ${channel} integration is connected to this application.`);

function accountOf(accounts: readonly CampaignChannelAccount[], channel: string) {
  const account = accounts.find((a) => a.type === channel);
  if (!account) throw notConnected(channel);
  if (account.status === 'disabled')
    throw new AppError(422, 'INTEGRATION_DISABLED', `The ${channel} integration is disabled.`);
  return account;
}

/**
 * Every checked platform's message as the worker sends it, checked against the connected accounts
 * (an unknown page or bot answers 404) and, for WhatsApp, the provider's approved templates.
 */
async function platformMessages(
  deps: CampaignDeps,
  applicationId: string,
  platforms: CampaignPlatforms,
): Promise<Partial<Record<CampaignPlatform, PlatformMessage>>> {
  const accounts = await campaignChannelAccounts(deps.db, applicationId);
  const out: Partial<Record<CampaignPlatform, PlatformMessage>> = {};
  for (const platform of CAMPAIGN_PLATFORMS) {
    const payload = platforms[platform];
    if (!payload) continue;
    const channel = channelOf(platform, platforms);
    if (channel === null)
      throw new AppError(
        422,
        'PLATFORM_NOT_SUPPORTED',
        'Slack is your team’s channel: campaigns go to customers on WhatsApp, Facebook, Instagram, Telegram and Viber.',
      );
    const account = accountOf(accounts, channel);
    if (platform === 'whatsApp' && platforms.whatsApp) {
      out.whatsApp = await whatsAppMessage(deps, applicationId, channel, platforms.whatsApp);
      continue;
    }
    const text = 'textValue' in payload ? payload : null;
    if (!text) continue;
    if ((platform === 'facebook' || platform === 'instagram') && 'selectedPage' in payload) {
      const page = payload.selectedPage;
      if (page !== account.externalId && page !== account.accountId && page !== account.displayName)
        throw notFound(
          `The page ${payload.selectedPage} is not connected to this application on ${platform}.`,
        );
    }
    if (platform === 'telegram' && 'selectedToken' in payload) {
      const token = payload.selectedToken;
      if (token !== account.accountId && token !== account.displayName && `@${token}` !== account.displayName)
        throw notFound(`The Telegram bot ${token} is not connected to this application.`);
    }
    const caption = text.image?.message ?? '';
    out[platform] = {
      channel,
      ...(channel === 'facebook' || channel === 'instagram'
        ? { metadata: { [MESSAGING_TYPE_KEY]: 'UPDATE' } }
        : {}),
      text: text.textValue.trim() !== '' ? text.textValue : caption,
      fileKey: text.editorType === 2 || text.image ? text.image?.fileMeta.key : undefined,
    };
  }
  return out;
}

async function whatsAppMessage(
  deps: CampaignDeps,
  applicationId: string,
  channel: string,
  payload: NonNullable<CampaignPlatforms['whatsApp']>,
): Promise<PlatformMessage> {
  const type = WHATSAPP_INTEGRATION_TYPES.find((t) => t === channel) as WhatsAppIntegrationType;
  const templates = await campaignWhatsAppTemplates(deps, applicationId, type);
  const { language, parameters, header, buttons } = payload.selectedTemplateData;
  const template = templates.find((t) => t.name === payload.selectedTemplate && t.language === language);
  if (!template)
    throw new AppError(
      422,
      'TEMPLATE_NOT_FOUND',
      `The WhatsApp account has no template ${payload.selectedTemplate} in ${language}.`,
    );
  if (!isApprovedTemplateStatus(template.status))
    throw new AppError(
      422,
      'TEMPLATE_NOT_APPROVED',
      `The template ${template.name} is ${template.status.toLowerCase()}; WhatsApp sends approved templates only.`,
    );
  const values = { parameters, ...(header ? { header } : {}), buttons };
  const problem = templateValuesProblem(template, values);
  if (problem)
    throw new AppError(
      problem.code === 'INVALID_PARAMETER' ? 422 : 400,
      problem.code,
      `The template ${template.name}: ${problem.message}`,
    );
  return {
    channel,
    text: renderTemplateMessage(template, values),
    metadata: {
      [TEMPLATE_METADATA_KEY]: templateMetadataValue({
        ...(template.id ? { id: template.id } : {}),
        name: template.name,
        language: template.language,
        ...values,
        ...(variablesAcrossTemplate(deps, type) ? { variables: templateVariables(template, values) } : {}),
      }),
    },
  };
}

/** The connected accounts a campaign can send from, by platform (Slack and e-mail are not). */
export async function campaignSenders(
  deps: Pick<CampaignDeps, 'db'>,
  caller: AuthContext,
): Promise<CampaignSender[]> {
  requireMember(caller);
  const accounts = await campaignChannelAccounts(deps.db, caller.applicationId);
  const providers = Object.entries(WHATSAPP_CHANNEL_OF) as [WhatsAppProvider, string][];
  return accounts.flatMap((a): CampaignSender[] => {
    const provider = providers.find(([, channel]) => channel === a.type)?.[0] ?? null;
    const platform: CampaignPlatform | null = provider
      ? 'whatsApp'
      : (CAMPAIGN_PLATFORMS.find((p) => p !== 'whatsApp' && p !== 'slack' && p === a.type) ?? null);
    return platform ? [{ platform, channel: a.type, provider, name: a.displayName, status: a.status }] : [];
  });
}

/** A WhatsApp provider's templates for the campaign form (404 when it is not connected). */
export async function campaignTemplates(
  deps: CampaignDeps,
  caller: AuthContext,
  provider: WhatsAppProvider,
): Promise<WhatsAppTemplate[]> {
  requireMember(caller);
  const type = WHATSAPP_INTEGRATION_TYPES.find((t) => t === WHATSAPP_CHANNEL_OF[provider]);
  if (!type) throw notConnected(provider);
  return campaignWhatsAppTemplates(deps, caller.applicationId, type);
}

/** Reads a stored campaign's messages back (the worker); null for a platform it cannot send. */
export function storedMessages(
  stored: Record<string, unknown>,
): Partial<Record<CampaignPlatform, PlatformMessage>> {
  const messages = (stored as { messages?: Partial<Record<CampaignPlatform, PlatformMessage>> }).messages;
  return messages ?? {};
}

interface Planned {
  filter: repo.AudienceFilter;
  platforms: repo.PlannedPlatform[];
  total: number;
  optedOut: number;
  unreachable: number;
}

/**
 * Who the campaign goes to: each selected (or matching) customer once, on the first checked
 * platform that reaches them; opted-out customers are left out, and a WhatsApp number without
 * its country code (or not a number) refuses the whole send with the SPEC §5 message. Counted by
 * the database (repository planAudience); the customers are never read into the server.
 */
async function plan(
  db: CampaignDeps['db'],
  caller: AuthContext,
  request: z.output<typeof campaignSendRequestSchema>,
  messages: Partial<Record<CampaignPlatform, PlatformMessage>>,
  /** Counts the audience (a dry run), or stores it and counts what it stored (a send). */
  count: (filter: repo.AudienceFilter, platforms: repo.PlannedPlatform[]) => Promise<repo.AudiencePlan>,
): Promise<Planned> {
  const wanted = new Set(request.userIds);
  const filter: repo.AudienceFilter = request.sendMessageToAll
    ? {
        search: request.filter.search || undefined,
        lastSeenSince: request.filter.lastSeenWithinDays
          ? new Date(Date.now() - request.filter.lastSeenWithinDays * DAY_MS)
          : undefined,
        attribute: request.filter.attribute,
      }
    : { userIds: [...wanted] };
  const platforms = CAMPAIGN_PLATFORMS.flatMap((platform) => {
    const message = messages[platform];
    return message ? [{ platform, channel: message.channel }] : [];
  });
  const counted = await count(filter, platforms);
  if (!request.sendMessageToAll && counted.matched < wanted.size) {
    // Users of another application (or none) are never reachable: named as unknown, never sent to.
    const known = new Set((await repo.audience(db, caller.applicationId, filter)).map((c) => c.userId));
    const unknown = [...wanted].filter((u) => !known.has(u)).slice(0, 10);
    throw notFound(`No such users in this application: ${unknown.join(', ')}.`);
  }
  if (counted.badPhone !== null) {
    // The message is the domain's own (SPEC §5), for the first platform whose rule refused it.
    const customer = await repo.findCustomer(db, caller.applicationId, counted.badPhone);
    for (const { platform, channel } of platforms) {
      const address = customer ? campaignAddressOf(channel, customer) : null;
      if (address?.ok) break;
      if (address?.reason === 'phone')
        throw badRequest(address.code, address.message, { userId: counted.badPhone, platform });
    }
    throw badRequest(ERROR_CODES.INVALID, MESSAGES.invalidPhone, { userId: counted.badPhone });
  }
  return {
    filter,
    platforms,
    total: counted.reachable,
    optedOut: counted.optedOut,
    unreachable: counted.unreachable,
  };
}

async function checkAssignee(deps: CampaignDeps, caller: AuthContext, request: CampaignSendRequest) {
  if (request.groupAssignee && !(await repo.findMember(deps.db, caller.applicationId, request.groupAssignee)))
    throw notFound(`No member ${request.groupAssignee} in this application.`);
  if (
    request.groupAssigneeTeam &&
    !(await findTeam(deps.db, caller.applicationId, request.groupAssigneeTeam))
  )
    throw notFound(`No team ${request.groupAssigneeTeam} in this application.`);
}

const noRecipients = () =>
  new AppError(
    422,
    'NO_RECIPIENTS',
    'None of the selected users can be reached on the checked platforms (or they opted out).',
  );

function sendResult(row: repo.CampaignRow, duplicate: boolean, unreachable = 0): CampaignSendResult {
  return {
    campaignId: row.id,
    status: row.status as CampaignStatus,
    total: row.total,
    optedOut: row.optedOut,
    unreachable,
    duplicate,
  };
}

/** SPEC §7 message/campaign/send: checks, stores and queues a campaign (or only counts, on a dry run). */
export async function sendCampaign(
  deps: CampaignDeps,
  caller: AuthContext,
  input: CampaignSendRequest,
): Promise<CampaignSendResult> {
  requireMember(caller);
  const request = campaignSendRequestSchema.parse(input);
  if (request.clientKey && !request.dryRun) {
    const earlier = await repo.findByClientKey(deps.db, caller.applicationId, request.clientKey);
    if (earlier) return sendResult(earlier, true);
  }
  // SPEC §5: a WhatsApp campaign needs at least one recipient that is not already WhatsApp-prefixed.
  if (request.platforms.whatsApp && !request.sendMessageToAll && !hasNonWhatsAppRecipient(request.userIds))
    throw badRequest(
      'INVALID_PARAMETER',
      'WhatsApp needs at least one recipient whose number is not WhatsApp-prefixed.',
    );
  await checkAssignee(deps, caller, request);
  if (request.draftId && !request.dryRun) {
    const draft = await repo.findCampaign(deps.db, caller.applicationId, request.draftId);
    if (draft?.status !== 'draft') throw notFound('No such draft.');
  }
  const messages = await platformMessages(deps, caller.applicationId, request.platforms);
  if (request.dryRun) {
    const planned = await plan(deps.db, caller, request, messages, (filter, platforms) =>
      repo.planAudience(deps.db, caller.applicationId, filter, platforms),
    );
    return {
      campaignId: null,
      status: null,
      total: planned.total,
      optedOut: planned.optedOut,
      unreachable: planned.unreachable,
      duplicate: false,
    };
  }
  const now = Date.now();
  const later = request.scheduledAt !== undefined && request.scheduledAt > now;
  try {
    const row = await deps.db.transaction(async (tx) => {
      // A draft becomes the campaign (same id), once: a second send of it finds no draft.
      if (request.draftId && !(await repo.takeDraft(tx, caller.applicationId, request.draftId)))
        throw notFound('No such draft.');
      const campaign = await repo.insertCampaign(tx, {
        ...(request.draftId ? { id: request.draftId } : {}),
        applicationId: caller.applicationId,
        name: request.name,
        clientKey: request.clientKey ?? null,
        status: later ? 'scheduled' : 'sending',
        platforms: { request: request.platforms, messages },
        groupAssignee: request.groupAssignee ?? null,
        groupAssigneeTeam: request.groupAssigneeTeam ?? null,
        scheduledAt: later ? new Date(request.scheduledAt!) : null,
        startedAt: later ? null : new Date(now),
        createdBy: caller.userName,
      });
      // Stored straight from the audience and counted in the same statement (INSERT … SELECT);
      // a refusal (unknown users, a number without its country code, nobody reachable) throws and
      // the transaction takes the rows back.
      const planned = await plan(tx, caller, request, messages, (filter, platforms) =>
        repo.insertAudience(tx, campaign.id, caller.applicationId, filter, platforms),
      );
      if (planned.total === 0) throw noRecipients();
      await repo.setCampaignCounts(tx, campaign.id, planned.total, planned.optedOut);
      await enqueue(tx, {
        queue: CAMPAIGN_SEND_QUEUE,
        applicationId: caller.applicationId,
        payload: { campaignId: campaign.id },
        runAt: later ? new Date(request.scheduledAt!) : undefined,
        maxAttempts: CAMPAIGN_SEND_MAX_ATTEMPTS,
      });
      return { row: { ...campaign, total: planned.total, optedOut: planned.optedOut }, planned };
    });
    return sendResult(row.row, false, row.planned.unreachable);
  } catch (err) {
    // The same form sent twice at once: the second finds the first's campaign.
    if (request.clientKey && isUniqueViolation(err)) {
      const earlier = await repo.findByClientKey(deps.db, caller.applicationId, request.clientKey);
      if (earlier) return sendResult(earlier, true);
    }
    throw err;
  }
}

function platformsOf(row: repo.CampaignRow): CampaignPlatform[] {
  const stored = row.platforms as { request?: unknown; draft?: unknown };
  if (stored.draft !== undefined) {
    const draft = campaignDraftFormSchema.safeParse(stored.draft);
    return draft.success ? CAMPAIGN_PLATFORMS.filter((p) => draft.data.platforms[p] !== undefined) : [];
  }
  const parsed = campaignPlatformsSchema.safeParse(stored.request);
  return parsed.success ? CAMPAIGN_PLATFORMS.filter((p) => parsed.data[p] !== undefined) : [];
}

type ProgressRow = {
  campaignId: string;
  platform: string;
  status: string;
  receipt: string | null;
  n: number;
};

function summaryOf(row: repo.CampaignRow, progress: readonly ProgressRow[]): CampaignSummary {
  const mine = progress.filter((p) => p.campaignId === row.id);
  const platforms = platformsOf(row);
  const count = (pick: (p: ProgressRow) => boolean) => mine.filter(pick).reduce((sum, p) => sum + p.n, 0);
  const delivered = (p: ProgressRow) =>
    p.status === 'sent' && (p.receipt === 'delivered' || p.receipt === 'read');
  const read = (p: ProgressRow) => p.status === 'sent' && p.receipt === 'read';
  return {
    campaignId: row.id,
    name: row.name,
    status: row.status as CampaignStatus,
    platforms,
    total: row.total,
    sent: row.sent,
    failed: row.failed,
    delivered: count(delivered),
    read: count(read),
    optedOut: row.optedOut,
    progress: platforms.map((platform) => {
      const on = (pick: (p: ProgressRow) => boolean) => count((p) => p.platform === platform && pick(p));
      return {
        platform,
        total: on(() => true),
        sent: on((p) => p.status === 'sent'),
        delivered: on(delivered),
        read: on(read),
        failed: on((p) => p.status === 'failed'),
      };
    }),
    groupAssignee: row.groupAssignee,
    groupAssigneeTeam: row.groupAssigneeTeam,
    scheduledAt: row.scheduledAt?.getTime() ?? null,
    createdAt: row.createdAt.getTime(),
    startedAt: row.startedAt?.getTime() ?? null,
    finishedAt: row.finishedAt?.getTime() ?? null,
  };
}

/** SPEC §7 campaign/list (page, limit): newest first, with progress per platform. */
export async function listCampaigns(
  deps: Pick<CampaignDeps, 'db'>,
  caller: AuthContext,
  query: { page: number; limit: number; status?: CampaignStatus | undefined },
): Promise<CampaignList> {
  requireMember(caller);
  const { rows, total } = await repo.listCampaigns(
    deps.db,
    caller.applicationId,
    (query.page - 1) * query.limit,
    query.limit,
    query.status,
  );
  const progress = await repo.progressOf(
    deps.db,
    caller.applicationId,
    rows.map((r) => r.id),
  );
  return { page: query.page, limit: query.limit, total, campaigns: rows.map((r) => summaryOf(r, progress)) };
}

function userOf(row: {
  userId: string;
  displayName: string;
  email: string | null;
  contactNumber: string | null;
  lastLoggedInAt: Date | null;
  metadata: Record<string, string>;
}): Omit<CampaignUser, 'optedOut'> {
  return {
    userId: row.userId,
    displayName: row.displayName,
    email: row.email,
    contactNumber: row.contactNumber,
    lastSeenTime: row.lastLoggedInAt?.getTime() ?? null,
    channel: row.metadata.channel ?? null,
  };
}

function pageWindow(page: number, total: number) {
  const initial = (page - 1) * CAMPAIGN_USERS_PAGE_SIZE;
  return {
    currentPage: page,
    pageNumber: Math.max(1, Math.ceil(total / CAMPAIGN_USERS_PAGE_SIZE)),
    initial,
    final: initial + CAMPAIGN_USERS_PAGE_SIZE,
  };
}

/** SPEC §7 campaign/users: the audience a campaign may pick from, or a campaign's recipients. */
export async function campaignUsers(
  deps: Pick<CampaignDeps, 'db'>,
  caller: AuthContext,
  query: z.output<typeof campaignUsersQuerySchema>,
): Promise<CampaignUsers> {
  requireMember(caller);
  const offset = (query.page - 1) * CAMPAIGN_USERS_PAGE_SIZE;
  if (query.campaignId) {
    const campaign = await repo.findCampaign(deps.db, caller.applicationId, query.campaignId);
    if (!campaign) throw notFound('No such campaign.');
    const { rows, total } = await repo.recipientsPage(
      deps.db,
      caller.applicationId,
      campaign.id,
      query.filter || undefined,
      offset,
      CAMPAIGN_USERS_PAGE_SIZE,
    );
    return {
      ...pageWindow(query.page, total),
      total,
      totalUserCount: campaign.total,
      optedOutCount: campaign.optedOut,
      result: rows.map((r) => ({
        ...userOf(r),
        optedOut: false,
        status: r.recipient.status as CampaignUser['status'],
        platform: r.recipient.platform as CampaignPlatform,
        error: r.recipient.error,
        sentAt: r.recipient.sentAt?.getTime() ?? null,
        receipt:
          r.recipient.receipt === 'delivered' || r.recipient.receipt === 'read' ? r.recipient.receipt : null,
      })),
    };
  }
  const page = await repo.audiencePage(
    deps.db,
    caller.applicationId,
    {
      search: query.filter || undefined,
      lastSeenSince: query.lastSeenWithinDays
        ? new Date(Date.now() - query.lastSeenWithinDays * DAY_MS)
        : undefined,
      attribute: query.attributeKey
        ? { key: query.attributeKey, value: query.attributeValue ?? '' }
        : undefined,
    },
    offset,
    CAMPAIGN_USERS_PAGE_SIZE,
  );
  return {
    ...pageWindow(query.page, page.total),
    total: page.total,
    totalUserCount: page.totalUsers,
    optedOutCount: page.optedOut,
    result: page.rows.map((r) => ({ ...userOf(r), optedOut: r.optedOut })),
  };
}

const csvCell = (value: string) => {
  // A cell a spreadsheet would run as a formula is quoted as text.
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

/** campaign/users with blob: every recipient's result as CSV. */
export async function recipientsCsv(
  deps: Pick<CampaignDeps, 'db'>,
  caller: AuthContext,
  campaignId: string,
): Promise<string> {
  requireMember(caller);
  const campaign = await repo.findCampaign(deps.db, caller.applicationId, campaignId);
  if (!campaign) throw notFound('No such campaign.');
  const lines = ['userId,displayName,platform,status,receipt,error,sentAt'];
  let after = 0;
  for (;;) {
    const rows = await repo.recipientsAfter(deps.db, caller.applicationId, campaign.id, after, 1000);
    for (const r of rows) {
      lines.push(
        [
          r.userId,
          r.displayName,
          r.recipient.platform,
          r.recipient.status,
          r.recipient.receipt ?? '',
          r.recipient.error ?? '',
          r.recipient.sentAt?.toISOString() ?? '',
        ]
          .map(csvCell)
          .join(','),
      );
    }
    if (rows.length < 1000) break;
    after = rows[rows.length - 1]!.recipient.id;
  }
  return `${lines.join('\n')}\n`;
}

/** Cancels a scheduled or running campaign: recipients not sent yet are never sent to. */
export async function cancelCampaign(
  deps: Pick<CampaignDeps, 'db'>,
  caller: AuthContext,
  campaignId: string,
): Promise<CampaignSummary> {
  requireMember(caller);
  const campaign = await repo.findCampaign(deps.db, caller.applicationId, campaignId);
  if (!campaign) throw notFound('No such campaign.');
  const moved = await repo.moveCampaign(
    deps.db,
    caller.applicationId,
    campaign.id,
    ['draft', 'scheduled', 'sending'],
    'cancelled',
    { finishedAt: new Date() },
  );
  if (!moved)
    throw new AppError(
      409,
      'CAMPAIGN_FINISHED',
      `The campaign is ${campaign.status} and cannot be cancelled.`,
    );
  const row = (await repo.findCampaign(deps.db, caller.applicationId, campaign.id))!;
  return summaryOf(row, await repo.progressOf(deps.db, caller.applicationId, [row.id]));
}

function draftOf(row: repo.CampaignRow): CampaignDraft {
  const form = campaignDraftFormSchema.parse((row.platforms as { draft?: unknown }).draft ?? {});
  return {
    campaignId: row.id,
    status: 'draft',
    form: { ...form, name: row.name },
    createdAt: row.createdAt.getTime(),
  };
}

/**
 * Saves the campaign form without sending (issue 35, item 6): a new draft, or the same draft
 * again. Nothing is checked beyond shapes and sizes: a draft may be half written; sending it
 * checks everything. Stored as a campaign in status `draft` with no recipients, so it is listed
 * with the others (and `status=draft` lists only drafts) and cancelled like them.
 */
export async function saveDraft(
  deps: Pick<CampaignDeps, 'db'>,
  caller: AuthContext,
  input: CampaignDraftRequest,
): Promise<CampaignDraft> {
  requireMember(caller);
  const { campaignId, ...form } = campaignDraftRequestSchema.parse(input);
  const values = { name: form.name, platforms: { draft: form satisfies CampaignDraftForm } };
  if (campaignId) {
    const row = await repo.updateDraft(deps.db, caller.applicationId, campaignId, values);
    if (!row) throw notFound('No such draft.');
    return draftOf(row);
  }
  const row = await repo.insertCampaign(deps.db, {
    ...values,
    applicationId: caller.applicationId,
    status: 'draft',
    createdBy: caller.userName,
  });
  return draftOf(row);
}

/** Reopens a draft: the form as it was saved. */
export async function getDraft(
  deps: Pick<CampaignDeps, 'db'>,
  caller: AuthContext,
  campaignId: string,
): Promise<CampaignDraft> {
  requireMember(caller);
  const row = await repo.findCampaign(deps.db, caller.applicationId, campaignId);
  if (row?.status !== 'draft') throw notFound('No such draft.');
  return draftOf(row);
}

/**
 * Deletes a draft for good. Only a draft: once sent it is a campaign (cancel stops it, its results
 * stay). A draft has no recipients and no job, so removing its row is all there is to it.
 */
export async function deleteDraft(
  deps: Pick<CampaignDeps, 'db'>,
  caller: AuthContext,
  campaignId: string,
): Promise<CampaignDraftDeleted> {
  requireMember(caller);
  if (!(await repo.takeDraft(deps.db, caller.applicationId, campaignId))) throw notFound('No such draft.');
  return { campaignId, deleted: true };
}

/** The customer's campaign opt-out (consent): set by an agent or through the API. */
export async function setOptOut(
  deps: Pick<CampaignDeps, 'db'>,
  caller: AuthContext,
  userId: string,
  optedOut: boolean,
): Promise<{ userId: string; optedOut: boolean }> {
  requireMember(caller);
  const customer = await repo.findCustomer(deps.db, caller.applicationId, userId);
  if (!customer) throw notFound('No such user.');
  if (optedOut) await repo.setOptOut(deps.db, caller.applicationId, customer.id, 'agent');
  else await repo.clearOptOut(deps.db, caller.applicationId, customer.id);
  return { userId: customer.userId, optedOut };
}
