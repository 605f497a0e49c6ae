import { SOUNDS } from '@convo/domain';
import * as z from 'zod/mini';
import { CONVERSATION_SORTS } from '../messaging/index.js';
import {
  AUTO_RESOLVE_MAX_MINUTES,
  QUICK_REPLY_CONTENT_MAX,
  QUICK_REPLY_SHORTCUT_MAX,
  TAG_NAME_MAX,
  WAITING_MESSAGE_MAX,
  WAITING_QUEUE_MAX_LIMIT,
} from './constants.js';

// Product API (/api/...) of the inbox's settings: tags (SPEC §3 Tag: active and deleted lists),
// quick replies (shared and personal), and the conversation settings stored in app_settings
// (routing mode, bot hand-off, auto-resolve).

const ok = <T extends z.core.$ZodType>(data: T) => z.object({ code: z.literal('SUCCESS'), data });
const uuid = z
  .string()
  .check(z.regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, 'not a valid id'));
export const inboxIdParamsSchema = z.object({ id: uuid });

// ---------------------------------------------------------------------------------------------
// Tags

const hexColour = z
  .string()
  .check(z.trim(), z.regex(/^#[0-9a-fA-F]{6}$/, 'color must be a colour like #03B49B'));

export const tagSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.nullable(z.string()),
  /** One of the five SPEC §3 default tags: the server relies on them, they cannot be deleted or renamed. */
  isDefault: z.boolean(),
  deletedAt: z.nullable(z.number()),
  createdAt: z.number(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagListSchema = z.object({ active: z.array(tagSchema), deleted: z.array(tagSchema) });
export type TagList = z.infer<typeof tagListSchema>;

export const tagWriteRequestSchema = z.object({
  name: z
    .string({ error: 'name is required' })
    .check(
      z.trim(),
      z.minLength(1, 'A tag needs a name.'),
      z.maxLength(TAG_NAME_MAX, `A tag name is at most ${TAG_NAME_MAX} characters.`),
    ),
  color: z.optional(z.nullable(hexColour)),
});
export type TagWriteRequest = z.input<typeof tagWriteRequestSchema>;

export const tagListResponseSchema = ok(tagListSchema);
export const tagResponseSchema = ok(tagSchema);

// ---------------------------------------------------------------------------------------------
// Quick replies

export const quickReplySchema = z.object({
  id: z.string(),
  /** Typed after '/' in the composer. */
  shortcut: z.string(),
  content: z.string(),
  /** Shared with every teammate, else only its owner's. */
  shared: z.boolean(),
  ownerUserId: z.nullable(z.string()),
  /** The caller may edit and delete it. */
  editable: z.boolean(),
  updatedAt: z.number(),
});
export type QuickReply = z.infer<typeof quickReplySchema>;

export const quickReplyWriteRequestSchema = z.object({
  shortcut: z
    .string({ error: 'shortcut is required' })
    .check(
      z.trim(),
      z.minLength(1, 'A quick reply needs a shortcut.'),
      z.maxLength(QUICK_REPLY_SHORTCUT_MAX, `A shortcut is at most ${QUICK_REPLY_SHORTCUT_MAX} characters.`),
      z.regex(/^[^\s/]+$/, 'A shortcut is one word, without spaces or "/".'),
    ),
  content: z
    .string({ error: 'content is required' })
    .check(
      z.trim(),
      z.minLength(1, 'A quick reply needs some text.'),
      z.maxLength(QUICK_REPLY_CONTENT_MAX, `A quick reply is at most ${QUICK_REPLY_CONTENT_MAX} characters.`),
    ),
  shared: z._default(z.boolean(), false),
});
export type QuickReplyWriteRequest = z.input<typeof quickReplyWriteRequestSchema>;

export const quickReplyListResponseSchema = ok(z.array(quickReplySchema));
export const quickReplyResponseSchema = ok(quickReplySchema);
export const inboxDeletedResponseSchema = ok(z.object({ id: z.string(), deleted: z.literal(true) }));

// ---------------------------------------------------------------------------------------------
// Conversation settings (routing, hand-off, auto-resolve)

export const conversationSettingsSchema = z.object({
  /** SPEC §4 routing: 0 notify everybody, 1 automatic assignment. */
  agentRouting: z.union([z.literal(0), z.literal(1)]),
  removeBotOnAgentHandOff: z.boolean(),
  /** Minutes of silence before an open conversation is resolved; null: never. */
  autoResolveAfterMinutes: z.nullable(z.number()),
  /** Waiting queue: off, a conversation nobody is free for stays open and unassigned. */
  waitingQueueEnabled: z.boolean(),
  /** Said to the customer when their conversation starts waiting; null: nothing. */
  waitingMessage: z.nullable(z.string()),
  /** With this many waiting, a new conversation is not queued (it stays open for everybody). */
  waitingQueueMax: z.nullable(z.number()),
  /** Preferences: the inbox's default sort, resolved ones in "all", a tag before resolving. */
  defaultSort: z.enum(CONVERSATION_SORTS),
  showResolvedInAll: z.boolean(),
  requireTagToResolve: z.boolean(),
});
export type ConversationSettings = z.infer<typeof conversationSettingsSchema>;

export const conversationSettingsPatchSchema = z
  .object({
    agentRouting: z.optional(z.union([z.literal(0), z.literal(1)], { error: 'agentRouting must be 0 or 1' })),
    removeBotOnAgentHandOff: z.optional(z.boolean()),
    autoResolveAfterMinutes: z.optional(
      z.nullable(
        z
          .number()
          .check(
            z.int('autoResolveAfterMinutes must be whole minutes'),
            z.gte(1, 'autoResolveAfterMinutes must be at least 1'),
            z.lte(
              AUTO_RESOLVE_MAX_MINUTES,
              `autoResolveAfterMinutes must be at most ${AUTO_RESOLVE_MAX_MINUTES}`,
            ),
          ),
      ),
    ),
    waitingQueueEnabled: z.optional(z.boolean()),
    waitingMessage: z.pipe(
      z.optional(
        z.nullable(
          z
            .string()
            .check(
              z.trim(),
              z.maxLength(WAITING_MESSAGE_MAX, `waitingMessage is at most ${WAITING_MESSAGE_MAX} characters`),
            ),
        ),
      ),
      z.transform((v) => (v === '' ? null : v)),
    ),
    waitingQueueMax: z.optional(
      z.nullable(
        z
          .number()
          .check(
            z.int('waitingQueueMax must be a whole number'),
            z.gte(1, 'waitingQueueMax must be at least 1'),
            z.lte(WAITING_QUEUE_MAX_LIMIT, `waitingQueueMax must be at most ${WAITING_QUEUE_MAX_LIMIT}`),
          ),
      ),
    ),
    defaultSort: z.optional(
      z.enum(CONVERSATION_SORTS, { error: 'defaultSort must be newest, oldest or waiting' }),
    ),
    showResolvedInAll: z.optional(z.boolean()),
    requireTagToResolve: z.optional(z.boolean()),
  })
  .check(z.refine((b) => Object.values(b).some((v) => v !== undefined), { message: 'Nothing to update.' }));
export type ConversationSettingsPatch = z.input<typeof conversationSettingsPatchSchema>;

export const conversationSettingsResponseSchema = ok(conversationSettingsSchema);

// ---------------------------------------------------------------------------------------------
// Notification preferences (per person): the sound of SPEC §9, browser notifications, and what
// deserves an alert.

export const notificationPreferencesSchema = z.object({
  sound: z.enum(SOUNDS),
  browserNotifications: z.boolean(),
  notifyOn: z.object({
    newConversation: z.boolean(),
    customerMessage: z.boolean(),
    assignedToMe: z.boolean(),
    /** Administrators only: the analytics digest by e-mail every Monday (off until chosen). */
    weeklyDigest: z._default(z.boolean(), false),
  }),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  sound: 'eventually',
  browserNotifications: false,
  notifyOn: { newConversation: true, customerMessage: true, assignedToMe: true, weeklyDigest: false },
};

export const notificationPreferencesResponseSchema = ok(notificationPreferencesSchema);
