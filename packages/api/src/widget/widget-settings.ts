import {
  isValidTimeZone,
  minutesOfDay,
  type PrivilegeKey,
  SOUNDS,
  SUPPORTED_LANGUAGES,
  TIME_OF_DAY,
} from '@convo/domain';
import { z } from 'zod';
import { successEnvelope } from '../accounts/index.js';
import { LAUNCHER_ICONS, QUICK_LINKS_MAX, WIDGET_POSITIONS } from './constants.js';

// The chat widget's settings (SPEC §2 Settings: install, chat-widget-customization,
// chat-widget-configuration, welcome-message, away-message, greeting-message, business-hours,
// pre-chat-lead-collection, csat-ratings). One document per application, stored in
// app_settings.chat_widget; collectEmailOnAwayMessage and collectEmailOnWelcomeMessage are the
// application setting fields of SPEC §3 and live in their own columns, but travel in this document.
// Each dashboard page saves its whole section.

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'A colour is # and six hex digits');
const text = (max: number) => z.string().trim().max(max);

export const customizationSchema = z.object({
  /** The launcher, the window's header and the visitor's own bubbles. */
  primaryColor: hexColour,
  /** Text and icons drawn on the primary colour (header title, launcher icon, visitor's bubbles). */
  secondaryColor: hexColour,
  position: z.enum(WIDGET_POSITIONS),
  launcherIcon: z.enum(LAUNCHER_ICONS),
  /** Header of the chat window. */
  title: text(60).min(1),
  subtitle: text(120),
  showAgentAvatars: z.boolean(),
  /** One name every team member appears under to visitors; empty: each member's display name. */
  agentPseudonym: text(60),
});

export const configurationSchema = z.object({
  popupWidget: z.boolean(),
  automaticChatOpenOnNavigation: z.boolean(),
  attachmentsEnabled: z.boolean(),
  notificationSound: z.enum(SOUNDS),
  defaultLanguage: z.enum(SUPPORTED_LANGUAGES),
  /** Host names allowed to embed the widget (`example.com` also allows its subdomains); empty = any. */
  allowedDomains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        .regex(/^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?$/, 'A host name such as shop.example.com'),
    )
    .max(50),
  showPoweredBy: z.boolean(),
});

export const welcomeMessageSchema = z.object({
  enabled: z.boolean(),
  /** Shown one after the other when a visitor opens a new conversation. */
  messages: z.array(text(1000).min(1)).min(1).max(3),
  collectEmailOnWelcomeMessage: z.boolean(),
});

export const awayMessageSchema = z.object({
  enabled: z.boolean(),
  message: text(1000).min(1),
  collectEmailOnAwayMessage: z.boolean(),
});

export const greetingMessageSchema = z.object({
  enabled: z.boolean(),
  /** A bubble beside the closed launcher, inviting the visitor to chat. */
  message: text(300).min(1),
  delaySeconds: z.number().int().min(0).max(300),
});

export const openingHoursSchema = z
  .object({
    day: z.union(
      [0, 1, 2, 3, 4, 5, 6].map((d) => z.literal(d)) as [z.ZodLiteral<0>, ...z.ZodLiteral<number>[]],
    ),
    open: z.string().regex(TIME_OF_DAY),
    close: z.string().regex(TIME_OF_DAY),
  })
  .refine((h) => minutesOfDay(h.close) > minutesOfDay(h.open), {
    message: 'Closing time must be after opening time',
    path: ['close'],
  });

export const businessHoursSchema = z
  .object({
    enabled: z.boolean(),
    timeZone: z.string().refine(isValidTimeZone, 'Unknown time zone'),
    days: z.array(openingHoursSchema).max(21),
  })
  .refine((b) => !b.enabled || b.days.length > 0, { message: 'Please select a date', path: ['days'] });

const leadField = z.object({ enabled: z.boolean(), required: z.boolean() });

export const preChatLeadCollectionSchema = z.object({
  enabled: z.boolean(),
  title: text(200).min(1),
  fields: z.object({ name: leadField, email: leadField, phone: leadField }),
});

export const csatSchema = z.object({
  enabled: z.boolean(),
  /** Offer an optional comment after the 5-point rating. */
  askComment: z.boolean(),
});

