// The intent editor's draft: what is unsaved (dirty state), what can be saved, and the intents the
// emulator answers from (the saved ones with the draft in place of its saved version).

import type { BotEngineSettings, Intent, IntentWrite } from '@convo/api';
import { type BotLanguage, DEFAULT_INTENTS } from '@convo/domain';
import { fromBotSays, type ReplyDraft, replyErrors, toBotSays } from './rich-replies';

export type IntentSection = IntentWrite['section'];

export interface IntentDraft {
  name: string;
  userSays: string[];
  botSays: ReplyDraft[];
}

/** The intent being edited: `id` null for a new one. */
export interface EditorState {
  id: string | null;
  section: IntentSection;
  draft: IntentDraft;
}

export function emptyDraft(): IntentDraft {
  return { name: '', userSays: [''], botSays: [{ kind: 'text', text: '' }] };
}

export function draftFromIntent(intent: Intent): IntentDraft {
  return {
    name: intent.name,
    userSays: [...intent.userSays],
    botSays: intent.botSays.length === 0 ? [{ kind: 'text', text: '' }] : intent.botSays.map(fromBotSays),
  };
}

/** The draft as it would be stored: trimmed, blank phrases and blank text replies left out. */
export function toIntentWrite(
  draft: IntentDraft,
  language: BotLanguage,
  section: IntentSection,
  hasUserSays: boolean,
): IntentWrite {
  const userSays = hasUserSays ? draft.userSays.map((s) => s.trim()).filter((s) => s !== '') : [];
  return {
    language,
    section,
    name: draft.name.trim(),
    userSays: [...new Set(userSays)],
    botSays: draft.botSays
      .filter((reply) => !(reply.kind === 'text' && reply.text.trim() === ''))
      .map(toBotSays),
  };
}

function canonical(draft: IntentDraft): string {
  // Language and section never change inside the editor: any fixed values compare the rest.
  const write = toIntentWrite(draft, 'en', 'answers', true);
  return JSON.stringify([write.name, write.userSays, write.botSays]);
}

export function sameDraft(a: IntentDraft, b: IntentDraft): boolean {
  return canonical(a) === canonical(b);
}

/** Whether the editor holds changes not yet saved (a new intent counts once anything is typed). */
export function isDraftDirty(saved: Intent | null, draft: IntentDraft): boolean {
  return canonical(draft) !== canonical(saved === null ? emptyDraft() : draftFromIntent(saved));
}

export type DraftError =
  | 'nameRequired'
  | 'userSaysRequired'
  | 'botSaysRequired'
  | 'replyInvalid'
  | 'duplicateName';

/** Why the draft cannot be saved (translation keys of `botBuilder:draftErrors`); empty when it can. */
export function draftErrors(
  draft: IntentDraft,
  options: { hasUserSays: boolean; otherNames: readonly string[] },
): DraftError[] {
  const errors: DraftError[] = [];
  const name = draft.name.trim();
  if (name === '') errors.push('nameRequired');
  else if (options.otherNames.some((n) => n.trim().toLowerCase() === name.toLowerCase()))
    errors.push('duplicateName');
  // An answer without phrases could never be matched.
  if (options.hasUserSays && draft.userSays.every((s) => s.trim() === '')) errors.push('userSaysRequired');
  const replies = draft.botSays.filter((r) => !(r.kind === 'text' && r.text.trim() === ''));
  if (replies.length === 0) errors.push('botSaysRequired');
  else if (replies.some((r) => replyErrors(r).length > 0)) errors.push('replyInvalid');
  return errors;
}

/**
 * The intents of one language the emulator should answer from: the saved ones with the editor's
 * draft in place of its saved version (or added, if new). A draft that could not be saved is left
 * out (its saved version stays), since the server would refuse it.
 */
export function emulatorDrafts(
  saved: readonly Intent[],
  language: BotLanguage,
  editor: EditorState | null,
  hasUserSays: (section: IntentSection) => boolean,
): IntentWrite[] {
  const toWrite = (intent: Intent): IntentWrite =>
    toIntentWrite(
      draftFromIntent(intent),
      language,
      intent.section as IntentSection,
      hasUserSays(intent.section as IntentSection),
    );
  let replaced = false;
  const draftWrite =
    editor !== null &&
    draftErrors(editor.draft, {
      hasUserSays: hasUserSays(editor.section),
      otherNames: saved.filter((i) => i.id !== editor.id).map((i) => i.name),
    }).length === 0
      ? toIntentWrite(editor.draft, language, editor.section, hasUserSays(editor.section))
      : null;
  const writes = saved
    .filter((intent) => intent.language === language)
    .map((intent) => {
      if (draftWrite !== null && intent.id === editor?.id) {
        replaced = true;
        return draftWrite;
      }
      return toWrite(intent);
    })
    .filter((w) => w.botSays.length > 0);
  if (draftWrite !== null && !replaced) writes.push(draftWrite);
  return writes;
}

/** The name an admin sees for an intent: the default intents' SPEC names, else its own. */
export function intentDisplayName(name: string): string {
  if (name === DEFAULT_INTENTS.welcome.name) return DEFAULT_INTENTS.welcome.displayName;
  if (name === DEFAULT_INTENTS.fallback.name) return DEFAULT_INTENTS.fallback.displayName;
  return name;
}

export function isDefaultIntent(name: string): boolean {
  return name === DEFAULT_INTENTS.welcome.name || name === DEFAULT_INTENTS.fallback.name;
}

/** kompose's threshold when the bot has none (the engine's default, see docs/decisions.md). */
export const DEFAULT_CONFIDENCE_THRESHOLD = 0.35;

export interface FallbackSettingsDraft {
  confidenceThreshold: number;
  fallbacksBeforeHandoff: number;
}

export function fallbackSettingsFrom(
  settings: BotEngineSettings,
  defaultFallbacks: number,
): FallbackSettingsDraft {
  return {
    confidenceThreshold: settings.confidenceThreshold ?? DEFAULT_CONFIDENCE_THRESHOLD,
    fallbacksBeforeHandoff: settings.fallbacksBeforeHandoff ?? defaultFallbacks,
  };
}

export function sameFallbackSettings(a: FallbackSettingsDraft, b: FallbackSettingsDraft): boolean {
  return (
    Math.abs(a.confidenceThreshold - b.confidenceThreshold) < 1e-9 &&
    a.fallbacksBeforeHandoff === b.fallbacksBeforeHandoff
  );
}
