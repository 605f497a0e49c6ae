// The loader: no framework, a few KB. It checks the application with the server (init), then
// mounts the chat app in an iframe of our origin so the page's CSS and ours never mix, sizes that
// iframe for the launcher or the open window, and exposes window.Convo.

import type { WidgetInitResponse } from '@convo/api';
import {
  type ChatMessageEvent,
  type FrameView,
  type FromFrame,
  isConvoMessage,
  type ToFrame,
  type WidgetOptions,
} from '../shared/protocol';

type Listener = (payload: unknown) => void;
export type EventName = 'message' | 'open' | 'close' | 'unread';

export interface ConvoApi {
  open(): void;
  close(): void;
  sendMessage(text: string): void;
  updateUser(user: { name?: string; email?: string; phone?: string }): void;
  logout(): void;
  getUnreadCount(): number;
  on(event: EventName, fn: Listener): void;
  sidebox?(options: WidgetOptions): void;
}

declare global {
  interface Window {
    convoSettings?: WidgetOptions;
    Convo?: ConvoApi;
  }
}

const PREFIX = 'Convo chat widget:';
const MOBILE = 480;

/** Where the loader itself came from: the server every other call goes to. */
function serverOrigin(): string {
  const own = document.currentScript as HTMLScriptElement | null;
  const src = own?.src || document.querySelector<HTMLScriptElement>('script[src*="/widget/"]')?.src || '';
  return src ? new URL(src, location.href).origin : location.origin;
}

/** `{ appId }` from the loader's own URL (`loader.js?appId=…`), or undefined. */
function appIdFromOwnSrc(): WidgetOptions | undefined {
  const own = document.currentScript as HTMLScriptElement | null;
  const src =
    own?.src || document.querySelector<HTMLScriptElement>('script[src*="/widget/"][src*="appId="]')?.src;
  if (!src) return undefined;
  const appId = new URL(src, location.href).searchParams.get('appId');
  return appId ? { appId } : undefined;
}

const store = {
  get(key: string, session = false): string | null {
    try {
      return (session ? sessionStorage : localStorage).getItem(key);
    } catch {
      return null;
    }
  },
  set(key: string, value: string | null, session = false) {
    try {
      const s = session ? sessionStorage : localStorage;
      if (value === null) s.removeItem(key);
      else s.setItem(key, value);
    } catch {
      // Storage may be blocked; the widget then simply forgets between pages.
    }
  },
};

function randomId(length: number): string {
  const bytes = crypto.getRandomValues(new Uint8Array(length));
  return Array.from(bytes, (b) => 'abcdefghijklmnopqrstuvwxyz0123456789'[b % 36]).join('');
}

interface Identity {
  userId: string;
  password?: string | undefined;
  authenticationTypeId: number;
  anonymous: boolean;
}

function identityOf(options: WidgetOptions, visitorKey: string): Identity {
  if (options.userId) {
    return {
      userId: options.userId,
      password: options.password,
      authenticationTypeId: options.authenticationTypeId ?? (options.password ? 1 : 0),
      anonymous: false,
    };
  }
  // An anonymous visitor keeps one id (and a secret only this browser knows) across reloads.
  let saved: { userId?: string; password?: string } = {};
  try {
    saved = JSON.parse(store.get(visitorKey) ?? '{}');
  } catch {}
  if (!saved.userId || !saved.password) {
    saved = { userId: `v-${randomId(20)}`, password: randomId(32) };
    store.set(visitorKey, JSON.stringify(saved));
  }
  return { userId: saved.userId!, password: saved.password, authenticationTypeId: 1, anonymous: true };
}

