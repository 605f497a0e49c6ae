import { CSAT_NEW_SCALE, EMAIL_MAX_LENGTH } from '@convo/domain';
import { z } from 'zod';
import { chatWidgetSettingsSchema } from './widget-settings.js';

// The chat widget's public API (`/widget/api/...`): called by the loader on the customer's site
// (cross-origin, CORS) and by the chat app inside our iframe. Scoped by application id; the
// visitor's own calls carry the messaging token that `init` returns (X-Authorization).

export const WIDGET_API_PATHS = {
  /** Visitor init: checks the application and the embedding site, registers the visitor. */
  init: '/widget/api/init',
  /** The visitor's own name, e-mail and phone (pre-chat form, away-message e-mail capture). */
  visitor: '/widget/api/visitor',
  /** CSAT rating of a resolved conversation by its visitor. */
  rating: '/widget/api/conversations/:groupId/rating',
} as const;

export const ratingPath = (groupId: number) => WIDGET_API_PATHS.rating.replace(':groupId', String(groupId));

export const widgetInitRequestSchema = z.object({
  appId: z.string().trim().min(1).max(64),
  /** The site's own customer id, or the widget's anonymous visitor id. */
  userId: z.string().trim().min(1).max(190),
  userName: z.string().trim().max(120).optional(),
  email: z.string().trim().max(EMAIL_MAX_LENGTH).optional(),
  password: z.string().max(128).optional(),
  /** 1: we verify the password; 0: the site vouches for its user (SPEC register/client). */
  authenticationTypeId: z.coerce.number().int().min(0).max(1).default(1),
});
export type WidgetInitRequest = z.input<typeof widgetInitRequestSchema>;

export const widgetInitResponseSchema = z.object({
  /** Messaging token for /rest/ws and /ws. */
  token: z.string(),
  userId: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  appId: z.string(),
  appName: z.string(),
  product: z.enum(['classic', 'agent']),
  settings: chatWidgetSettingsSchema,
  isWithinBusinessHours: z.boolean(),
  /** Payload encryption is not done by the widget; the app shows nothing when this is on. */
  encryptionEnabled: z.boolean(),
});
export type WidgetInitResponse = z.infer<typeof widgetInitResponseSchema>;

export const widgetVisitorPatchSchema = z
  .object({
    name: z.string().trim().min(1).max(120).optional(),
    email: z.string().trim().max(EMAIL_MAX_LENGTH).optional(),
    phone: z.string().trim().max(32).optional(),
  })
  .refine((v) => v.name !== undefined || v.email !== undefined || v.phone !== undefined, {
    message: 'Give a name, an e-mail or a phone number',
  });
export type WidgetVisitorPatch = z.input<typeof widgetVisitorPatchSchema>;

export const widgetVisitorSchema = z.object({
  userId: z.string(),
  displayName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
});

export const RATING_COMMENT_MAX = 1000;

export const widgetRatingRequestSchema = z.object({
  /** The 5-point scale of SPEC §9: 1 bad, 2 poor, 3 average, 4 good, 5 great. */
  rating: z.coerce.number().int().min(CSAT_NEW_SCALE.BAD).max(CSAT_NEW_SCALE.GREAT),
  comment: z.string().trim().max(RATING_COMMENT_MAX).optional(),
});
export type WidgetRatingRequest = z.input<typeof widgetRatingRequestSchema>;

export const widgetRatingSchema = z.object({
  groupId: z.number(),
  rating: z.number(),
  comment: z.string().nullable(),
  createdAtTime: z.number(),
  updatedAtTime: z.number(),
});
export type WidgetRating = z.infer<typeof widgetRatingSchema>;

export const widgetGroupParamsSchema = z.object({ groupId: z.coerce.number().int().positive() });

// ---------------------------------------------------------------------------------------------
// The Kommunicate web widget's bootstrap (shared/reference/applozic-api.md §2 "Web widget
// variant"): its plugin settings and its login, mapped onto the widget's own init.

