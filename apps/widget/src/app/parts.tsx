// Small views of the chat window: a message, the pre-chat form, the away-message e-mail capture,
// the CSAT prompt, the composer.
import type { ChatWidgetSettings } from '@convo/api';
import {
  formatFileSize,
  isValidEmail,
  MAX_IMAGE_UPLOAD_BYTES,
  MESSAGE_CONTENT_TYPE,
  validatePhone,
} from '@convo/domain';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Api, FileMeta } from './api';
import { type StringKey, settingText, systemLine, type Translate } from './i18n';
import { RichContent, richPayload } from './rich';
import type { Conv, Msg } from './store';

/** The messaging core takes any file up to 10 MB; images up to 3 MB (SPEC §5). */
const MAX_FILE_BYTES = 10 * 1024 * 1024;

export function FileView({ file, api, t }: { file: FileMeta; api: Api; t: Translate }) {
  const [src, setSrc] = useState<string | null>(null);
  const image = file.contentType.startsWith('image/');
  useEffect(() => {
    if (image) api.fileBlobUrl(file.url).then(setSrc, () => setSrc(null));
  }, [file.url]);
  if (image && src) return <img class="cv-image" src={src} alt={file.name} />;
  return (
    <button
      type="button"
      class="cv-file"
      onClick={async () => {
        const url = await api.fileBlobUrl(file.url);
        const a = document.createElement('a');
        a.href = url;
        a.download = file.name;
        a.click();
      }}
      aria-label={t('download', { name: file.name })}
    >
      <span>{file.name}</span>
      <small>{formatFileSize(file.size)}</small>
    </button>
  );
}

/** A bot's small round avatar beside its name. */
function BotAvatar() {
  return (
    <svg class="cv-bot-avatar" viewBox="0 0 24 24" aria-hidden="true">
      <rect x="4" y="7" width="16" height="12" rx="4" />
      <path d="M12 3v4M9 12h.01M15 12h.01M9.5 16h5" />
    </svg>
  );
}

/** A thumb drawn, not an emoji (no emoji font on some machines: empty boxes); down is up turned over. */
function Thumb({ down }: { down?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" class={down ? 'cv-rate-icon cv-flip' : 'cv-rate-icon'}>
      <path d="M7 10v10H4V10zM7 10l4-7c1.5 0 2.5 1 2 3l-1 4h6c1 0 2 1 1.7 2.2l-1.6 6.3c-.3 1-1 1.5-2 1.5H7" />
    </svg>
  );
}

/** Faces for the satisfaction scale, 1 (frown) to 5 (broad smile), drawn like the thumbs. */
const MOUTHS = ['M8 17q4-4 8 0', 'M8 16q4-2 8 0', 'M8 15.5h8', 'M8 14q4 2.5 8 0', 'M7.5 13.5q4.5 5 9 0'];
function Face({ n }: { n: number }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" class="cv-rate-icon">
      <circle cx="12" cy="12" r="9" />
      <path d={`M9 9.5h.01M15 9.5h.01 ${MOUTHS[n - 1] ?? ''}`} />
    </svg>
  );
}

/** "Helpful?" with thumbs up and down under a bot's answer; the choice is kept once sent. */
function AnswerFeedback({
  msg,
  t,
  onRate,
}: {
  msg: Msg;
  t: Translate;
  onRate: (helpful: boolean) => Promise<string | null>;
}) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (msg.helpful === undefined || msg.id === null) return null;
  if (msg.helpful !== null) {
    return <span class="cv-feedback cv-feedback-done">{t('answerThanks')}</span>;
  }
  const rate = async (helpful: boolean) => {
    setBusy(true);
    setError(await onRate(helpful));
    setBusy(false);
  };
  return (
    <span class="cv-feedback">
      <span>{t('answerHelpful')}</span>
      <button
        type="button"
        disabled={busy}
        aria-label={t('answerYes')}
        title={t('answerYes')}
        onClick={() => void rate(true)}
      >
        <Thumb />
      </button>
      <button
        type="button"
        disabled={busy}
        aria-label={t('answerNo')}
        title={t('answerNo')}
        onClick={() => void rate(false)}
      >
        <Thumb down />
      </button>
      {error && <span role="alert">{t('error')}</span>}
    </span>
  );
}

