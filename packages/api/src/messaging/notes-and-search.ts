import { CONVERSATION_STATUS, NOTES_PAGE_SIZE } from '@convo/domain';
import * as z from 'zod/mini';
import {
  CONVERSATION_PAGE_DEFAULT,
  CONVERSATION_PAGE_MAX,
  CONVERSATION_SORTS,
  MESSAGE_LOG_PAGE_DEFAULT,
  MESSAGE_LOG_PAGE_MAX,
  NOTE_MAX_LENGTH,
  TIMELINE_PAGE_DEFAULT,
  TIMELINE_PAGE_MAX,
} from './constants.js';
import { groupFeedSchema, messageSchema, platformOk } from './messaging.js';

// Messaging API (/rest/ws/...) shapes for conversation notes, the conversation timeline, the
// conversation lists (waiting queue, support search with the SPEC §3 conversation filter, the
// caller's feed) and the message logs screen.

const MAX_OFFSET = 100_000;
const MAX_EPOCH_MS = 8_640_000_000_000_000;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const STATUS_MIN = CONVERSATION_STATUS.INITIAL;
const STATUS_MAX = CONVERSATION_STATUS.WAITING;

/** Empty query values (`?endTime=`) mean "not given". */
const blankToUndefined = (v: unknown) => (v === '' || v === null ? undefined : v);

/**
 * zod mini has no `preprocess`: `fn` runs before `schema` checks what it returns. The same pipe as
 * classic zod's at run time, and typed as it is: any input, a key optional where `schema`'s is.
 */
function preprocess<U extends z.core.$ZodType<unknown, unknown>>(fn: (value: unknown) => unknown, schema: U) {
  const pipe: z.core.$ZodType = z.pipe(z.transform(fn), schema);
  return pipe as z.ZodMiniType<z.output<U>, unknown, z.core.$ZodPreprocessInternals<U, unknown>>;
}

const pageStart = z._default(
  z.coerce
    .number()
    .check(
      z.int(),
      z.gte(0, 'startIndex must be 0 or more'),
      z.lte(MAX_OFFSET, `startIndex must be at most ${MAX_OFFSET}`),
    ),
  0,
);

const pageSizeOf = (max: number, fallback: number) =>
  z._default(
    z.coerce
      .number()
      .check(z.int(), z.gte(1, 'pageSize must be at least 1'), z.lte(max, `pageSize must be at most ${max}`)),
    fallback,
  );

/** Epoch milliseconds, in a query string or a JSON body; blank means absent. */
const epochMs = preprocess(
  blankToUndefined,
  z.optional(
    z.coerce
      .number({ error: 'must be a time in epoch milliseconds' })
      .check(
        z.int('must be a time in epoch milliseconds'),
        z.gte(0, 'must be a time in epoch milliseconds'),
        z.lte(MAX_EPOCH_MS, 'is too far in the future'),
      ),
  ),
);

const conversationStatus = z.coerce
  .number({ error: 'status must be a number' })
  .check(
    z.int('status must be a whole number'),
    z.gte(STATUS_MIN, `status must be between ${STATUS_MIN} and ${STATUS_MAX}`),
    z.lte(STATUS_MAX, `status must be between ${STATUS_MIN} and ${STATUS_MAX}`),
  );

/** `status=0,1`, `status=0&status=1` or `status=7`: a list of conversation statuses. */
const statusListQuery = preprocess(
  (v) => {
    const items = Array.isArray(v) ? v : v === undefined || v === '' ? [] : [v];
    return items
      .flatMap((item) => (typeof item === 'string' ? item.split(',') : [item]))
      .map((item) => (typeof item === 'string' ? item.trim() : item))
      .filter((item) => item !== '');
  },
  z.array(conversationStatus).check(z.maxLength(20, 'at most 20 statuses')),
);

// ---------------------------------------------------------------------------------------------
// Notes (SPEC §3 Notes: limit, offset, data; page of 10 per §9)

export const noteAuthorSchema = z.object({ userId: z.string(), displayName: z.string() });

export const noteSchema = z.object({
  id: z.string(),
  groupId: z.number(),
  body: z.string(),
  author: noteAuthorSchema,
  createdAtTime: z.number(),
  updatedAtTime: z.number(),
});
export type Note = z.infer<typeof noteSchema>;

