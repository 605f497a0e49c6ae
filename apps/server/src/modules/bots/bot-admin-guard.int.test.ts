import { BOT_PATHS, KNOWLEDGE_PATHS, knowledgePath } from '@convo/api';
import { ROLE_TYPE, type RoleType } from '@convo/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { addTestBot } from '../../testing/bots.js';
import { signedInMember } from '../../testing/members.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';
import { multipart } from '../attachments/test-harness.js';
import { findSource } from './knowledge/repository.js';
import type { BotRow } from './repository.js';

// Issue 32 item 4: every change to a bot is an admin's, knowledge sources and suggestions
// included. Each role without it (agent, bot, developer, operator) is refused on every write,
// and nothing it sent is stored; an admin's same calls go through.
const REFUSED: readonly RoleType[] = [
  ROLE_TYPE.AGENT,
  ROLE_TYPE.BOT,
  ROLE_TYPE.DEVELOPER,
  ROLE_TYPE.OPERATOR,
];

describe.each(testDatabaseKinds())('bot changes are an admin’s on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 1, dataDir: true });
  let bot: BotRow;
  let sourceId: string;
  let suggestionId: string;

  beforeAll(async () => {
    const [tenant] = tenants;
    bot = await addTestBot(t.database, tenant.applicationId);
    const source = await t.app.inject({
      method: 'POST',
      url: knowledgePath(KNOWLEDGE_PATHS.helpCenter, bot.id),
      headers: tenant.admin,
    });
    expect(source.statusCode, source.body).toBe(200);
    sourceId = source.json().data.id as string;
    const suggestion = await t.app.inject({
      method: 'POST',
      url: BOT_PATHS.suggestions,
      headers: tenant.admin,
      payload: { name: 'Hours', content: 'We open at nine.' },
    });
    expect(suggestion.statusCode, suggestion.body).toBe(200);
    suggestionId = suggestion.json().data.id as string;
  });

  const writes = () => {
    const upload = multipart([
      { filename: 'faq.txt', contentType: 'text/plain', data: Buffer.from('Open at nine.') },
    ]);
    return [
      {
        name: 'add a URL',
        method: 'POST',
        url: knowledgePath(KNOWLEDGE_PATHS.urls, bot.id),
        payload: { url: 'https://example.com/faq' },
      },
      {
        name: 'add a sitemap',
        method: 'POST',
        url: knowledgePath(KNOWLEDGE_PATHS.sitemaps, bot.id),
        payload: { url: 'https://example.com/sitemap.xml' },
      },
      {
        name: 'import the help center',
        method: 'POST',
        url: knowledgePath(KNOWLEDGE_PATHS.helpCenter, bot.id),
      },
      {
        name: 'upload a document',
        method: 'POST',
        url: knowledgePath(KNOWLEDGE_PATHS.documents, bot.id),
        payload: upload.payload,
        headers: upload.headers,
      },
      { name: 're-crawl', method: 'POST', url: knowledgePath(KNOWLEDGE_PATHS.recrawl, bot.id, sourceId) },
      {
        name: 'delete a source',
        method: 'DELETE',
        url: knowledgePath(KNOWLEDGE_PATHS.source, bot.id, sourceId),
      },
      {
        name: 'delete a suggestion',
        method: 'DELETE',
        url: BOT_PATHS.suggestion.replace(':suggestionId', suggestionId),
      },
      {
        name: 'create a suggestion',
        method: 'POST',
        url: BOT_PATHS.suggestions,
        payload: { name: 'X', content: 'Y' },
      },
      {
        name: 'create an intent',
        method: 'POST',
        url: BOT_PATHS.intents.replace(':botId', bot.id),
        payload: {},
      },
      {
        name: 'correct a test answer',
        method: 'POST',
        url: BOT_PATHS.emulatorCorrection.replace(':botId', bot.id),
        payload: { message: 'where is my parcel', language: 'en', intent: null },
      },
    ] as const;
  };

  it('refuses every role but the admins, and stores nothing', async () => {
    const [tenant] = tenants;
    const answers: string[] = [];
    for (const role of REFUSED) {
      const member = await signedInMember(t.database, tenant.applicationId, role);
      for (const w of writes()) {
        const res = await t.app.inject({
          method: w.method,
          url: w.url,
          headers: { ...member.headers, ...('headers' in w ? w.headers : {}) },
          ...('payload' in w ? { payload: w.payload } : {}),
        });
        answers.push(`${role} ${w.name}: ${res.statusCode} ${res.json().code}`);
      }
    }
    expect(answers).toEqual(
      REFUSED.flatMap((role) => writes().map((w) => `${role} ${w.name}: 403 FORBIDDEN`)),
    );
    expect(await findSource(t.database.db, tenant.applicationId, sourceId, bot.id)).toBeDefined();
    const sources = await t.app.inject({
      method: 'GET',
      url: knowledgePath(KNOWLEDGE_PATHS.sources, bot.id),
      headers: tenant.admin,
    });
    expect(sources.json().data).toHaveLength(1);
    const suggestions = await t.app.inject({
      method: 'GET',
      url: BOT_PATHS.suggestions,
      headers: tenant.admin,
    });
    expect((suggestions.json().data as { id: string }[]).map((s) => s.id)).toEqual([suggestionId]);
  });

  it('lets an admin (role 1) make the same changes', async () => {
    const [tenant] = tenants;
    const admin = await signedInMember(t.database, tenant.applicationId, ROLE_TYPE.ADMIN);
    const upload = multipart([
      { filename: 'faq.txt', contentType: 'text/plain', data: Buffer.from('Open at nine.') },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: knowledgePath(KNOWLEDGE_PATHS.documents, bot.id),
      headers: { ...admin.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const recrawl = await t.app.inject({
      method: 'POST',
      url: knowledgePath(KNOWLEDGE_PATHS.recrawl, bot.id, sourceId),
      headers: admin.headers,
    });
    // Past the guard: the import is still queued (no worker here), so the source is busy.
    expect(recrawl.json().code, recrawl.body).toBe('SOURCE_BUSY');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: knowledgePath(KNOWLEDGE_PATHS.source, bot.id, sourceId),
      headers: admin.headers,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    const suggestion = await t.app.inject({
      method: 'DELETE',
      url: BOT_PATHS.suggestion.replace(':suggestionId', suggestionId),
      headers: admin.headers,
    });
    expect(suggestion.statusCode, suggestion.body).toBe(200);
    // Reading stays open to every role holding the bots privilege.
    const agent = await signedInMember(t.database, tenant.applicationId, ROLE_TYPE.AGENT);
    const list = await t.app.inject({
      method: 'GET',
      url: knowledgePath(KNOWLEDGE_PATHS.sources, bot.id),
      headers: agent.headers,
    });
    expect(list.statusCode).toBe(200);
  });
});