/** A bot's answer as it streams in (replaced by the stored message when it arrives). */
export function StreamingView({ text, senderName }: { text: string; senderName: string | null }) {
  return (
    <li class="cv-msg cv-theirs cv-streaming" aria-busy="true">
      {senderName && (
        <span class="cv-sender">
          <BotAvatar />
          {senderName}
        </span>
      )}
      <div class="cv-bubble">
        <p>{text}</p>
      </div>
    </li>
  );
}

export function MessageView({
  msg,
  conv,
  senderName,
  api,
  t,
  onReply,
  onRateAnswer,
}: {
  msg: Msg;
  conv: Conv;
  senderName: string | null;
  api: Api;
  t: Translate;
  onReply: (text: string) => void;
  onRateAnswer?: ((helpful: boolean) => Promise<string | null>) | undefined;
}) {
  if (msg.contentType === MESSAGE_CONTENT_TYPE.HIDDEN) return null;
  if (msg.contentType === MESSAGE_CONTENT_TYPE.NOTIFY) {
    const line = systemLine(t, msg.message, msg.metadata);
    return line === null ? null : <li class="cv-system">{line}</li>;
  }
  const rich = richPayload(msg.metadata);
  const hideText = rich && msg.metadata.ignoreTextResponse === 'true';
  const status = msg.error
    ? msg.error
    : msg.pending
      ? t('retrying')
      : msg.id !== null && msg.id <= conv.readUpTo
        ? t('read')
        : msg.id !== null && msg.id <= conv.deliveredUpTo
          ? t('delivered')
          : t('sent');
  return (
    <li class={`cv-msg ${msg.mine ? 'cv-mine' : 'cv-theirs'}`} data-key={msg.key}>
      {!msg.mine && senderName && (
        <span class="cv-sender">
          {msg.bot && <BotAvatar />}
          {senderName}
        </span>
      )}
      {(msg.message || msg.fileMeta) && !hideText && (
        <div class={`cv-bubble${msg.error ? ' cv-error' : ''}`}>
          {msg.fileMeta && <FileView file={msg.fileMeta} api={api} t={t} />}
          {/* Text only, never HTML: whatever arrives is shown as typed. */}
          {msg.message && <p>{msg.message}</p>}
        </div>
      )}
      {rich && <RichContent metadata={msg.metadata} onReply={onReply} t={t} />}
      {onRateAnswer && <AnswerFeedback msg={msg} t={t} onRate={onRateAnswer} />}
      {msg.mine && (
        <span class={`cv-status${msg.pending && !msg.error ? ' cv-pending' : ''}`} data-status={status}>
          {status}
        </span>
      )}
    </li>
  );
}

/** Local bubbles from the team (welcome and away messages): shown, not stored. */
export function TeamNote({ text, name }: { text: string; name: string }) {
  return (
    <li class="cv-msg cv-theirs cv-note">
      <span class="cv-sender">{name}</span>
      <div class="cv-bubble">
        <p>{text}</p>
      </div>
    </li>
  );
}

/** The team's quick links (/settings/quick-links) above a conversation the visitor has not started. */
export function QuickLinks({ links, t }: { links: ChatWidgetSettings['quickLinks']; t: Translate }) {
  if (!links.enabled || links.links.length === 0) return null;
  return (
    <li class="cv-note" aria-label={links.title || undefined}>
      {links.title && <span class="cv-sender">{links.title}</span>}
      <nav class="cv-chips">
        {links.links.map((l) => (
          <a
            class="cv-action"
            href={l.url}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={t('opensNewTab', { label: l.label })}
          >
            {l.label}
          </a>
        ))}
      </nav>
    </li>
  );
}

type LeadField = 'name' | 'email' | 'phone';

function fieldError(field: LeadField, value: string, required: boolean): StringKey | null {
  const v = value.trim();
  if (!v) return required ? 'required' : null;
  if (field === 'email' && !isValidEmail(v)) return 'invalidEmail';
  if (field === 'phone') {
    const check = validatePhone(v);
    if (!check.ok) return check.code === 'NO_COUNTRY_CODE' ? 'noCountryCode' : 'invalidPhone';
  }
  return null;
}

