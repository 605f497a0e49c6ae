import {
  type ConversationSettings,
  type ConversationSort,
  DEFAULT_TRANSCRIPT_SETTINGS,
  type TranscriptSettings,
} from '@convo/api';
import type { PrivilegeKey } from '@convo/domain';
import type { AuthContext } from '../../http/auth.js';
import { notFound } from '../../http/errors.js';
import { authorize } from '../../http/policy.js';
import type { Db } from '../../platform/db/database.js';
import * as repo from './repository.js';

// Settings → Conversation rules (routing mode, bot hand-off), auto-resolving, waiting queue and
// conversation preferences. Each field is guarded by the privilege of the page that shows it, so a
// role given one page cannot change another's setting through the shared endpoint. Settings →
// Conversation transcript (at the end) has an endpoint of its own.

const FIELD_PRIVILEGE: Record<keyof ConversationSettings, PrivilegeKey> = {
  agentRouting: 'settings.conversation-rules',
  removeBotOnAgentHandOff: 'settings.conversation-rules',
  autoResolveAfterMinutes: 'settings.conversation-auto-resolving',
  waitingQueueEnabled: 'settings.waiting-queue',
  waitingMessage: 'settings.waiting-queue',
  waitingQueueMax: 'settings.waiting-queue',
  defaultSort: 'settings.conversation-preferences',
  showResolvedInAll: 'settings.conversation-preferences',
  requireTagToResolve: 'settings.conversation-preferences',
};

const APP_SETTINGS_FIELDS = ['agentRouting', 'removeBotOnAgentHandOff', 'autoResolveAfterMinutes'] as const;

export interface ConversationPreferences {
  waitingQueueEnabled: boolean;
  waitingMessage: string | null;
  waitingQueueMax: number | null;
  defaultSort: ConversationSort;
  showResolvedInAll: boolean;
  requireTagToResolve: boolean;
}

const DEFAULT_PREFERENCES: ConversationPreferences = {
  waitingQueueEnabled: true,
  waitingMessage: null,
  waitingQueueMax: null,
  defaultSort: 'newest',
  showResolvedInAll: false,
  requireTagToResolve: false,
};

function toPreferences(row: repo.PreferencesRow | undefined): ConversationPreferences {
  if (!row) return DEFAULT_PREFERENCES;
  return {
    waitingQueueEnabled: row.waitingQueueEnabled,
    waitingMessage: row.waitingMessage,
    waitingQueueMax: row.waitingQueueMax,
    defaultSort: row.defaultSort === 'oldest' || row.defaultSort === 'waiting' ? row.defaultSort : 'newest',
    showResolvedInAll: row.showResolvedInAll,
    requireTagToResolve: row.requireTagToResolve,
  };
}

/** What routing and the resolve path honour (the defaults when never saved). */
export async function preferencesOf(db: Db, applicationId: string): Promise<ConversationPreferences> {
  return toPreferences(await repo.findPreferences(db, applicationId));
}

function toView(
  row: NonNullable<Awaited<ReturnType<typeof repo.findConversationSettings>>>,
  preferences: ConversationPreferences,
): ConversationSettings {
  return {
    agentRouting: row.agentRouting === 0 ? 0 : 1,
    removeBotOnAgentHandOff: row.removeBotOnAgentHandOff,
    autoResolveAfterMinutes: row.autoResolveAfterMinutes,
    ...preferences,
  };
}

export async function getConversationSettings(db: Db, caller: AuthContext) {
  const row = await repo.findConversationSettings(db, caller.applicationId);
  if (!row) throw notFound('Application settings not found.');
  return toView(row, await preferencesOf(db, caller.applicationId));
}

export async function patchConversationSettings(
  db: Db,
  caller: AuthContext,
  patch: Partial<ConversationSettings>,
) {
  return db.transaction(async (tx) => {
    const row = await repo.findConversationSettings(tx, caller.applicationId);
    if (!row) throw notFound('Application settings not found.');
    const given = Object.fromEntries(
      Object.entries(patch).filter(([, v]) => v !== undefined),
    ) as Partial<ConversationSettings>;
    for (const key of Object.keys(given) as (keyof ConversationSettings)[]) {
      authorize(caller, 'privilege.use', { key: FIELD_PRIVILEGE[key], companySetting: row.companySetting });
    }
    const appPatch: Parameters<typeof repo.updateConversationSettings>[2] = {};
    const prefPatch: Partial<ConversationPreferences> = {};
    for (const [key, value] of Object.entries(given)) {
      if ((APP_SETTINGS_FIELDS as readonly string[]).includes(key)) Object.assign(appPatch, { [key]: value });
      else Object.assign(prefPatch, { [key]: value });
    }
    if (Object.keys(appPatch).length > 0)
      await repo.updateConversationSettings(tx, caller.applicationId, appPatch);
    const preferences =
      Object.keys(prefPatch).length > 0
        ? toPreferences(await repo.upsertPreferences(tx, caller.applicationId, prefPatch))
        : await preferencesOf(tx, caller.applicationId);
    return toView({ ...row, ...appPatch }, preferences);
  });
}

// Settings → Conversation transcript: its own endpoint and page privilege, stored beside the
// other preferences (one row per application).

function toTranscriptSettings(row: repo.PreferencesRow | undefined): TranscriptSettings {
  if (!row) return DEFAULT_TRANSCRIPT_SETTINGS;
  return {
    sendToCustomerOnResolve: row.transcriptToCustomer,
    sendToAssigneeOnResolve: row.transcriptToAssignee,
    extraRecipients: row.transcriptExtraRecipients,
  };
}

/** What the resolve path and the transcript job honour (the defaults when never saved). */
export async function transcriptSettingsOf(db: Db, applicationId: string): Promise<TranscriptSettings> {
  return toTranscriptSettings(await repo.findPreferences(db, applicationId));
}

/** Whether resolving a conversation has anybody to mail its transcript to. */
export const mailsTranscriptOnResolve = (s: TranscriptSettings) =>
  s.sendToCustomerOnResolve || s.sendToAssigneeOnResolve || s.extraRecipients.length > 0;

export const getTranscriptSettings = (db: Db, caller: AuthContext) =>
  transcriptSettingsOf(db, caller.applicationId);

export async function putTranscriptSettings(db: Db, caller: AuthContext, input: TranscriptSettings) {
  const row = await repo.upsertPreferences(db, caller.applicationId, {
    transcriptToCustomer: input.sendToCustomerOnResolve,
    transcriptToAssignee: input.sendToAssigneeOnResolve,
    transcriptExtraRecipients: input.extraRecipients,
  });
  return toTranscriptSettings(row);
}
