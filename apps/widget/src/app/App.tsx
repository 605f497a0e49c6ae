// The chat app inside the iframe: launcher (with unread badge and greeting), and the chat window
// with the conversation list, a conversation, the pre-chat form, away message and CSAT.
import type { WidgetInitResponse } from '@convo/api';
import { useEffect, useReducer, useRef, useState } from 'preact/hooks';
import type { FrameOptions, FrameView } from '../shared/protocol';
import { AnswerBot } from './answer-bot';
import { type Api, ApiError } from './api';
import { conversationOrder, relativeTime, settingText, type Translate } from './i18n';
import {
  AwayEmail,
  Composer,
  Csat,
  checkFile,
  MessageView,
  PreChatForm,
  QuickLinks,
  StreamingView,
  TeamNote,
} from './parts';
import type { ChatStore, Conv } from './store';

const ICONS: Record<string, string> = {
  chat: 'M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H8l-4 4V6a2 2 0 0 1 2-2z',
  message: 'M3 5h18v12H7l-4 4zM7 9h10M7 13h6',
  help: 'M12 22a10 10 0 1 1 0-20 10 10 0 0 1 0 20zm-2.5-13a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14m0 3v.5',
  headset: 'M4 14v-2a8 8 0 0 1 16 0v2M4 14h3v6H5a1 1 0 0 1-1-1zm16 0h-3v6h2a1 1 0 0 0 1-1zM17 20c0 1-2 2-5 2',
};

export interface AppProps {
  store: ChatStore;
  api: Api;
  session: WidgetInitResponse;
  options: FrameOptions;
  t: Translate;
  language: string;
  embedded: boolean;
  onView: (view: FrameView) => void;
}

function useStore(store: ChatStore) {
  const [, rerender] = useReducer((n: number, _: undefined) => n + 1, 0);
  useEffect(() => store.subscribe(() => rerender(undefined)), [store]);
}

