// Entry of the chat frame. With the loader: announce readiness to the page, wait for its init
// (the page did the init so the embedding site is checked), then render. With the iframe snippet
// (mode=embedded): init here and show the chat window alone.
import type { WidgetInitResponse } from '@convo/api';
import { render } from 'preact';
import { type FrameOptions, type FromFrame, isConvoMessage, type ToFrame } from '../shared/protocol';
import { App } from './App';
import { createApi, initEmbedded } from './api';
import { pickLanguage, translator } from './i18n';
import { playSound } from './sound';
import { ChatStore } from './store';
import './styles.css';

const params = new URLSearchParams(location.search);
const embedded = params.get('mode') === 'embedded';
const root = document.getElementById('app')!;
let parentOrigin = '*';

const toPage = (m: FromFrame) => {
  if (!embedded) parent.postMessage(m, parentOrigin);
};

function mount(session: WidgetInitResponse, options: FrameOptions) {
  const language = pickLanguage(
    options.language,
    ...(navigator.languages ?? [navigator.language]),
    session.settings.configuration.defaultLanguage,
  );
  document.documentElement.lang = language;
  const t = translator(language);
  const api = createApi(session);
  const store = new ChatStore(api, session, {
    title: options.conversationTitle,
    botIds: options.botIds,
    metadata: {
      ...options.metadata,
      ...(options.welcomeEvent ? { welcomeEvent: options.welcomeEvent } : {}),
    },
    onIncoming: (msg, conv) => {
      toPage({
        convo: 1,
        type: 'message',
        message: {
          groupId: conv.feed.id,
          message: msg.message,
          from: msg.from,
          createdAtTime: msg.createdAtTime,
        },
      });
      if (!store.open || document.visibilityState !== 'visible') {
        playSound(session.settings.configuration.notificationSound);
      }
    },
    onUnread: (count) => toPage({ convo: 1, type: 'unread', count }),
  });
  document.addEventListener('visibilitychange', () => {
    store.visible = document.visibilityState === 'visible';
    store.markRead();
  });
  if (!embedded) {
    addEventListener('message', (e: MessageEvent) => {
      if (e.source !== parent || e.origin !== parentOrigin || !isConvoMessage(e.data)) return;
      const m = e.data as ToFrame;
      if (m.type === 'open' || m.type === 'close') {
        store.onOpenRequest?.(m.type === 'open');
      } else if (m.type === 'send') void store.send(m.text);
      else if (m.type === 'layout') document.documentElement.classList.toggle('cv-phone', m.phone);
      else if (m.type === 'user') {
        const { name, email, phone } = m;
        api
          .updateVisitor({
            ...(name ? { name } : {}),
            ...(email ? { email } : {}),
            ...(phone ? { phone } : {}),
          })
          .then(
            () => {
              if (name) store.visitor.displayName = name;
              if (email) store.visitor.email = email.toLowerCase();
              if (phone) store.visitor.phone = phone;
              store.changed();
            },
            (err: Error) => console.error('Convo chat widget:', err.message),
          );
      }
    });
  }
  void store.start();
  render(
    <App
      store={store}
      api={api}
      session={session}
      options={options}
      t={t}
      language={language}
      embedded={embedded}
      onView={(view) => toPage({ convo: 1, type: 'view', view })}
    />,
    root,
  );
}

if (embedded) {
  const appId = params.get('appId') ?? '';
  initEmbedded(appId).then(
    (session) => mount(session, {}),
    (err: Error) => console.error('Convo chat widget:', err.message),
  );
} else {
  const onInit = (e: MessageEvent) => {
    if (e.source !== parent || !isConvoMessage(e.data) || (e.data as ToFrame).type !== 'init') return;
    removeEventListener('message', onInit);
    // From now on only the page that sent init may talk to us, and only it hears from us.
    parentOrigin = e.origin;
    const m = e.data as Extract<ToFrame, { type: 'init' }>;
    mount(m.data, m.options);
  };
  addEventListener('message', onInit);
  toPage({ convo: 1, type: 'ready' });
}