export const KOMMUNICATE_WIDGET_PATHS = {
  pluginSettings: '/users/v3/chat/plugin/settings',
  initialize: '/v2/tab/initialize.page',
  /** The away message the widget shows under a conversation (kommunicate.js getAwayMessage). */
  awayMessage: '/applications/:applicationId/awaymessage',
} as const;

export const awayMessageParamsSchema = z.object({ applicationId: z.string().trim().min(1).max(64) });
/** The widget sends the conversation and its language; the answer is the application's. */
export const awayMessageQuerySchema = z.object({
  conversationId: z.string().max(40).optional(),
  languageCode: z.string().max(20).optional(),
});

/**
 * The widget's away-message answer: `AGENTS_ONLINE` inside business hours (no message), else
 * `SUCCESS` with the away message in `messageList` (`eventId` 1: the platform's event that offers
 * the e-mail capture, 2: without it) and the lead-collection switches the widget reads.
 */
export const awayMessageResponseSchema = z.object({
  code: z.enum(['SUCCESS', 'AGENTS_ONLINE']),
  data: z.object({
    messageList: z.array(z.object({ message: z.string(), eventId: z.union([z.literal(1), z.literal(2)]) })),
    collectEmailOnAwayMessage: z.boolean(),
    collectEmailOnWelcomeMessage: z.boolean(),
    welcomeMessageEnabled: z.boolean(),
    anonymousUser: z.boolean(),
  }),
});

export const pluginSettingsQuerySchema = z
  .object({ appId: z.string().trim().min(1).max(64) })
  // The widget sends its whole settings object as parameters; only appId is read.
  .passthrough();

/** What the widget reads before it renders (`response.chatWidget`, `collectFeedback`…). */
export const pluginSettingsResponseSchema = z.object({
  code: z.literal('SUCCESS'),
  response: z.object({
    applicationId: z.string(),
    appId: z.string(),
    name: z.string(),
    chatWidget: z.object({
      primaryColor: z.string(),
      secondaryColor: z.string(),
      position: z.enum(['left', 'right']),
      popup: z.boolean(),
      allowedDomains: z.array(z.string()),
      disableChatWidget: z.boolean(),
      showPoweredBy: z.boolean(),
      /** 5: the 5-star CSAT scale, the one Convo rates on. */
      csatRatingBase: z.literal(5),
    }),
    collectFeedback: z.boolean(),
    collectLead: z.boolean(),
    currentActivatedPlan: z.string(),
    /** Convo's own widget settings, whole. */
    settings: chatWidgetSettingsSchema,
  }),
});

/** The widget's `alUser` body; the fields Convo does not use (device, app version…) are ignored. */
export const tabInitializeRequestSchema = z.object({
  applicationId: z.string().trim().min(1).max(64),
  userId: z.string().trim().min(1).max(190),
  displayName: z.string().trim().max(120).optional(),
  email: z.string().trim().max(EMAIL_MAX_LENGTH).optional(),
  password: z.string().max(128).optional(),
  authenticationTypeId: z.coerce.number().int().min(0).max(2).optional(),
});

/** The platform's refusals of initialize.page (the widget logs out on INVALID_PASSWORD). */
export const TAB_INITIALIZE_REFUSALS = ['INVALID_APPID', 'INVALID_PASSWORD'] as const;

export const tabInitializeResponseSchema = z.object({
  /** The user's key: the platform's socket topic. */
  token: z.string(),
  deviceKey: z.string(),
  userId: z.string(),
  displayName: z.string(),
  imageLink: z.string().nullable(),
  /** The messaging token for `X-Authorization` (and the STOMP passcode). */
  authToken: z.string(),
  encryptionKey: z.string().optional(),
  encryptionType: z.number(),
  websocketUrl: z.string(),
  websocketPort: z.number(),
  fileBaseUrl: z.string(),
  deactivated: z.boolean(),
  totalUnreadCount: z.number(),
  connectedClientCount: z.number(),
  currentTimeStamp: z.number(),
});