export function App({ store, api, session, options, t, language, embedded, onView }: AppProps) {
  useStore(store);
  const { settings } = session;
  const cfg = settings.configuration;
  const popup = options.popupWidget ?? cfg.popupWidget;
  const autoOpen = options.automaticChatOpenOnNavigation ?? cfg.automaticChatOpenOnNavigation;
  const [greeting, setGreeting] = useState(false);
  const [draft, setDraft] = useState('');
  const [draftReset, setDraftReset] = useState(0);
  const composer = useRef<HTMLTextAreaElement | null>(null);
  const launcher = useRef<HTMLButtonElement | null>(null);
  const windowRef = useRef<HTMLDivElement | null>(null);
  const logEnd = useRef<HTMLLIElement | null>(null);
  const prechatEnabled = options.preLeadCollection ?? settings.preChatLeadCollection.enabled;

  const needsLead = () => {
    if (!prechatEnabled) return false;
    const f = settings.preChatLeadCollection.fields;
    const v = store.visitor;
    return (
      (f.name.enabled && f.name.required && v.displayName === session.userId) ||
      (f.email.enabled && f.email.required && !v.email) ||
      (f.phone.enabled && f.phone.required && !v.phone)
    );
  };

  /** The first screen when the window opens: the running conversation, else the list, else a new one. */
  const landing = () => {
    if (store.loading || store.screen === 'chat' || store.screen === 'prechat') return;
    const convs = store.sortedConvs();
    const running = convs.find((c) => c.feed.status !== 2);
    if (running) void store.show(running.feed.id);
    else if (convs.length === 0) startNew();
  };

  const startNew = () => {
    if (needsLead()) {
      store.screen = 'prechat';
      store.current = null;
      store.changed();
    } else void store.show(null);
  };

  const setOpen = (open: boolean) => {
    store.open = open;
    setGreeting(false);
    if (open) landing();
    store.changed();
    store.markRead();
  };

  store.onOpenRequest = setOpen;

  // First render: restore the open window of the previous page, or schedule the greeting.
  useEffect(() => {
    if (embedded || (autoOpen && options.wasOpen)) setOpen(true);
    else if (popup && settings.greetingMessage.enabled && !sessionStorage.getItem('convo-greeting-seen')) {
      const timer = setTimeout(() => setGreeting(true), settings.greetingMessage.delaySeconds * 1000);
      return () => clearTimeout(timer);
    }
  }, []);

  useEffect(() => {
    if (!store.loading && store.open) landing();
  }, [store.loading]);

  const view: FrameView = store.open ? 'open' : greeting ? 'greeting' : 'closed';
  useEffect(() => onView(view), [view]);

  // Focus follows the window: into it when it opens, back to the launcher when it closes.
  const wasOpen = useRef(store.open);
  useEffect(() => {
    if (store.open && !wasOpen.current)
      setTimeout(() => {
        // A visitor who already clicked into the window keeps their focus (typing would be lost).
        if (windowRef.current?.contains(document.activeElement)) return;
        if (composer.current) composer.current.focus();
        else windowRef.current?.focus();
      }, 50);
    if (!store.open && wasOpen.current) launcher.current?.focus();
    wasOpen.current = store.open;
  });

  const conv = store.currentConv();
  const messageCount = conv?.messages.length ?? 0;
  useEffect(
    () => logEnd.current?.scrollIntoView({ block: 'end' }),
    [
      messageCount,
      store.current,
      store.screen,
      conv?.typing,
      conv?.feed.status,
      conv?.rating,
      conv?.streaming?.text,
    ],
  );

  const unread = store.unreadTotal();
  const primary =
    options.agentic && settings.customization.primaryColor.toLowerCase() === '#03b49b'
      ? '#5f46f8'
      : settings.customization.primaryColor;
  const style = {
    '--cv-primary': primary,
    '--cv-on-primary': settings.customization.secondaryColor,
  } as Record<string, string>;
  const side = settings.customization.position;
  const appName = session.appName;

  const sendFile = async (file: File) => {
    const problem = checkFile(file, t);
    if (problem) {
      store.notice = problem;
      store.changed();
      return;
    }
    store.notice = t('uploading', { name: file.name });
    store.changed();
    try {
      const meta = await api.upload(file, file.type.startsWith('image/'));
      store.notice = null;
      await store.send('', { file: meta });
    } catch (err) {
      store.notice = t('uploadFailed', { reason: err instanceof ApiError ? err.message : t('error') });
      store.changed();
    }
  };

  const saveVisitor = async (values: { name?: string; email?: string; phone?: string }) => {
    try {
      await api.updateVisitor(values);
      if (values.name) store.visitor.displayName = values.name;
      if (values.email) store.visitor.email = values.email.toLowerCase();
      if (values.phone) store.visitor.phone = values.phone;
      store.changed();
      return null;
    } catch (err) {
      return err instanceof ApiError ? err.message : t('error');
    }
  };

  const away = !session.isWithinBusinessHours && settings.awayMessage.enabled;
  const closeButton = !embedded && (
    <button
      type="button"
      class="cv-icon-button"
      aria-label={t('close')}
      title={t('close')}
      onClick={() => setOpen(false)}
    >
      <svg viewBox="0 0 24 24" aria-hidden="true">
        <path d="M6 6l12 12M18 6 6 18" />
      </svg>
    </button>
  );

  const renderChat = (c: Conv | null) => {
    const welcome = settings.welcomeMessage.enabled
      ? settings.welcomeMessage.messages.map((w) => settingText(t, w, 'defaultWelcome'))
      : [];
    const hasMine = c?.messages.some((m) => m.mine) ?? false;
    return (
      <>
        <ul class="cv-log" role="log" aria-live="polite" aria-label={t('messages')}>
          {c?.hasOlder && (
            <li class="cv-older">
              <button type="button" onClick={() => void store.loadOlder(c)}>
                {t('loadOlder')}
              </button>
            </li>
          )}
          {welcome.map((w) => (
            <TeamNote text={w} name={appName} />
          ))}
          {!hasMine && <QuickLinks links={settings.quickLinks} t={t} />}
          {c &&
            conversationOrder(c.messages).map((m) => (
              <MessageView
                key={m.key}
                msg={m}
                conv={c}
                senderName={m.mine ? null : (store.nameOf(c, m.from) ?? t('agent'))}
                api={api}
                t={t}
                onReply={(text) => void store.send(text)}
                onRateAnswer={m.helpful !== undefined ? (helpful) => store.rateAnswer(m, helpful) : undefined}
              />
            ))}
          {c?.streaming && (
            <StreamingView
              text={c.streaming.text}
              senderName={store.nameOf(c, c.feed.assignee) ?? t('agent')}
            />
          )}
          {away && hasMine && (
            <TeamNote text={settingText(t, settings.awayMessage.message, 'defaultAway')} name={appName} />
          )}
          {away && hasMine && settings.awayMessage.collectEmailOnAwayMessage && (
            <AwayEmail t={t} email={store.visitor.email} onSubmit={(email) => saveVisitor({ email })} />
          )}
          {c?.typing && (
            <li class="cv-typing" aria-live="polite">
              {t('typing', { name: c.typing })}
            </li>
          )}
          {c && c.feed.status === 2 && settings.csat.enabled && (
            <Csat
              conv={c}
              askComment={settings.csat.askComment}
              t={t}
              onRate={async (rating, comment) => {
                try {
                  c.rating = await api.rate(c.feed.id, rating, comment);
                  store.changed();
                  return null;
                } catch (err) {
                  return err instanceof ApiError ? err.message : t('error');
                }
              }}
            />
          )}
          <li ref={logEnd} class="cv-end" aria-hidden="true" />
        </ul>
        <AnswerBot
          api={api}
          t={t}
          language={language}
          query={draft}
          active={!store.humanReached(c)}
          onNotAnswered={() => {
            const form = composer.current?.form;
            if (draft.trim() && form) form.requestSubmit();
            else composer.current?.focus();
          }}
          onAnswered={() => {
            setDraftReset((n) => n + 1);
            composer.current?.focus();
          }}
        />
        <Composer
          onDraft={setDraft}
          resetKey={draftReset}
          t={t}
          attachments={cfg.attachmentsEnabled}
          inputRef={composer}
          onSend={(text) => void store.send(text)}
          onFile={(f) => void sendFile(f)}
          onTyping={(typing) => store.typing(typing)}
        />
      </>
    );
  };

  const renderList = () => {
    const convs = store.sortedConvs();
    return (
      <div class="cv-list-screen">
        {store.loading ? (
          <p class="cv-empty">{t('loading')}</p>
        ) : convs.length === 0 ? (
          <p class="cv-empty">{t('noConversations')}</p>
        ) : (
          <ul class="cv-convs">
            {convs.map((c) => (
              <li key={c.feed.id}>
                <button type="button" onClick={() => void store.show(c.feed.id)}>
                  <strong>{c.feed.name || appName}</strong>
                  <span>
                    {c.feed.status === 2
                      ? t('resolved')
                      : c.feed.lastMessageAtTime
                        ? relativeTime(c.feed.lastMessageAtTime, Date.now(), language)
                        : t('noMessages')}
                  </span>
                  {c.unread > 0 && (
                    <b class="cv-badge">
                      <span aria-hidden="true">{c.unread}</span>
                      <span class="cv-sr">{t('unread', { count: c.unread })}</span>
                    </b>
                  )}
                </button>
              </li>
            ))}
          </ul>
        )}
        <button type="button" class="cv-primary cv-new" onClick={startNew}>
          {t('newConversation')}
        </button>
      </div>
    );
  };

  const showBack = store.screen !== 'list' && (store.convs.size > 0 || store.screen === 'prechat');
  return (
    <div class={`cv-root cv-${side}${embedded ? ' cv-embedded' : ''}`} style={style}>
      {store.open && (
        <div
          class="cv-window"
          role="dialog"
          aria-label={settingText(t, settings.customization.title, 'defaultTitle')}
          tabIndex={-1}
          ref={windowRef}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && !embedded) setOpen(false);
          }}
        >
          <header class="cv-header">
            {showBack && (
              <button
                type="button"
                class="cv-icon-button"
                aria-label={t('back')}
                title={t('back')}
                onClick={() => {
                  store.screen = 'list';
                  store.current = null;
                  store.changed();
                }}
              >
                <svg viewBox="0 0 24 24" aria-hidden="true">
                  <path d="M15 5l-7 7 7 7" />
                </svg>
              </button>
            )}
            <div class="cv-title">
              <h1>{settingText(t, settings.customization.title, 'defaultTitle')}</h1>
              {settings.customization.subtitle && (
                <p>{settingText(t, settings.customization.subtitle, 'defaultSubtitle')}</p>
              )}
            </div>
            {closeButton}
          </header>
          {!store.connected && (
            <p class="cv-banner" role="status">
              {t('reconnecting')}
            </p>
          )}
          {store.notice && (
            <p class="cv-banner cv-alert" role="alert">
              {store.notice === 'error' ? t('error') : store.notice}
            </p>
          )}
          {store.screen === 'prechat' ? (
            <PreChatForm
              settings={settings.preChatLeadCollection}
              t={t}
              onSubmit={async (values) => {
                const failure = await saveVisitor(values);
                if (!failure) void store.show(null);
                return failure;
              }}
            />
          ) : store.screen === 'chat' ? (
            renderChat(conv)
          ) : (
            renderList()
          )}
          {cfg.showPoweredBy && <p class="cv-powered">{t('poweredBy')}</p>}
        </div>
      )}
      {!embedded && !store.open && greeting && (
        <div class="cv-greeting" role="status">
          <button type="button" class="cv-greeting-text" onClick={() => setOpen(true)}>
            {settingText(t, settings.greetingMessage.message, 'defaultGreeting')}
          </button>
          <button
            type="button"
            class="cv-icon-button"
            aria-label={t('dismiss')}
            onClick={() => {
              sessionStorage.setItem('convo-greeting-seen', '1');
              setGreeting(false);
            }}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
      )}
      {!embedded && !store.open && (
        <button
          type="button"
          ref={launcher}
          class="cv-launcher"
          aria-label={
            unread > 0 ? `${t('launcherOpen')} – ${t('unread', { count: unread })}` : t('launcherOpen')
          }
          aria-expanded={store.open}
          onClick={() => setOpen(true)}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true">
            <path d={ICONS[settings.customization.launcherIcon] ?? ICONS.chat!} />
          </svg>
          {unread > 0 && (
            <b class="cv-badge" data-testid="unread-badge">
              {unread}
            </b>
          )}
        </button>
      )}
    </div>
  );
}
