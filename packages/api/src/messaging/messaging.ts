import * as z from 'zod/mini';
import { queryBooleanSchema } from '../shared/index.js';

// Messaging API (/rest/ws/...) shapes for conversations (groups) and messages, following the
// public Applozic/Kommunicate fields (shared/reference/applozic-api.md §3–§5).

/** Metadata values arrive as strings in the platform's clients; we keep scalars as sent. */
export const metadataSchema = z.record(
  z.string().check(z.maxLength(200)),
  z.union([z.string().check(z.maxLength(20_000)), z.number(), z.boolean()]),
);

/**
 * Metadata of a message that goes out as an approved WhatsApp template (its JSON: id, name,
 * language, parameters). Only the template send sets it: a template may go after the 24-hour
 * window, so a plain send may not claim to be one.
 */
export const WHATSAPP_TEMPLATE_METADATA_KEY = 'WHATSAPP_TEMPLATE';

const groupRef = {
  groupId: z.optional(z.coerce.number().check(z.int(), z.positive())),
  clientGroupId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(190))),
};

export const messageSendRequestSchema = z
  .object({
    /**
     * The client's own id of the message: a retried send with the same key is stored once. The
     * platform's documented v2 body has none, so the server makes one up when it is missing.
     */
    key: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(190))),
    message: z._default(z.string().check(z.maxLength(20_000)), ''),
    contentType: z._default(z.coerce.number().check(z.int()), 0),
    metadata: z.optional(metadataSchema),
    fileMeta: z.optional(z.record(z.string(), z.unknown())),
    source: z.optional(z.coerce.number().check(z.int())),
    /** One-to-one send: the userId of the other party; the message goes to the conversation they share. */
    to: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(190))),
    /** Kommunicate's Platform API: the userId the message is sent as (admins only, like `Of-User-Id`). */
    fromUserName: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(190))),
    ...groupRef,
  })
  .check(
    z.refine((b) => b.groupId !== undefined || b.clientGroupId !== undefined || b.to !== undefined, {
      message: 'groupId, clientGroupId or to is required',
      path: ['groupId'],
    }),
    z.refine((b) => b.metadata?.[WHATSAPP_TEMPLATE_METADATA_KEY] === undefined, {
      message: `metadata.${WHATSAPP_TEMPLATE_METADATA_KEY} is set only by the WhatsApp template send`,
      path: ['metadata'],
    }),
  );
export type MessageSendRequest = z.input<typeof messageSendRequestSchema>;

export const messageSendResponseSchema = z.object({
  messageKey: z.string(),
  createdAt: z.number(),
  /** The conversation's id, which the widget sends back on its next send there. */
  conversationId: z.number(),
  groupId: z.number(),
  id: z.number(),
});

/**
 * A message in the platform's shape (toApplozicMessage in @convo/domain: type 4/5 relative to the
 * caller, to/contactIds, pairedMessageKey, sent/delivered/read, fileMeta only with a file) plus
 * Convo's own fields (id, from, senderType) that the dashboard and the widget read.
 */
export const messageSchema = z.object({
  key: z.string(),
  pairedMessageKey: z.string(),
  id: z.number(),
  groupId: z.number(),
  clientGroupId: z.nullable(z.string()),
  conversationId: z.number(),
  to: z.nullable(z.string()),
  contactIds: z.nullable(z.string()),
  from: z.nullable(z.string()),
  message: z.string(),
  contentType: z.number(),
  senderType: z.number(),
  metadata: z.record(z.string(), z.unknown()),
  fileMeta: z.optional(z.record(z.string(), z.unknown())),
  createdAtTime: z.number(),
  type: z.number(),
  sent: z.boolean(),
  delivered: z.boolean(),
  read: z.boolean(),
  status: z.number(),
  source: z.number(),
});
export type Message = z.infer<typeof messageSchema>;

export const groupUserSchema = z.object({ userId: z.string(), role: z.string(), displayName: z.string() });