/** The conversation's id as written in the path; checked by the server ('GroupId id is required'). */
export const groupIdParamsSchema = z.object({ groupId: z.string() });

export const noteIdParamsSchema = z.object({
  noteId: z.string().check(z.trim(), z.regex(UUID_PATTERN, 'noteId must be the id of a note')),
});

export const noteListQuerySchema = z.object({
  limit: z._default(
    z.coerce
      .number()
      .check(
        z.int(),
        z.gte(1, 'limit must be at least 1'),
        z.lte(CONVERSATION_PAGE_MAX, `limit must be at most ${CONVERSATION_PAGE_MAX}`),
      ),
    NOTES_PAGE_SIZE,
  ),
  offset: z._default(
    z.coerce
      .number()
      .check(
        z.int(),
        z.gte(0, 'offset must be 0 or more'),
        z.lte(MAX_OFFSET, `offset must be at most ${MAX_OFFSET}`),
      ),
    0,
  ),
});

export const noteWriteRequestSchema = z.object({
  body: z
    .string({ error: 'body is required' })
    .check(
      z.trim(),
      z.minLength(1, 'A note needs some text.'),
      z.maxLength(NOTE_MAX_LENGTH, `A note is at most ${NOTE_MAX_LENGTH} characters.`),
    ),
});
export type NoteWriteRequest = z.input<typeof noteWriteRequestSchema>;

export const notePageSchema = z.object({
  limit: z.number(),
  offset: z.number(),
  total: z.number(),
  data: z.array(noteSchema),
});
export type NotePage = z.infer<typeof notePageSchema>;

export const noteListResponseSchema = platformOk(notePageSchema);
export const noteResponseSchema = platformOk(noteSchema);
export const noteDeleteResponseSchema = platformOk(z.object({ id: z.string(), deleted: z.literal(true) }));

// ---------------------------------------------------------------------------------------------
// Timeline (conversation_events: assignment, status, tags, notes…)

export const timelineEventSchema = z.object({
  id: z.number(),
  /** created, assigned, status, tagged, untagged, note… */
  type: z.string(),
  /** Who did it; null for the system (routing, auto-resolve). */
  actor: z.nullable(noteAuthorSchema),
  data: z.record(z.string(), z.unknown()),
  createdAtTime: z.number(),
});
export type TimelineEvent = z.infer<typeof timelineEventSchema>;

export const timelineQuerySchema = z.object({
  startIndex: pageStart,
  pageSize: pageSizeOf(TIMELINE_PAGE_MAX, TIMELINE_PAGE_DEFAULT),
});

export const timelinePageSchema = z.object({
  data: z.array(timelineEventSchema),
  nextStartIndex: z.nullable(z.number()),
});
export const timelineResponseSchema = platformOk(timelinePageSchema);

// ---------------------------------------------------------------------------------------------
// Conversation lists and the SPEC §3 conversation filter

