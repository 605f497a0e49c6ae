import { isRoleType, SLACK_SOURCE, unescapeSlackText } from '@convo/domain';
import { z } from 'zod';
import type { AuthContext } from '../../../http/auth.js';
import { AppError, notFound } from '../../../http/errors.js';
import type { Db } from '../../../platform/db/database.js';
import { enqueue, type JobHandler } from '../../../platform/jobs/job-queue.js';
import { sendMessage } from '../../messages/index.js';
import type { Realtime } from '../../realtime/index.js';
import { accountForDelivery } from '../account-cache.js';
import { ChannelProviderError } from '../connector.js';
import { openSlackConfig, slackApiOf } from './connector.js';
import { slackAccountOf } from './mirror.js';
import * as repo from './repository.js';
import { verifySlackSignature } from './signature.js';

// Slack's Events API: a team member's reply in a mirrored thread becomes an agent message of the
// conversation, sent to the customer like any agent reply. The delivery is checked (Slack's
// signing, 401 otherwise: nothing stored), answered at once (Slack wants an answer within 3 s)
// and handled by a `slack.event` job: the Slack user is matched to a team member by e-mail
// (users.info), or the thread gets a note saying why the reply went nowhere. A delivery Slack
// retries (X-Slack-Retry-Num, same event_id) is taken once. Our own bot's posts come back as
// events too (bot_id, or a subtype): ignored, or every mirrored line would loop back.

export const SLACK_EVENT_QUEUE = 'slack.event';
/** A users.info outage of a few hours still delivers the reply. */
const SLACK_EVENT_MAX_ATTEMPTS = 30;

const messageEventSchema = z.object({
  type: z.literal('message'),
  channel: z.string(),
  user: z.string().optional(),
  text: z.string().default(''),
  ts: z.string(),
  thread_ts: z.string().optional(),
  bot_id: z.string().optional(),
  subtype: z.string().optional(),
});
const deliverySchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('url_verification'), challenge: z.string().max(500) }),
  z.object({ type: z.literal('event_callback'), event_id: z.string().min(1).max(100), event: z.unknown() }),
  z.object({ type: z.literal('app_rate_limited') }),
]);

const jobSchema = z.object({
  eventId: z.string(),
  channel: z.string(),
  user: z.string(),
  text: z.string(),
  ts: z.string(),
  threadTs: z.string(),
});
type SlackReply = z.infer<typeof jobSchema>;

export interface SlackEventsDeps {
  db: Db;
  appSecret: string;
  realtime: Realtime;
}

const notConnected = () =>
  notFound('No such channel: the application does not exist or has not connected this channel.');

/** A reply in one of the mirror's threads, by a person (not a bot, not an edit or a join). */
function replyOf(event: unknown, channelId: string, botUserId: string, eventId: string): SlackReply | null {
  const parsed = messageEventSchema.safeParse(event);
  if (!parsed.success) return null;
  const e = parsed.data;
  if (e.bot_id || e.subtype || !e.user || e.user === botUserId) return null;
  if (e.channel !== channelId || !e.thread_ts || e.thread_ts === e.ts) return null;
  if (e.text.trim() === '') return null;
  return { eventId, channel: e.channel, user: e.user, text: e.text, ts: e.ts, threadTs: e.thread_ts };
}

/**
 * Handles one Events API delivery; answers Slack's challenge for a url_verification, else null.
 * 404 for an application without Slack, 401 for a missing, wrong or stale signature.
 */