const httpUrl = z
  .string()
  .trim()
  .max(2000)
  .url()
  .refine((value) => /^https?:\/\//i.test(value), 'A link starts with http:// or https://');

/** SPEC §2 /settings/quick-links: links the widget shows above a new conversation, in this order. */
export const quickLinksSchema = z.object({
  enabled: z.boolean(),
  title: text(60),
  links: z.array(z.object({ label: text(60).min(1), url: httpUrl })).max(QUICK_LINKS_MAX),
});

export const chatWidgetSettingsSchema = z.object({
  customization: customizationSchema,
  configuration: configurationSchema,
  welcomeMessage: welcomeMessageSchema,
  awayMessage: awayMessageSchema,
  greetingMessage: greetingMessageSchema,
  businessHours: businessHoursSchema,
  preChatLeadCollection: preChatLeadCollectionSchema,
  csat: csatSchema,
  quickLinks: quickLinksSchema,
});
export type ChatWidgetSettings = z.infer<typeof chatWidgetSettingsSchema>;
export type ChatWidgetSection = keyof ChatWidgetSettings;

/** What a new application starts with (and what any missing or unreadable section falls back to). */
export const DEFAULT_CHAT_WIDGET_SETTINGS: ChatWidgetSettings = {
  customization: {
    primaryColor: '#03b49b',
    secondaryColor: '#ffffff',
    position: 'right',
    launcherIcon: 'chat',
    title: 'Chat with us',
    subtitle: 'We usually reply in a few minutes',
    showAgentAvatars: true,
    agentPseudonym: '',
  },
  configuration: {
    popupWidget: true,
    automaticChatOpenOnNavigation: true,
    attachmentsEnabled: true,
    notificationSound: 'subtle',
    defaultLanguage: 'en',
    allowedDomains: [],
    showPoweredBy: true,
  },
  welcomeMessage: {
    enabled: true,
    messages: ['Hi there! How can we help you today?'],
    collectEmailOnWelcomeMessage: false,
  },
  awayMessage: {
    enabled: true,
    message: "We're away right now. Leave us a message and we'll get back to you by e-mail.",
    collectEmailOnAwayMessage: true,
  },
  greetingMessage: { enabled: false, message: 'Have a question? We are here to help.', delaySeconds: 5 },
  businessHours: {
    enabled: false,
    timeZone: 'UTC',
    days: [1, 2, 3, 4, 5].map((day) => ({ day: day as 1, open: '09:00', close: '18:00' })),
  },
  preChatLeadCollection: {
    enabled: false,
    title: 'Tell us a little about you before we start',
    fields: {
      name: { enabled: true, required: true },
      email: { enabled: true, required: true },
      phone: { enabled: false, required: false },
    },
  },
  csat: { enabled: true, askComment: true },
  quickLinks: { enabled: false, title: 'Quick links', links: [] },
};

const SECTION_SCHEMAS = chatWidgetSettingsSchema.shape;

/**
 * Reads a stored document: each section is taken over the defaults, and a section that does not
 * pass its schema (an older or hand-edited document) falls back to its default, never an error.
 */
export function readChatWidgetSettings(stored: unknown): ChatWidgetSettings {
  const raw = (stored && typeof stored === 'object' ? stored : {}) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(SECTION_SCHEMAS) as ChatWidgetSection[]) {
    const given = raw[key];
    const merged =
      given && typeof given === 'object' && !Array.isArray(given)
        ? { ...DEFAULT_CHAT_WIDGET_SETTINGS[key], ...given }
        : DEFAULT_CHAT_WIDGET_SETTINGS[key];
    const parsed = SECTION_SCHEMAS[key].safeParse(merged);
    out[key] = parsed.success ? parsed.data : DEFAULT_CHAT_WIDGET_SETTINGS[key];
  }
  return out as ChatWidgetSettings;
}

/** A save from one settings page: any sections, each whole. */
export const chatWidgetSettingsPatchSchema = chatWidgetSettingsSchema.partial();
export type ChatWidgetSettingsPatch = z.infer<typeof chatWidgetSettingsPatchSchema>;

/** The privilege (SPEC §6) a save of each section needs; reading needs only membership. */
export const CHAT_WIDGET_SECTION_PRIVILEGES: Readonly<Record<ChatWidgetSection, PrivilegeKey>> = {
  customization: 'settings.chat-widget-customization',
  configuration: 'settings.chat-configuration',
  welcomeMessage: 'settings.welcome-message',
  awayMessage: 'settings.away-message',
  greetingMessage: 'settings.greeting-message',
  businessHours: 'settings.business-hours',
  preChatLeadCollection: 'settings.prechat-lead-collection',
  csat: 'settings.csat-ratings',
  quickLinks: 'settings.quick-links',
};

export const CHAT_WIDGET_SECTIONS = Object.keys(SECTION_SCHEMAS) as ChatWidgetSection[];

/** The PATCH body: the patch schema with at least one section (unknown keys are dropped). */
export const chatWidgetSettingsUpdateRequestSchema = chatWidgetSettingsPatchSchema.refine(
  (patch) => Object.values(patch).some((section) => section !== undefined),
  { message: 'Give at least one section to save' },
);

export const chatWidgetSettingsResponseSchema = successEnvelope(chatWidgetSettingsSchema);
export type ChatWidgetSettingsResponse = z.infer<typeof chatWidgetSettingsResponseSchema>;
