import {
  ANSWER_BOT_PATHS,
  HELP_CENTER_PATHS,
  helpCenterPath,
  WIDGET_ANSWER_BOT_PATHS,
  type WidgetSuggestionsResponse,
  widgetAnswerArticlePath,
} from '@convo/api';
import { describe, expect, it } from 'vitest';
import { newVisitor, type Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { SUGGESTION_LIMITS } from './routes.js';

// The answer bot over HTTP: settings per application, suggestions to the application's visitors
// only (never a draft, never another application's article), deflections counted.

describe.each(testDatabaseKinds())('answer bot on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  const bearer = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const api = (tenant: Tenant, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(tenant), ...(payload ? { payload } : {}) });
  const article = async (tenant: Tenant, title: string, body: string, extra: object = {}) => {
    const res = await api(tenant, 'POST', HELP_CENTER_PATHS.articles, {
      title,
      bodyHtml: `<p>${body}</p>`,
      status: 'published',
      ...extra,
    });
    expect(res.statusCode).toBe(200);
    return res.json().data as { id: string; slug: string };
  };
  const suggest = async (headers: Record<string, string>, q: string, lang = 'en') => {
    const res = await t.app.inject({
      url: `${WIDGET_ANSWER_BOT_PATHS.suggestions}?q=${encodeURIComponent(q)}&lang=${lang}`,
      headers,
    });
    expect(res.statusCode).toBe(200);
    return res.json() as WidgetSuggestionsResponse;
  };

  it('is off by default, suggests nothing then, and keeps its settings per application', async () => {
    const [a, b] = tenants;
    const initial = await api(a, 'GET', ANSWER_BOT_PATHS.settings);
    expect(initial.json().data).toMatchObject({ enabled: false, suggestionCount: 3 });
    await article(a, 'Shipping times', 'Parcels arrive within five working days.');
    const visitor = await newVisitor(t, a);
    expect(await suggest(visitor.headers, 'when will my parcel arrive')).toEqual({
      enabled: false,
      articles: [],
    });

    const saved = await api(a, 'PUT', ANSWER_BOT_PATHS.settings, { enabled: true, suggestionCount: 2 });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ enabled: true, suggestionCount: 2 });
    expect((await api(b, 'GET', ANSWER_BOT_PATHS.settings)).json().data.enabled).toBe(false);

    const bad = await api(a, 'PUT', ANSWER_BOT_PATHS.settings, { enabled: true, suggestionCount: 9 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('INVALID_PARAMETER');
  });

  it("suggests only the visitor's application's published articles, in their language first", async () => {
    const [a, b] = tenants;
    await api(a, 'PUT', ANSWER_BOT_PATHS.settings, { enabled: true, suggestionCount: 3 });
    await api(b, 'PUT', ANSWER_BOT_PATHS.settings, { enabled: true, suggestionCount: 3 });
    const refund = await article(a, 'Refund policy', 'Refunds are paid back within thirty days.');
    await article(a, 'Refund for gift cards', 'Gift cards are refunded as credit.', { status: 'draft' });
    await article(b, 'Refund rules of the other shop', 'Another application refund text.');
    const es = await article(a, 'Política de reembolso', 'Los reembolsos se pagan en treinta días.', {
      language: 'es',
      translationOf: refund.id,
    });

    const visitor = await newVisitor(t, a);
    const found = await suggest(visitor.headers, 'How do I get a refund?');
    expect(found.enabled).toBe(true);
    expect(found.articles.map((x) => x.title)).toEqual(['Refund policy']);
    expect(found.articles[0]!.url).toContain(`/hc/${a.applicationId}/articles/refund-policy?lang=en`);

    // Spanish first; the English version of the same article is not repeated.
    const spanish = await suggest(visitor.headers, 'reembolso refund', 'es');
    expect(spanish.articles.map((x) => x.id)).toEqual([es.id]);

    // The other application's visitor sees only its own article.
    const other = await newVisitor(t, b);
    const theirs = await suggest(other.headers, 'refund');
    expect(theirs.articles.map((x) => x.title)).toEqual(['Refund rules of the other shop']);

    // One article: published and of the caller's application only.
    const read = await t.app.inject({ url: widgetAnswerArticlePath(refund.id), headers: visitor.headers });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({
      title: 'Refund policy',
      bodyHtml: expect.stringContaining('thirty'),
    });
    const stranger = await t.app.inject({ url: widgetAnswerArticlePath(refund.id), headers: other.headers });
    expect(stranger.statusCode).toBe(404);

    // Unpublished: gone from suggestions at once.
    await api(a, 'PATCH', helpCenterPath(HELP_CENTER_PATHS.article, refund.id), { status: 'draft' });
    expect((await suggest(visitor.headers, 'refund')).articles).toEqual([]);
  });

  it('records a deflection of a published article and counts it on the settings screen', async () => {
    const [a, b] = tenants;
    await api(a, 'PUT', ANSWER_BOT_PATHS.settings, { enabled: true, suggestionCount: 3 });
    const faq = await article(a, 'Opening hours', 'Open nine to six.');
    const visitor = await newVisitor(t, a);
    const deflect = (headers: Record<string, string>, articleId: string) =>
      t.app.inject({
        method: 'POST',
        url: WIDGET_ANSWER_BOT_PATHS.deflections,
        headers,
        payload: { articleId, query: 'when are you open' },
      });
    const res = await deflect(visitor.headers, faq.id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ recorded: true });
    // Another application's visitor cannot count on it.
    expect((await deflect((await newVisitor(t, b)).headers, faq.id)).statusCode).toBe(404);

    const view = (await api(a, 'GET', ANSWER_BOT_PATHS.settings)).json().data;
    expect(view.deflections.total).toBeGreaterThanOrEqual(1);
    expect(view.deflections.last30Days).toBe(view.deflections.total);
    expect(view.topArticles).toContainEqual({ articleId: faq.id, title: 'Opening hours', count: 1 });
    expect((await api(b, 'GET', ANSWER_BOT_PATHS.settings)).json().data.deflections.total).toBe(0);
  });

  it('needs a token and is rate-limited per visitor', async () => {
    const [a] = tenants;
    const anonymous = await t.app.inject({ url: `${WIDGET_ANSWER_BOT_PATHS.suggestions}?q=refund` });
    expect(anonymous.statusCode).toBe(401);
    const visitor = await newVisitor(t, a);
    let last = 200;
    for (let i = 0; i <= SUGGESTION_LIMITS.perVisitorPerMinute && last === 200; i++) {
      last = (
        await t.app.inject({ url: `${WIDGET_ANSWER_BOT_PATHS.suggestions}?q=x`, headers: visitor.headers })
      ).statusCode;
    }
    expect(last).toBe(429);
  });
});