export async function receiveSlackEvents(
  deps: SlackEventsDeps,
  applicationId: string,
  headers: Readonly<Record<string, string | string[] | undefined>>,
  rawBody: string,
): Promise<{ challenge: string } | { queued: number }> {
  const found = await accountForDelivery(deps.db, applicationId, 'slack');
  if (!found || found.application.disabledAt) throw notConnected();
  const config = openSlackConfig(deps.appSecret, found.account.sealedConfig);
  if (config === null || !verifySlackSignature(headers, config.signingSecret, rawBody)) {
    throw new AppError(401, 'INVALID_SIGNATURE', 'The delivery is not signed with this channel’s secret.');
  }
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    body = undefined;
  }
  const delivery = deliverySchema.safeParse(body);
  if (!delivery.success) return { queued: 0 };
  if (delivery.data.type === 'url_verification') return { challenge: delivery.data.challenge };
  // A disabled channel is acknowledged (Slack stops retrying) and ignored.
  if (delivery.data.type !== 'event_callback' || found.account.status === 'disabled') return { queued: 0 };
  const reply = replyOf(delivery.data.event, config.channelId, config.botUserId, delivery.data.event_id);
  if (!reply) return { queued: 0 };
  const queued = await deps.db.transaction(async (tx) => {
    // Slack's retry of a delivery we took (X-Slack-Retry-Num): the same event_id, taken once.
    if (!(await repo.takeEvent(tx, applicationId, reply.eventId))) return 0;
    await enqueue(tx, {
      queue: SLACK_EVENT_QUEUE,
      applicationId,
      payload: { ...reply },
      maxAttempts: SLACK_EVENT_MAX_ATTEMPTS,
    });
    return 1;
  });
  if (queued > 0) deps.realtime.wakeJobs(SLACK_EVENT_QUEUE);
  return { queued };
}

export interface SlackEventJobDeps extends SlackEventsDeps {
  apiUrl: string;
  publicUrl?: string | undefined;
}

export function slackEventHandler(deps: SlackEventJobDeps): JobHandler {
  return async (job) => {
    const reply = jobSchema.parse(job.payload);
    const applicationId = job.applicationId;
    if (!applicationId) return;
    const account = await slackAccountOf({ ...deps, publicUrl: deps.publicUrl ?? '' }, applicationId);
    if ('error' in account || account.config.channelId !== reply.channel) return;
    const conversationId = await repo.findConversationOfThread(
      deps.db,
      applicationId,
      reply.channel,
      reply.threadTs,
    );
    if (conversationId === undefined) return;
    const slack = slackApiOf(deps.apiUrl, account.config);
    const note = (text: string) => slack.post(reply.channel, text, reply.threadTs);

    let email = '';
    try {
      email = (await slack.userInfo(reply.user)).profile.email?.trim() ?? '';
    } catch (err) {
      // Slack down: the job retries. A refusal (missing scope, user gone): the thread says so.
      if (!(err instanceof ChannelProviderError) || err.retryable) throw err;
      await note(`:warning: <@${reply.user}>, this reply was not sent to the customer: ${err.message}.`);
      return;
    }
    if (email === '') {
      await note(
        `:warning: <@${reply.user}>, this reply was not sent to the customer: Slack did not give your e-mail ` +
          '(the Slack app needs the users:read.email scope), so no team member could be matched.',
      );
      return;
    }
    const member = await repo.findTeamMemberByEmail(deps.db, applicationId, email);
    if (!member || !isRoleType(member.roleType)) {
      await note(
        `:warning: <@${reply.user}>, this reply was not sent to the customer: no active team member ` +
          `in Convo has your Slack e-mail (${email}). Ask an admin to invite you, or reply from the dashboard.`,
      );
      return;
    }
    const caller: AuthContext = {
      tokenHash: '',
      userId: member.id,
      userName: member.userId,
      applicationId,
      roleType: member.roleType,
      product: 'classic',
      sessionExpiresAt: new Date(Date.now() + 60_000),
    };
    try {
      // The Slack message's ts is the key: a retried job stores the reply once.
      await sendMessage({ db: deps.db, realtime: deps.realtime, publicUrl: deps.publicUrl }, caller, {
        groupId: conversationId,
        key: `slack:${reply.channel}:${reply.ts}`,
        message: unescapeSlackText(reply.text),
        contentType: 0,
        metadata: { source: SLACK_SOURCE, slackTs: reply.ts },
      });
    } catch (err) {
      // Refused by our rules (a closed WhatsApp window, a conversation gone): the thread says why.
      if (!(err instanceof AppError) || err.statusCode >= 500) throw err;
      await note(`:warning: <@${reply.user}>, this reply was not sent to the customer: ${err.message}`);
    }
  };
}
