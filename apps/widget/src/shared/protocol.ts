// Messages between the loader (on the customer's page) and the chat app (in our iframe). Every
// message carries `convo: 1` so other postMessage traffic on the page is ignored.

import type { WidgetInitResponse } from '@convo/api';

/** What the page may pass in window.convoSettings (and to Convo.sidebox). */
export interface WidgetOptions {
  appId: string;
  userId?: string;
  userName?: string;
  email?: string;
  password?: string;
  authenticationTypeId?: number;
  conversationTitle?: string;
  botIds?: string[];
  preLeadCollection?: boolean;
  popupWidget?: boolean;
  automaticChatOpenOnNavigation?: boolean;
  language?: string;
  /** Stored on each new conversation (e.g. the dashboard's Role and Industry). */
  metadata?: Record<string, string>;
  /** Named event the application's bot answers when the conversation starts (stored as metadata). */
  welcomeEvent?: string;
  onInit?: (status: 'success') => void;
}

/** The options the chat app needs (no functions: they cannot cross postMessage). */
export interface FrameOptions {
  conversationTitle?: string | undefined;
  botIds?: string[] | undefined;
  preLeadCollection?: boolean | undefined;
  popupWidget?: boolean | undefined;
  automaticChatOpenOnNavigation?: boolean | undefined;
  language?: string | undefined;
  metadata?: Record<string, string> | undefined;
  welcomeEvent?: string | undefined;
  agentic?: boolean | undefined;
  /** The loader remembers the window was open on the previous page of this tab. */
  wasOpen?: boolean | undefined;
}

export interface ChatMessageEvent {
  groupId: number;
  message: string;
  from: string | null;
  createdAtTime: number;
}

export type ToFrame =
  | { convo: 1; type: 'init'; data: WidgetInitResponse; options: FrameOptions }
  | { convo: 1; type: 'open' }
  | { convo: 1; type: 'close' }
  | { convo: 1; type: 'send'; text: string }
  /** The page is phone-sized: the open window then takes the whole screen. */
  | { convo: 1; type: 'layout'; phone: boolean }
  | { convo: 1; type: 'user'; name?: string; email?: string; phone?: string };

/** closed: just the launcher; greeting: launcher and the greeting bubble; open: the chat window. */
export type FrameView = 'closed' | 'greeting' | 'open';

export type FromFrame =
  | { convo: 1; type: 'ready' }
  | { convo: 1; type: 'view'; view: FrameView }
  | { convo: 1; type: 'unread'; count: number }
  | { convo: 1; type: 'message'; message: ChatMessageEvent };

export const isConvoMessage = (data: unknown): data is { convo: 1; type: string } =>
  typeof data === 'object' && data !== null && (data as { convo?: unknown }).convo === 1;
