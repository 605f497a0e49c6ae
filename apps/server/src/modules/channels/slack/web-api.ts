import { ErrorCode, WebClient } from '@slack/web-api';
import { z } from 'zod';
import { ChannelProviderError } from '../connector.js';

// Slack's Web API through the official SDK (@slack/web-api), with the calls the mirror makes and
// their answers checked. Retries belong to our job queue (its backoff, the outbox's order), so the
// SDK retries nothing and a 429 comes back at once as a retryable error.

const TIMEOUT_MS = 15_000;

/** Slack's errors that retrying cannot fix are named; anything else on a 200 is Slack's trouble. */
const PERMANENT = new Set([
  'invalid_auth',
  'not_authed',
  'account_inactive',
  'token_revoked',
  'token_expired',
  'no_permission',
  'missing_scope',
  'channel_not_found',
  'not_in_channel',
  'is_archived',
  'msg_too_long',
  'no_text',
  'user_not_found',
  'user_not_visible',
  'invalid_arguments',
  'thread_not_found',
  'restricted_action',
]);

/** The SDK's error as ours: the message the admin reads in the hub, and whether to try again. */
export function slackError(method: string, err: unknown): ChannelProviderError {
  const code = (err as { code?: unknown }).code;
  if (code === ErrorCode.PlatformError) {
    const error = String((err as { data?: { error?: unknown } }).data?.error ?? 'unknown_error');
    return new ChannelProviderError(`Slack ${method}: ${error}`, !PERMANENT.has(error));
  }
  if (code === ErrorCode.RateLimitedError) {
    const after = (err as { retryAfter?: unknown }).retryAfter;
    return new ChannelProviderError(`Slack ${method}: rate limited (retry after ${String(after)} s)`, true);
  }
  if (code === ErrorCode.HTTPError) {
    const status = Number((err as { statusCode?: unknown }).statusCode);
    return new ChannelProviderError(`Slack ${method}: HTTP ${status}`, status === 429 || status >= 500);
  }
  const message = err instanceof Error ? err.message : String(err);
  return new ChannelProviderError(`Slack could not be reached: ${message}`, true);
}

const authTestSchema = z.object({
  team: z.string().default(''),
  team_id: z.string().default(''),
  user_id: z.string(),
  bot_id: z.string().optional(),
  url: z.string().default(''),
});
const channelListSchema = z.object({
  channels: z
    .array(
      z.object({
        id: z.string(),
        name: z.string().default(''),
        is_private: z.boolean().default(false),
        is_member: z.boolean().default(false),
        is_archived: z.boolean().default(false),
      }),
    )
    .default([]),
  response_metadata: z.object({ next_cursor: z.string().default('') }).optional(),
});
const postedSchema = z.object({ ts: z.string(), channel: z.string() });
const userInfoSchema = z.object({
  user: z.object({
    id: z.string(),
    name: z.string().default(''),
    is_bot: z.boolean().default(false),
    real_name: z.string().optional(),
    profile: z.object({ email: z.string().optional(), display_name: z.string().optional() }).default({}),
  }),
});

export type SlackChannelInfo = z.infer<typeof channelListSchema>['channels'][number];
export type SlackUser = z.infer<typeof userInfoSchema>['user'];

/** Enough pages for any workspace an admin picks from (200 channels a page). */
const MAX_CHANNEL_PAGES = 20;

export class SlackWebApi {
  private readonly client: WebClient;

  /** `apiUrl`: SLACK_API_URL (Slack's own, or a local fake), without the trailing slash. */
  constructor(apiUrl: string, token: string) {
    this.client = new WebClient(token, {
      slackApiUrl: `${apiUrl}/`,
      retryConfig: { retries: 0 },
      rejectRateLimitedCalls: true,
      timeout: TIMEOUT_MS,
    });
  }

  private async call<T>(method: string, run: () => Promise<unknown>, schema: z.ZodType<T>): Promise<T> {
    let answer: unknown;
    try {
      answer = await run();
    } catch (err) {
      throw slackError(method, err);
    }
    const parsed = schema.safeParse(answer);
    if (!parsed.success) throw new ChannelProviderError(`Slack answered ${method} unexpectedly.`, false);
    return parsed.data;
  }

  authTest() {
    return this.call('auth.test', () => this.client.auth.test(), authTestSchema);
  }

  /** Public and private channels the token sees, not archived, every page. */
  async listChannels(): Promise<SlackChannelInfo[]> {
    const all: SlackChannelInfo[] = [];
    let cursor = '';
    for (let page = 0; page < MAX_CHANNEL_PAGES; page++) {
      const answer = await this.call(
        'conversations.list',
        () =>
          this.client.conversations.list({
            types: 'public_channel,private_channel',
            exclude_archived: true,
            limit: 200,
            ...(cursor ? { cursor } : {}),
          }),
        channelListSchema,
      );
      all.push(...answer.channels.filter((c) => !c.is_archived));
      cursor = answer.response_metadata?.next_cursor ?? '';
      if (!cursor) break;
    }
    return all;
  }

  async join(channel: string): Promise<void> {
    await this.call('conversations.join', () => this.client.conversations.join({ channel }), z.unknown());
  }

  /** Posts in the channel, in a thread when `threadTs` is given; answers the new message's ts. */
  async post(channel: string, text: string, threadTs?: string): Promise<string> {
    const posted = await this.call(
      'chat.postMessage',
      () =>
        this.client.chat.postMessage({
          channel,
          text,
          ...(threadTs ? { thread_ts: threadTs } : {}),
          unfurl_links: false,
          unfurl_media: false,
        }),
      postedSchema,
    );
    return posted.ts;
  }

  async userInfo(user: string): Promise<SlackUser> {
    return (await this.call('users.info', () => this.client.users.info({ user }), userInfoSchema)).user;
  }
}