export function start(given: WidgetOptions | undefined, defaults: { agentic: boolean }): void {
  const base = serverOrigin();
  const listeners: Record<string, Listener[]> = {};
  const queue: ToFrame[] = [];
  let frame: HTMLIFrameElement | null = null;
  let ready = false;
  let unread = 0;
  let view: FrameView = 'closed';
  let lastPhone: boolean | null = null;

  const emit = (event: EventName, payload: unknown) => {
    for (const fn of listeners[event] ?? []) {
      try {
        fn(payload);
      } catch (err) {
        console.error(PREFIX, err);
      }
    }
  };
  const post = (message: ToFrame) => {
    if (frame?.contentWindow && ready) frame.contentWindow.postMessage(message, base);
    else queue.push(message);
  };

  const api: ConvoApi = {
    open: () => post({ convo: 1, type: 'open' }),
    close: () => post({ convo: 1, type: 'close' }),
    sendMessage: (text) => post({ convo: 1, type: 'send', text: String(text) }),
    updateUser: (user) => post({ convo: 1, type: 'user', ...user }),
    logout: () => {
      if (options) store.set(`convo-visitor:${options.appId}`, null);
      frame?.remove();
      frame = null;
      ready = false;
    },
    getUnreadCount: () => unread,
    on: (event, fn) => {
      listeners[event] = [...(listeners[event] ?? []), fn];
    },
  };
  window.Convo = { ...window.Convo, ...api };

  // A store's script tag (Shopify's ScriptTag API) can only give a URL: loader.js?appId=… stands
  // for window.convoSettings = { appId } when the page set no settings of its own.
  const options = given ?? appIdFromOwnSrc();
  if (!options || typeof options.appId !== 'string' || options.appId.trim() === '') {
    console.error(PREFIX, 'window.convoSettings.appId is missing.');
    return;
  }
  const appId = options.appId.trim();
  const visitorKey = `convo-visitor:${appId}`;
  const openKey = `convo-open:${appId}`;

  const init = async (retry: boolean): Promise<WidgetInitResponse | null> => {
    const who = identityOf(options, visitorKey);
    let res: Response;
    try {
      res = await fetch(`${base}/widget/api/init`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          appId,
          userId: who.userId,
          password: who.password,
          authenticationTypeId: who.authenticationTypeId,
          userName: options.userName,
          email: options.email,
        }),
      });
    } catch {
      console.error(PREFIX, `cannot reach ${base}.`);
      return null;
    }
    const body = (await res.json().catch(() => ({}))) as Partial<WidgetInitResponse> & {
      code?: string;
      message?: string;
    };
    if (!res.ok) {
      // A stored anonymous identity the server no longer knows: start as a new visitor, once.
      if (body.code === 'PASSWORD_INVALID' && who.anonymous && retry) {
        store.set(visitorKey, null);
        return init(false);
      }
      console.error(PREFIX, `${body.message ?? `HTTP ${res.status}`} (${body.code ?? 'ERROR'})`);
      return null;
    }
    const data = body as WidgetInitResponse;
    if (data.encryptionEnabled) {
      console.error(PREFIX, 'this application encrypts payloads, which the web widget does not support.');
      return null;
    }
    return data;
  };

  const size = () => {
    if (!frame) return;
    const side = frame.dataset.side === 'left' ? 'left' : 'right';
    const phone = innerWidth < MOBILE;
    if (phone !== lastPhone) {
      lastPhone = phone;
      post({ convo: 1, type: 'layout', phone });
    }
    const s = frame.style;
    s.left = s.right = '';
    if (view === 'open' && phone) {
      Object.assign(s, { width: '100%', height: '100%', bottom: '0', left: '0' });
      return;
    }
    s[side] = '0';
    if (view === 'open')
      Object.assign(s, { width: '420px', height: `${Math.min(700, innerHeight)}px`, bottom: '0' });
    else if (view === 'greeting') Object.assign(s, { width: '340px', height: '190px', bottom: '0' });
    else Object.assign(s, { width: '100px', height: '100px', bottom: '0' });
  };

  let data: WidgetInitResponse | null = null;
  let frameReady = false;

  /** Init is sent once both the frame is loaded and the server has answered. */
  const handOver = () => {
    if (!frame?.contentWindow || !data || !frameReady || ready) return;
    ready = true;
    frame.style.display = '';
    frame.dataset.side = data.settings.customization.position;
    frame.contentWindow.postMessage(
      {
        convo: 1,
        type: 'init',
        data,
        options: {
          conversationTitle: options.conversationTitle,
          botIds: options.botIds,
          preLeadCollection: options.preLeadCollection,
          popupWidget: options.popupWidget,
          automaticChatOpenOnNavigation: options.automaticChatOpenOnNavigation,
          language: options.language,
          metadata: options.metadata,
          welcomeEvent: options.welcomeEvent,
          agentic: defaults.agentic,
          wasOpen: store.get(openKey, true) === '1',
        },
      } satisfies ToFrame,
      base,
    );
    for (const q of queue.splice(0)) frame.contentWindow.postMessage(q, base);
    // After init: the frame listens for the layout only once it has its data.
    size();
    options.onInit?.('success');
  };

  /**
   * The frame loads while init is on its way (both are on the path to a usable launcher); it stays
   * hidden, and is removed again if init refuses, so a refused page shows nothing.
   */
  const mountHidden = () => {
    const f = document.createElement('iframe');
    f.src = `${base}/widget/frame.html?appId=${encodeURIComponent(appId)}`;
    f.title = 'Chat';
    f.setAttribute('allow', 'autoplay');
    f.style.cssText =
      'position:fixed;border:0;z-index:2147483000;background:transparent;color-scheme:normal;max-width:100%;max-height:100%;display:none';
    frame = f;
    addEventListener('resize', size);
    addEventListener('message', (e: MessageEvent) => {
      if (!frame || e.source !== frame.contentWindow || e.origin !== base || !isConvoMessage(e.data)) return;
      const m = e.data as FromFrame;
      if (m.type === 'ready') {
        frameReady = true;
        handOver();
      } else if (m.type === 'view') {
        const wasOpen = view === 'open';
        view = m.view;
        size();
        store.set(openKey, view === 'open' ? '1' : null, true);
        if (view === 'open' && !wasOpen) emit('open', null);
        if (view !== 'open' && wasOpen) emit('close', null);
      } else if (m.type === 'unread') {
        unread = m.count;
        emit('unread', unread);
      } else if (m.type === 'message') {
        emit('message', m.message satisfies ChatMessageEvent);
      }
    });
    document.body.appendChild(f);
  };

  const go = () => {
    mountHidden();
    void init(true).then((answer) => {
      if (!answer) {
        frame?.remove();
        frame = null;
        return;
      }
      data = answer;
      handOver();
    });
  };
  if (document.body) go();
  else addEventListener('DOMContentLoaded', go);
}
