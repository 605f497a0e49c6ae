// The help center's answer bot in the chat window: while the visitor types, before a person has
// answered, published articles are suggested. One opens in place and asks "Did this answer your
// question?": Yes is counted as a deflection, No sends what the visitor typed to the team.
import type { WidgetAnswerArticle, WidgetSuggestion } from '@convo/api';
import { ANSWER_BOT_MIN_QUERY } from '@convo/api/constants';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Api } from './api';
import type { Translate } from './i18n';

/** Wait after the last key before asking (a request per pause, not per letter). */
export const SUGGEST_DEBOUNCE_MS = 350;

export function AnswerBot({
  api,
  t,
  language,
  query,
  active,
  onNotAnswered,
  onAnswered,
}: {
  api: Api;
  t: Translate;
  language: string;
  /** What the visitor has typed so far. */
  query: string;
  /** False once a person has answered in this conversation. */
  active: boolean;
  /** "No": the typed message goes to the team. */
  onNotAnswered: () => void;
  /** "Yes": the typed message is dropped. */
  onAnswered: () => void;
}) {
  const [off, setOff] = useState(false);
  const [suggestions, setSuggestions] = useState<WidgetSuggestion[]>([]);
  const [article, setArticle] = useState<WidgetAnswerArticle | null>(null);
  const [thanks, setThanks] = useState(false);
  const [failed, setFailed] = useState(false);
  const asked = useRef('');
  const body = useRef<HTMLDivElement | null>(null);
  const text = query.trim();

  // The article's own links open beside the chat: followed in the frame they would replace it.
  useEffect(() => {
    for (const a of body.current?.querySelectorAll('a') ?? []) {
      a.target = '_blank';
      a.rel = 'noopener noreferrer';
    }
  }, [article]);

  useEffect(() => {
    if (off || !active || text.length < ANSWER_BOT_MIN_QUERY) {
      // Forgotten, so the same words typed again are asked again.
      asked.current = '';
      setSuggestions([]);
      return;
    }
    if (text === asked.current) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      api
        .suggestArticles(text, language, controller.signal)
        .then((res) => {
          // Remembered only once answered: a request cut short (the effect re-ran while it was
          // under way) or failed is asked again instead of leaving the visitor without suggestions.
          asked.current = text;
          if (!res.enabled) setOff(true);
          setSuggestions(res.articles);
        })
        // A failed suggestion is not worth an error: the visitor can still write to the team.
        .catch(() => undefined);
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text, active, off]);

  useEffect(() => {
    if (text) setThanks(false);
  }, [text]);

  if (off || !active) return null;

  const open = async (id: string) => {
    setFailed(false);
    try {
      setArticle(await api.answerArticle(id));
    } catch {
      setFailed(true);
    }
  };

  if (article) {
    return (
      <section class="cv-answer" aria-labelledby="cv-answer-title">
        <div class="cv-answer-head">
          <h2 id="cv-answer-title">{article.title}</h2>
          <button
            type="button"
            class="cv-icon-button"
            aria-label={t('answerBotBack')}
            title={t('answerBotBack')}
            onClick={() => setArticle(null)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" />
            </svg>
          </button>
        </div>
        {/* Sanitized by the server with the help center's one whitelist (no scripts, no handlers). */}
        <div ref={body} class="cv-answer-body" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
        <a class="cv-answer-link" href={article.url} target="_blank" rel="noopener noreferrer">
          {t('opensNewTab', { label: t('answerBotReadMore') })}
        </a>
        <p class="cv-answer-question">{t('answerBotQuestion')}</p>
        <div class="cv-answer-actions">
          <button
            type="button"
            class="cv-primary"
            onClick={() => {
              void api.deflect(article.id, text).catch(() => undefined);
              setArticle(null);
              setSuggestions([]);
              asked.current = '';
              setThanks(true);
              onAnswered();
            }}
          >
            {t('answerBotYes')}
          </button>
          <button
            type="button"
            class="cv-secondary"
            onClick={() => {
              setArticle(null);
              setSuggestions([]);
              onNotAnswered();
            }}
          >
            {t('answerBotNo')}
          </button>
        </div>
      </section>
    );
  }

  if (thanks) {
    return (
      <p class="cv-answer-thanks" role="status">
        {t('answerBotThanks')}
      </p>
    );
  }

  if (suggestions.length === 0) return null;
  return (
    <section class="cv-suggestions" aria-label={t('answerBotSuggested')}>
      <p class="cv-suggestions-title">{t('answerBotSuggested')}</p>
      {failed && (
        <p class="cv-alert" role="alert">
          {t('error')}
        </p>
      )}
      <ul>
        {suggestions.map((s) => (
          <li key={s.id}>
            <button type="button" onClick={() => void open(s.id)}>
              <strong>{s.title}</strong>
              <span>{s.snippet}</span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