export function PreChatForm({
  settings,
  t,
  onSubmit,
}: {
  settings: ChatWidgetSettings['preChatLeadCollection'];
  t: Translate;
  onSubmit: (values: { name?: string; email?: string; phone?: string }) => Promise<string | null>;
}) {
  const fields = (['name', 'email', 'phone'] as const).filter((f) => settings.fields[f].enabled);
  const [values, setValues] = useState<Record<LeadField, string>>({ name: '', email: '', phone: '' });
  const [errors, setErrors] = useState<Partial<Record<LeadField, StringKey>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const first = useRef<HTMLInputElement>(null);
  useEffect(() => first.current?.focus(), []);

  const submit = async (e: Event) => {
    e.preventDefault();
    const found: Partial<Record<LeadField, StringKey>> = {};
    for (const f of fields) {
      const err = fieldError(f, values[f], settings.fields[f].required);
      if (err) found[f] = err;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const out: { name?: string; email?: string; phone?: string } = {};
    for (const f of fields) if (values[f].trim()) out[f] = values[f].trim();
    setFailure(await onSubmit(out));
    setBusy(false);
  };

  return (
    <form class="cv-form" onSubmit={submit} noValidate>
      <p class="cv-form-title">{settingText(t, settings.title, 'defaultPrechatTitle')}</p>
      {fields.map((f, i) => (
        <label key={f}>
          <span>
            {t(f)}
            {settings.fields[f].required ? ' *' : ''}
          </span>
          <input
            ref={i === 0 ? first : undefined}
            name={f}
            type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
            autoComplete={f === 'phone' ? 'tel' : f}
            value={values[f]}
            required={settings.fields[f].required}
            aria-invalid={errors[f] ? 'true' : undefined}
            aria-describedby={errors[f] ? `cv-err-${f}` : undefined}
            onInput={(e) => setValues({ ...values, [f]: (e.target as HTMLInputElement).value })}
          />
          {errors[f] && (
            <small id={`cv-err-${f}`} class="cv-field-error">
              {t(errors[f]!)}
            </small>
          )}
        </label>
      ))}
      {failure && (
        <p class="cv-field-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" class="cv-primary" disabled={busy}>
        {t('startChat')}
      </button>
    </form>
  );
}

export function AwayEmail({
  t,
  email,
  onSubmit,
}: {
  t: Translate;
  email: string | null;
  onSubmit: (email: string) => Promise<string | null>;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (email) return <li class="cv-system cv-away-thanks">{t('awayEmailThanks', { email })}</li>;
  return (
    <li class="cv-inline-form">
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          const v = value.trim();
          if (!isValidEmail(v)) return setError(t('invalidEmail'));
          setError(await onSubmit(v));
        }}
        noValidate
      >
        <label for="cv-away-email">{t('awayEmailLabel')}</label>
        <span class="cv-row">
          <input
            id="cv-away-email"
            type="email"
            name="away-email"
            autoComplete="email"
            value={value}
            aria-invalid={error ? 'true' : undefined}
            onInput={(e) => setValue((e.target as HTMLInputElement).value)}
          />
          <button type="submit" class="cv-primary">
            {t('awayEmailSubmit')}
          </button>
        </span>
        {error && (
          <small class="cv-field-error" role="alert">
            {error}
          </small>
        )}
      </form>
    </li>
  );
}

const SCALE = [1, 2, 3, 4, 5] as const;

export function Csat({
  conv,
  askComment,
  t,
  onRate,
}: {
  conv: Conv;
  askComment: boolean;
  t: Translate;
  onRate: (rating: number, comment: string) => Promise<string | null>;
}) {
  const [rating, setRating] = useState<number | null>(null);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const box = useRef<HTMLLIElement>(null);
  // Choosing a rating opens the comment and the button below it: keep them in view.
  useEffect(() => box.current?.scrollIntoView({ block: 'end' }), [rating]);
  if (conv.rating === undefined) return null;
  if (conv.rating) {
    return (
      <li class="cv-csat" role="status">
        <strong>{t('csatThanks')}</strong>
        <span>{t('csatYours', { label: t(`csat${conv.rating.rating}` as StringKey) })}</span>
      </li>
    );
  }
  return (
    <li class="cv-csat" ref={box}>
      <form
        onSubmit={async (e) => {
          e.preventDefault();
          if (rating !== null) setError(await onRate(rating, comment.trim()));
        }}
      >
        <fieldset>
          <legend>{t('csatQuestion')}</legend>
          <div class="cv-scale">
            {SCALE.map((n) => (
              <button
                type="button"
                key={n}
                aria-pressed={rating === n}
                class={rating === n ? 'cv-chosen' : ''}
                onClick={() => setRating(n)}
              >
                <Face n={n} />
                <span>{t(`csat${n}` as StringKey)}</span>
              </button>
            ))}
          </div>
        </fieldset>
        {askComment && rating !== null && (
          <label>
            <span>{t('csatComment')}</span>
            <textarea
              name="csat-comment"
              maxLength={1000}
              rows={2}
              value={comment}
              onInput={(e) => setComment((e.target as HTMLTextAreaElement).value)}
            />
          </label>
        )}
        {error && (
          <small class="cv-field-error" role="alert">
            {error}
          </small>
        )}
        <button type="submit" class="cv-primary" disabled={rating === null}>
          {t('csatSubmit')}
        </button>
      </form>
    </li>
  );
}

export function Composer({
  t,
  attachments,
  onSend,
  onFile,
  onTyping,
  inputRef,
  onDraft,
  resetKey = 0,
}: {
  t: Translate;
  attachments: boolean;
  onSend: (text: string) => void;
  onFile: (file: File) => void;
  onTyping: (typing: boolean) => void;
  inputRef: { current: HTMLTextAreaElement | null };
  /** Every change of the text being written (the answer bot suggests from it). */
  onDraft?: ((text: string) => void) | undefined;
  /** Changing it empties the composer (a question the answer bot answered). */
  resetKey?: number | undefined;
}) {
  const [text, setTextState] = useState('');
  const setText = (value: string) => {
    setTextState(value);
    onDraft?.(value);
  };
  useEffect(() => {
    if (resetKey > 0) setText('');
  }, [resetKey]);
  const fileInput = useRef<HTMLInputElement>(null);
  const typingSince = useRef(0);
  const stopTimer = useRef<ReturnType<typeof setTimeout>>();

  const typing = () => {
    const now = Date.now();
    if (now - typingSince.current > 3000) {
      typingSince.current = now;
      onTyping(true);
    }
    clearTimeout(stopTimer.current);
    stopTimer.current = setTimeout(() => {
      typingSince.current = 0;
      onTyping(false);
    }, 4000);
  };
  const submit = () => {
    if (!text.trim()) return;
    onSend(text);
    setText('');
    clearTimeout(stopTimer.current);
    if (typingSince.current) onTyping(false);
    typingSince.current = 0;
  };

  return (
    <form
      class="cv-composer"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      {attachments && (
        <>
          <input
            ref={fileInput}
            type="file"
            hidden
            onChange={(e) => {
              const input = e.target as HTMLInputElement;
              const file = input.files?.[0];
              input.value = '';
              if (file) onFile(file);
            }}
          />
          <button
            type="button"
            class="cv-icon-button"
            aria-label={t('attach')}
            title={t('attach')}
            onClick={() => fileInput.current?.click()}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M16.5 6.5 8.6 14.4a1.8 1.8 0 0 0 2.5 2.5l7.6-7.6a3.5 3.5 0 0 0-5-5l-8 8a5.3 5.3 0 0 0 7.5 7.5l6.7-6.7" />
            </svg>
          </button>
        </>
      )}
      <textarea
        ref={inputRef}
        rows={1}
        name="message"
        aria-label={t('placeholder')}
        placeholder={t('placeholder')}
        value={text}
        maxLength={5000}
        onInput={(e) => {
          setText((e.target as HTMLTextAreaElement).value);
          typing();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && !e.shiftKey) {
            e.preventDefault();
            submit();
          }
        }}
      />
      <button type="submit" class="cv-send" aria-label={t('send')} title={t('send')}>
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M3 20.5 21 12 3 3.5v6.6l12 1.9-12 1.9z" />
        </svg>
      </button>
    </form>
  );
}

/** The SPEC §5 file rules, checked before any upload; the message names the real size. */
export function checkFile(file: File, t: Translate): string | null {
  if (file.type.startsWith('image/') && file.size > MAX_IMAGE_UPLOAD_BYTES) {
    return t('imageTooLarge', {
      size: formatFileSize(file.size),
      limit: formatFileSize(MAX_IMAGE_UPLOAD_BYTES),
    });
  }
  if (file.size > MAX_FILE_BYTES) {
    return t('fileTooLarge', { size: formatFileSize(file.size), limit: formatFileSize(MAX_FILE_BYTES) });
  }
  return null;
}
