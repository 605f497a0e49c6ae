// Rich messages sent by bots and agents: metadata contentType "300" with Kommunicate's template
// ids — 3 buttons (links, submit), 6 quick replies, 7 list, 9 images, 10 card (several: a
// carousel), 11 mixed buttons. Every text is rendered as text; only http(s) links are followed.
import type { Translate } from './i18n';

type Json = Record<string, unknown>;

export const RICH_CONTENT_TYPE = '300';

const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
const obj = (v: unknown): Json => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Json) : {});
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const safeUrl = (v: unknown): string | null => {
  const s = str(v);
  try {
    const u = new URL(s);
    return u.protocol === 'https:' || u.protocol === 'http:' ? u.href : null;
  } catch {
    return null;
  }
};

/** The template's payload (sent as a JSON string in metadata, whose values are scalars). */
export function richPayload(
  metadata: Record<string, unknown>,
): { templateId: string; payload: unknown } | null {
  if (str(metadata.contentType) !== RICH_CONTENT_TYPE) return null;
  let payload: unknown = metadata.payload;
  if (typeof payload === 'string') {
    try {
      payload = JSON.parse(payload);
    } catch {
      return null;
    }
  }
  return { templateId: str(metadata.templateId), payload };
}

interface Action {
  label: string;
  /** Send this text as the visitor's reply. */
  reply?: string;
  /** Or open this link. */
  url?: string;
  newTab: boolean;
}

/** Kommunicate's button shapes: {type:'link', url, name}, {title, message}, {name, action:{type, payload}}. */
export function toAction(raw: unknown): Action | null {
  const b = obj(raw);
  const action = obj(b.action);
  const actionPayload = obj(action.payload);
  const label = str(b.name) || str(b.title) || str(b.label);
  if (!label) return null;
  const type = str(b.type) || str(action.type);
  const url = safeUrl(b.url) ?? safeUrl(action.url) ?? safeUrl(actionPayload.url);
  if ((type === 'link' || (!type && url)) && url) return { label, url, newTab: b.openLinkInNewTab !== false };
  const reply =
    str(b.message) ||
    str(b.replyText) ||
    str(action.text) ||
    str(actionPayload.message) ||
    str(b.reply) ||
    label;
  return { label, reply, newTab: true };
}

function Actions({
  items,
  onReply,
  t,
  chips,
}: {
  items: unknown[];
  onReply: (text: string) => void;
  t: Translate;
  chips?: boolean;
}) {
  const actions = items.map(toAction).filter((a): a is Action => a !== null);
  if (actions.length === 0) return null;
  return (
    <div class={chips ? 'cv-chips' : 'cv-actions'}>
      {actions.map((a) =>
        a.url ? (
          <a
            class="cv-action"
            href={a.url}
            target={a.newTab ? '_blank' : '_top'}
            rel="noopener noreferrer"
            aria-label={a.newTab ? t('opensNewTab', { label: a.label }) : a.label}
          >
            {a.label}
          </a>
        ) : (
          <button type="button" class="cv-action" onClick={() => onReply(a.reply ?? a.label)}>
            {a.label}
          </button>
        ),
      )}
    </div>
  );
}

function Card({ raw, onReply, t }: { raw: unknown; onReply: (text: string) => void; t: Translate }) {
  const c = obj(raw);
  const header = obj(c.header);
  const img = safeUrl(header.imgSrc) ?? safeUrl(c.imgSrc);
  return (
    <div class="cv-card">
      {img && <img src={img} alt={str(header.overlayText) || str(c.title)} loading="lazy" />}
      <div class="cv-card-body">
        {str(c.title) && <strong>{str(c.title)}</strong>}
        {str(c.subtitle) && <span>{str(c.subtitle)}</span>}
        {str(c.description) && <p>{str(c.description)}</p>}
      </div>
      <Actions items={arr(c.buttons)} onReply={onReply} t={t} />
    </div>
  );
}

export function RichContent({
  metadata,
  onReply,
  t,
}: {
  metadata: Record<string, unknown>;
  onReply: (text: string) => void;
  t: Translate;
}) {
  const rich = richPayload(metadata);
  if (!rich) return null;
  const { templateId, payload } = rich;
  switch (templateId) {
    case '3':
    case '11':
      return <Actions items={arr(payload)} onReply={onReply} t={t} />;
    case '6':
      return <Actions items={arr(payload)} onReply={onReply} t={t} chips />;
    case '7': {
      const list = obj(payload);
      const headerImg = safeUrl(list.headerImgSrc);
      return (
        <div class="cv-card">
          {headerImg && <img src={headerImg} alt="" loading="lazy" />}
          {str(list.headerText) && <strong class="cv-list-head">{str(list.headerText)}</strong>}
          <ul class="cv-list">
            {arr(list.elements).map((raw) => {
              const el = obj(raw);
              const action = toAction({ name: str(el.title), action: el.action });
              const img = safeUrl(el.imgSrc);
              const body = (
                <>
                  {img && <img src={img} alt="" loading="lazy" />}
                  <span>
                    <strong>{str(el.title)}</strong>
                    {str(el.description) && <small>{str(el.description)}</small>}
                  </span>
                </>
              );
              return (
                <li>
                  {action?.url ? (
                    <a href={action.url} target="_blank" rel="noopener noreferrer">
                      {body}
                    </a>
                  ) : action?.reply && el.action ? (
                    <button type="button" onClick={() => onReply(action.reply!)}>
                      {body}
                    </button>
                  ) : (
                    <div>{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
          <Actions items={arr(list.buttons)} onReply={onReply} t={t} />
        </div>
      );
    }
    case '9':
      return (
        <div class="cv-images">
          {arr(payload).map((raw) => {
            const i = obj(raw);
            const url = safeUrl(i.url);
            return url ? (
              <figure>
                <img src={url} alt={str(i.caption)} loading="lazy" />
                {str(i.caption) && <figcaption>{str(i.caption)}</figcaption>}
              </figure>
            ) : null;
          })}
        </div>
      );
    case '10': {
      const cards = arr(payload);
      return (
        <div class={cards.length > 1 ? 'cv-carousel' : ''} role={cards.length > 1 ? 'group' : undefined}>
          {cards.map((c) => (
            <Card raw={c} onReply={onReply} t={t} />
          ))}
        </div>
      );
    }
    default:
      return null;
  }
}
