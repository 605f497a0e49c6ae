// Calls of the chat app: the messaging API (/rest/ws, same origin as this iframe) and the widget's
// own endpoints, with the visitor's messaging token.
import type {
  GroupFeed,
  Message,
  WidgetAnswerArticle,
  WidgetInitResponse,
  WidgetRating,
  WidgetSuggestionsResponse,
} from '@convo/api';
import { WIDGET_ANSWER_BOT_PATHS, widgetAnswerArticlePath } from '@convo/api/constants';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

export interface FileMeta {
  key: string;
  name: string;
  size: number;
  contentType: string;
  url: string;
}

export interface Api {
  conversations(): Promise<GroupFeed[]>;
  createConversation(input: {
    title?: string | undefined;
    botIds?: string[] | undefined;
    metadata?: Record<string, string> | undefined;
  }): Promise<GroupFeed>;
  conversation(groupId: number): Promise<GroupFeed>;
  messages(groupId: number, before?: number): Promise<Message[]>;
  send(input: {
    groupId: number;
    key: string;
    message: string;
    metadata?: Record<string, string> | undefined;
    fileMeta?: { key: string } | undefined;
  }): Promise<{ id: number; createdAt: number }>;
  upload(file: File, image: boolean): Promise<FileMeta>;
  fileBlobUrl(url: string): Promise<string>;
  updateVisitor(input: { name?: string; email?: string; phone?: string }): Promise<void>;
  rate(groupId: number, rating: number, comment: string): Promise<WidgetRating>;
  /** A bot's answer: helpful or not (stored for the bots' analytics). */
  rateAnswer(messageId: number, helpful: boolean): Promise<void>;
  rating(groupId: number): Promise<WidgetRating | null>;
  /** The answer bot: published articles matching what the visitor types. */
  suggestArticles(q: string, lang: string, signal?: AbortSignal): Promise<WidgetSuggestionsResponse>;
  answerArticle(id: string): Promise<WidgetAnswerArticle>;
  /** The article answered the visitor's question (no conversation needed). */
  deflect(articleId: string, query: string): Promise<void>;
}

export function createApi(session: Pick<WidgetInitResponse, 'token' | 'appId'>): Api {
  const headers = { 'x-authorization': session.token, 'application-key': session.appId };

  async function call<T>(
    method: string,
    url: string,
    body?: unknown | FormData,
    signal?: AbortSignal,
  ): Promise<T> {
    const isForm = body instanceof FormData;
    const res = await fetch(url, {
      method,
      headers: body === undefined || isForm ? headers : { ...headers, 'content-type': 'application/json' },
      body: body === undefined ? null : isForm ? body : JSON.stringify(body),
      signal: signal ?? null,
    });
    const data = (await res.json().catch(() => ({}))) as T & { code?: string; message?: string };
    if (!res.ok) throw new ApiError(res.status, data.code ?? 'ERROR', data.message ?? `HTTP ${res.status}`);
    return data;
  }

  const blobs = new Map<string, Promise<string>>();

  return {
    conversations: async () =>
      (await call<{ response: { groupFeeds: GroupFeed[] } }>('GET', '/rest/ws/group/v2/list?pageSize=50'))
        .response.groupFeeds,
    createConversation: async ({ title, botIds, metadata }) =>
      (
        await call<{ response: GroupFeed }>('POST', '/rest/ws/group/v2.1/create', {
          groupName: title ?? '',
          type: 10,
          ...(botIds?.length ? { groupMemberList: botIds } : {}),
          metadata: { ...metadata, source: 'widget' },
        })
      ).response,
    conversation: async (groupId) =>
      (await call<{ response: GroupFeed }>('GET', `/rest/ws/group/v2/info?groupId=${groupId}`)).response,
    messages: async (groupId, before) =>
      (
        await call<{ message: Message[] }>(
          'GET',
          `/rest/ws/message/list?groupId=${groupId}&pageSize=50${before ? `&endTime=${before}` : ''}`,
        )
      ).message,
    send: (input) => call('POST', '/rest/ws/message/send', input),
    upload: (file, image) => {
      const form = new FormData();
      form.append('file', file, file.name);
      return call('POST', image ? '/rest/ws/upload/image' : '/rest/ws/upload/file', form);
    },
    fileBlobUrl(url) {
      // Files need the token, which an <img src> cannot send: fetch once, show an object URL.
      let found = blobs.get(url);
      if (!found) {
        found = fetch(url, { headers }).then(async (res) => {
          if (!res.ok) throw new ApiError(res.status, 'FILE', `HTTP ${res.status}`);
          return URL.createObjectURL(await res.blob());
        });
        blobs.set(url, found);
      }
      return found;
    },
    updateVisitor: async (input) => {
      await call('PATCH', '/widget/api/visitor', input);
    },
    rate: (groupId, rating, comment) =>
      call('POST', `/widget/api/conversations/${groupId}/rating`, comment ? { rating, comment } : { rating }),
    rateAnswer: async (messageId, helpful) => {
      await call('POST', `/widget/api/bot-answers/${messageId}/feedback`, { helpful });
    },
    suggestArticles: (q, lang, signal) =>
      call(
        'GET',
        `${WIDGET_ANSWER_BOT_PATHS.suggestions}?q=${encodeURIComponent(q)}&lang=${encodeURIComponent(lang)}`,
        undefined,
        signal,
      ),
    answerArticle: (id) => call('GET', widgetAnswerArticlePath(id)),
    deflect: async (articleId, query) => {
      await call('POST', WIDGET_ANSWER_BOT_PATHS.deflections, { articleId, query });
    },
    rating: async (groupId) => {
      try {
        return await call<WidgetRating>('GET', `/widget/api/conversations/${groupId}/rating`);
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) return null;
        throw err;
      }
    },
  };
}

/** Our own init, for the iframe snippet (no loader on the page). */
export async function initEmbedded(appId: string): Promise<WidgetInitResponse> {
  const key = `convo-visitor:${appId}`;
  const random = () => Array.from(crypto.getRandomValues(new Uint32Array(4)), (n) => n.toString(36)).join('');
  let saved: { userId?: string; password?: string } = {};
  try {
    saved = JSON.parse(localStorage.getItem(key) ?? '{}');
  } catch {}
  for (let attempt = 0; attempt < 2; attempt++) {
    if (!saved.userId || !saved.password) {
      saved = { userId: `v-${random()}`, password: random() + random() };
      try {
        localStorage.setItem(key, JSON.stringify(saved));
      } catch {}
    }
    const res = await fetch('/widget/api/init', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        appId,
        userId: saved.userId,
        password: saved.password,
        authenticationTypeId: 1,
      }),
    });
    const body = await res.json().catch(() => ({}));
    if (res.ok) return body as WidgetInitResponse;
    if (body.code !== 'PASSWORD_INVALID')
      throw new ApiError(res.status, body.code ?? 'ERROR', body.message ?? '');
    saved = {};
  }
  throw new ApiError(401, 'PASSWORD_INVALID', 'INVALID PASSWORD');
}
