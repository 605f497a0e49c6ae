// @convo/api/messaging/constants: this context's constants without zod (no file reached from here
// imports zod; scripts/check-import-cycles.mjs checks it). Types come from @convo/api/messaging with
// `import type`, which the bundle never holds.

// app-modules.ts

export const APP_MODULE_PATHS = {
  list: '/rest/ws/appmodule/list',
  create: '/rest/ws/appmodule/create',
  edit: '/rest/ws/appmodule/edit',
  delete: '/rest/ws/appmodule/delete',
} as const;

// document-preview.ts

export const DOCUMENT_PREVIEW_PATHS = {
  /** Signed in: a preview link of one of the application's files. */
  share: '/api/documents/share',
  /** Public: what the preview page shows of a signed link. */
  preview: '/api/documents/preview',
} as const;

// notes-and-search.ts

/** Notes are at most this long (characters, after trimming). */
export const NOTE_MAX_LENGTH = 5000;

/** Support search and conversation lists: page size limit and default. */
export const CONVERSATION_PAGE_MAX = 100;

export const CONVERSATION_PAGE_DEFAULT = 20;

/** Message logs: page size limit and default. */
export const MESSAGE_LOG_PAGE_MAX = 100;

export const MESSAGE_LOG_PAGE_DEFAULT = 50;

/** Timeline: page size limit and default (a conversation rarely has more events). */
export const TIMELINE_PAGE_MAX = 500;

export const TIMELINE_PAGE_DEFAULT = 200;

export const CONVERSATION_SORTS = ['newest', 'oldest', 'waiting'] as const;

export type ConversationSort = (typeof CONVERSATION_SORTS)[number];

/** `assignee` value selecting conversations nobody is assigned to. */
export const UNASSIGNED = 'unassigned';

export const CONVERSATION_PATHS = {
  notes: '/rest/ws/group/:groupId/notes',
  note: '/rest/ws/notes/:noteId',
  events: '/rest/ws/group/:groupId/events',
  waitingList: '/rest/ws/group/waiting/list',
  supportSearch: '/rest/ws/group/support/search',
  groupList: '/rest/ws/group/v2/list',
  groupByType: '/rest/ws/group/bytype',
  messageFilter: '/rest/ws/message/filter',
} as const;

/** Concrete paths for clients and tests. */
export const groupNotesPath = (groupId: number | string) => `/rest/ws/group/${groupId}/notes`;

export const notePath = (noteId: string) => `/rest/ws/notes/${noteId}`;

export const groupEventsPath = (groupId: number | string) => `/rest/ws/group/${groupId}/events`;

// registration.ts

export const REGISTER_OUTCOMES = [
  'REGISTERED',
  'REGISTERED.WITHOUTREGISTRATIONID',
  'UPDATED',
  'PASSWORD_INVALID',
  'PASSWORD_REQUIRED',
  'INVALID_APPLICATIONID',
  'APPMODULE_NOT_FOUND',
] as const;

export const REGISTRATION_PATHS = {
  registerClient: '/rest/ws/register/client',
  applicationGet: '/rest/ws/application/get',
  userData: '/rest/ws/user/data',
} as const;