export const groupMemberUserSchema = z.object({
  id: z.string(),
  userId: z.string(),
  displayName: z.string(),
  connected: z.boolean(),
  createdAtTime: z.number(),
  unreadCount: z.number(),
  deactivated: z.boolean(),
});

export const groupFeedSchema = z.object({
  id: z.number(),
  clientGroupId: z.string(),
  name: z.string(),
  type: z.number(),
  adminId: z.nullable(z.string()),
  membersId: z.array(z.string()),
  groupUsers: z.array(groupUserSchema),
  /** The members as the platform's create answer lists them (the widget reads `users`). */
  users: z.array(groupMemberUserSchema),
  metadata: z.record(z.string(), z.unknown()),
  status: z.number(),
  assignee: z.nullable(z.string()),
  teamId: z.nullable(z.string()),
  tags: z.array(z.object({ id: z.string(), name: z.string() })),
  unreadCount: z.number(),
  createdAtTime: z.number(),
  updatedAtTime: z.number(),
  lastMessageAtTime: z.nullable(z.number()),
  /** The messaging channel the customer wrote on (telegram…); absent for the website widget. */
  channel: z.optional(z.string()),
  /**
   * Channels with a 24-hour customer-service window (WhatsApp, Messenger, Instagram): when free
   * text stops being allowed (epoch ms); null when the customer never wrote. Absent elsewhere.
   */
  serviceWindowClosesAt: z.optional(z.nullable(z.number())),
  /**
   * Conversation lists only (search, waiting list, group/v2/list): the last message's first line
   * (empty for a file) and who sent it (SENDER_TYPE); null without a previewable message.
   */
  lastMessage: z.optional(
    z.nullable(z.object({ preview: z.string(), contentType: z.number(), senderType: z.number() })),
  ),
});
export type GroupFeed = z.infer<typeof groupFeedSchema>;

export const userDetailSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  roleType: z.nullable(z.string()),
  imageLink: z.nullable(z.string()),
  connected: z.boolean(),
  status: z.number(),
});

export const messageListQuerySchema = z.object({
  ...groupRef,
  startIndex: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(100_000)), 0),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(200)), 50),
  endTime: z.optional(z.coerce.number().check(z.int(), z.positive())),
});

/** The platform's conversationPxy (contextual chat): one per Convo conversation. */
export const conversationPxySchema = z.object({
  id: z.number(),
  topicId: z.string(),
  groupId: z.number(),
  closed: z.boolean(),
});

export const messageListResponseSchema = z.object({
  message: z.array(messageSchema),
  groupFeeds: z.array(groupFeedSchema),
  userDetails: z.array(userDetailSchema),
  /** Contextual-chat topics of the platform; always empty here, present because clients read it. */
  conversationPxys: z.array(conversationPxySchema),
});

/** `message/detail?keys=k1,k2` (the widget's reply preview asks one key). */
export const messageDetailQuerySchema = z.object({
  keys: z.pipe(
    z.pipe(
      z.union([z.string(), z.array(z.string())]),
      z.transform((v) =>
        (Array.isArray(v) ? v : [v])
          .flatMap((x) => x.split(','))
          .map((x) => x.trim())
          .filter((x) => x !== ''),
      ),
    ),
    z.array(z.string().check(z.maxLength(190))).check(z.minLength(1, 'keys is required'), z.maxLength(100)),
  ),
});

export const groupCreateRequestSchema = z.object({
  groupName: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
  clientGroupId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(190))),
  type: z._default(z.coerce.number().check(z.int(), z.gte(0), z.lte(12)), 10),
  admin: z.optional(z.string().check(z.trim(), z.maxLength(190))),
  groupMemberList: z.optional(
    z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(190))).check(z.maxLength(100)),
  ),
  users: z.optional(
    z
      .array(
        z.object({
          userId: z.string().check(z.trim(), z.minLength(1), z.maxLength(190)),
          groupRole: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(3))),
        }),
      )
      .check(z.maxLength(100)),
  ),
  metadata: z.optional(metadataSchema),
  imageUrl: z.optional(z.string().check(z.maxLength(2048))),
});
export type GroupCreateRequest = z.input<typeof groupCreateRequestSchema>;
export type GroupCreateInput = z.infer<typeof groupCreateRequestSchema>;