export const conversationFilterSchema = z.object({
  /** Conversation statuses (SPEC §4), any of them; one number is read as a list of one. */
  status: z.optional(
    preprocess(
      (v) => (v === undefined || Array.isArray(v) ? v : [v]),
      z.array(conversationStatus).check(z.maxLength(20)),
    ),
  ),
  /** Tag names: conversations carrying any of them. */
  tags: z.optional(
    z
      .array(z.string().check(z.trim(), z.minLength(1, 'a tag name is empty'), z.maxLength(100)))
      .check(z.maxLength(50)),
  ),
  /** The assignee's userId, or 'unassigned'. */
  assignee: z.optional(z.string().check(z.trim(), z.maxLength(190))),
  /** The team's clientGroupId. */
  teamId: z.optional(z.string().check(z.trim(), z.maxLength(190))),
  /** The customer's userId: that customer's conversations (the inbox's "past conversations"). */
  customer: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(190))),
  /** The channel the conversation came from (web, mail, whatsapp…). */
  channel: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(40))),
  /** bot: a bot is still handling it; human: no bot is active. */
  handledBy: z.optional(z.enum(['bot', 'human'])),
  /** Words searched in the messages (full text) and in the conversation name. */
  content: z.optional(z.string().check(z.trim(), z.maxLength(500, 'content must be at most 500 characters'))),
  /** Conversation metadata that must be equal (all of them). */
  attributeFilter: z.optional(
    z
      .record(
        z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
        z.union([z.string().check(z.maxLength(2000)), z.number(), z.boolean()]),
      )
      .check(z.refine((f) => Object.keys(f).length <= 20, 'attributeFilter has at most 20 entries')),
  ),
  searchFilter: z.optional(
    z.object({
      /** Conversations created at or after this time (epoch ms). */
      startTime: epochMs,
      /** Conversations created at or before this time (epoch ms). */
      endTime: epochMs,
      /** true: the customer left an e-mail; false: an anonymous customer. */
      knownuser: z.optional(
        z.pipe(
          z.union([z.boolean(), z.enum(['true', 'false'])]),
          z.transform((v) => v === true || v === 'true'),
        ),
      ),
    }),
  ),
  /** newest/oldest: by last activity; waiting: longest waiting first. */
  sort: z._default(z.enum(CONVERSATION_SORTS), 'newest'),
  startIndex: pageStart,
  pageSize: pageSizeOf(CONVERSATION_PAGE_MAX, CONVERSATION_PAGE_DEFAULT),
});
export type ConversationFilterRequest = z.input<typeof conversationFilterSchema>;
export type ConversationFilter = z.output<typeof conversationFilterSchema>;

/** The search body: the filter; an empty body searches everything. */
export const conversationSearchRequestSchema = preprocess(
  (v) => (v === undefined || v === null ? {} : v),
  conversationFilterSchema,
);

export const waitingListQuerySchema = z.object({
  startIndex: pageStart,
  pageSize: pageSizeOf(CONVERSATION_PAGE_MAX, CONVERSATION_PAGE_DEFAULT),
});

export const conversationListQuerySchema = z.object({
  startIndex: pageStart,
  pageSize: pageSizeOf(CONVERSATION_PAGE_MAX, CONVERSATION_PAGE_DEFAULT),
  /** Statuses to keep (`0,1` or repeated); all when absent. */
  status: z.optional(statusListQuery),
});

/** `group/bytype` as the Kommunicate widget calls it: `type=10&startIndex=0&limit=…`. */
export const groupByTypeQuerySchema = z.object({
  type: z.coerce.number().check(z.int(), z.gte(0), z.lte(200)),
  startIndex: pageStart,
  limit: pageSizeOf(CONVERSATION_PAGE_MAX, CONVERSATION_PAGE_DEFAULT),
});

export const conversationPageSchema = z.object({
  groupFeeds: z.array(groupFeedSchema),
  /** Only where counting is cheap; the search leaves it out. */
  total: z.optional(z.number()),
  /** Where the next page starts, or null on the last page. */
  nextStartIndex: z.nullable(z.number()),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;
export const conversationPageResponseSchema = platformOk(conversationPageSchema);

// ---------------------------------------------------------------------------------------------
// Message logs (`message/filter`)

export const messageLogQuerySchema = z.object({
  startTime: epochMs,
  endTime: epochMs,
  startIndex: pageStart,
  pageSize: pageSizeOf(MESSAGE_LOG_PAGE_MAX, MESSAGE_LOG_PAGE_DEFAULT),
  groupId: preprocess(
    blankToUndefined,
    z.optional(
      z.coerce
        .number({ error: 'groupId must be a conversation id' })
        .check(
          z.int('groupId must be a conversation id'),
          z.positive('groupId must be a conversation id'),
          z.lte(Number.MAX_SAFE_INTEGER, 'groupId must be a conversation id'),
        ),
    ),
  ),
});
export type MessageLogQuery = z.output<typeof messageLogQuerySchema>;

export const messageLogSchema = z.extend(messageSchema, { groupName: z.string() });
export type MessageLog = z.infer<typeof messageLogSchema>;

export const messageLogPageSchema = z.object({
  messages: z.array(messageLogSchema),
  nextStartIndex: z.nullable(z.number()),
});
export const messageLogResponseSchema = platformOk(messageLogPageSchema);

// ---------------------------------------------------------------------------------------------