export const groupQuerySchema = z.object(groupRef).check(
  z.refine((b) => b.groupId !== undefined || b.clientGroupId !== undefined, {
    message: 'groupId or clientGroupId is required',
    path: ['groupId'],
  }),
);

/** Several conversations at once: `groupIds=1&groupIds=2` or `groupIds=1,2`. */
export const multiGroupQuerySchema = z.object({
  groupIds: z.pipe(
    z.pipe(
      z.union([z.string(), z.array(z.string())]),
      z.transform((v) =>
        (Array.isArray(v) ? v : [v])
          .flatMap((x) => x.split(','))
          .map((x) => Number(x.trim()))
          .filter((n) => n !== 0),
      ),
    ),
    z.array(z.number().check(z.int(), z.positive())).check(z.minLength(1), z.maxLength(100)),
  ),
});

export const statusChangeQuerySchema = z.object({
  ...groupRef,
  status: z.coerce.number().check(z.int()),
});

export const bulkStatusChangeRequestSchema = z.object({
  groupIds: z.array(z.coerce.number().check(z.int(), z.positive())).check(z.minLength(1), z.maxLength(1000)),
  status: z.coerce.number().check(z.int()),
});

export const assigneeChangeQuerySchema = z.object({
  ...groupRef,
  assignee: z.string().check(z.trim(), z.minLength(1), z.maxLength(190)),
  takeOverFromBot: z._default(queryBooleanSchema, false),
  switchAssignee: z._default(queryBooleanSchema, true),
  sendNotifyMessage: z._default(queryBooleanSchema, true),
});

/**
 * Team assignment (KM_ASSIGN_TEAM): `teamId` is the team's client group id, as the feed's
 * `teamId` and KM_TEAM_ID name it.
 */
export const teamChangeQuerySchema = z.object({
  ...groupRef,
  teamId: z
    .string({ error: 'teamId is required' })
    .check(z.trim(), z.minLength(1, 'teamId is required'), z.maxLength(190)),
});

export const tagsChangeRequestSchema = z.object({
  ...groupRef,
  tags: z
    .array(z.string().check(z.trim(), z.minLength(1), z.maxLength(100)))
    .check(z.minLength(1), z.maxLength(50)),
});

export const platformOk = <T extends z.core.$ZodType>(response: T) =>
  z.object({ status: z.literal('success'), generatedAt: z.number(), response });

/** `conversation/topicId?id=`: the platform's conversationPxy of one conversation (packages/domain). */
export const conversationTopicQuerySchema = z.object({ id: z.coerce.number().check(z.int(), z.positive()) });

export const MESSAGING_PATHS = {
  messageSend: '/rest/ws/message/send',
  messageSendV2: '/rest/ws/message/v2/send',
  messageList: '/rest/ws/message/list',
  messageListV2: '/rest/ws/message/v2/list',
  messageListV3: '/rest/ws/message/v3/list',
  messageDetail: '/rest/ws/message/detail',
  /** The conversationPxy of a message's `conversationId` (the widget's getTopicId). */
  conversationTopic: '/rest/ws/conversation/topicId',
  groupCreate: '/rest/ws/group/v2/create',
  groupCreateV21: '/rest/ws/group/v2.1/create',
  groupInfo: '/rest/ws/group/v2/info',
  groupInfoMultiple: '/rest/ws/group/v2/info/multiple',
  statusChange: '/rest/ws/group/status/change',
  statusChangeAll: '/rest/ws/group/status/change/all',
  assigneeChange: '/rest/ws/group/v2/assignee/change',
  /** The Platform API's non-v2 path: same query, its answer the result word ("updated"…). */
  assigneeChangeV1: '/rest/ws/group/assignee/change',
  teamChange: '/rest/ws/group/v2/team/change',
  tags: '/rest/ws/group/:operation/tags',
  websocket: '/ws',
} as const;
