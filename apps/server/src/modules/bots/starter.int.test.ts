import {
  BOT_PATHS,
  type EmulatorReply,
  HELP_CENTER_PATHS,
  STARTER_BOT_PATHS,
  type StarterBot,
} from '@convo/api';
import { ONBOARDING_STATE } from '@convo/domain';
import pino from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { startWorkers } from '../../app.js';
import type { JobRunner } from '../../platform/jobs/job-queue.js';
import type { Tenant } from '../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../testing/test-database.js';
import { useTestApp } from '../../testing/use-test-app.js';

// The setup guide's starter bot (issue 40 item 1): one call makes a trained first responder that
// answers a paraphrase of the company's help-center article, and never from another application's.

describe.each(testDatabaseKinds())('starter bot on %s', (kind) => {
  const { t, tenants } = useTestApp(kind, { tenants: 2 });
  let worker: JobRunner;

  beforeAll(async () => {
    worker = startWorkers({
      appSecret: t.config.appSecret,
      db: t.database.db,
      log: pino({ level: 'silent' }),
      pollMs: 60_000,
    });
    await worker.stop();
  });

  const headers = (tenant: Tenant) => ({ authorization: `Bearer ${tenant.admin['x-authorization']}` });
  const api = (tenant: Tenant, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: headers(tenant), ...(payload ? { payload } : {}) });
  const writeArticle = async (tenant: Tenant, title: string, body: string) => {
    const res = await api(tenant, 'POST', HELP_CENTER_PATHS.articles, {
      title,
      bodyHtml: `<p>${body}</p>`,
      status: 'published',
    });
    expect(res.statusCode).toBe(200);
  };
  const ask = async (tenant: Tenant, botId: string, message: string) => {
    const res = await api(tenant, 'POST', BOT_PATHS.emulator.replace(':botId', botId), { message });
    expect(res.statusCode).toBe(200);
    return res.json().data as EmulatorReply;
  };
  const text = (reply: EmulatorReply) =>
    reply.messages.map((m) => ('text' in m && typeof m.text === 'string' ? m.text : '')).join(' ');

  it('makes a trained first responder that answers a paraphrase of a help-center article', async () => {
    const [a, b] = tenants;
    await writeArticle(
      a,
      'Refund policy',
      'Refunds are paid back to your card within fourteen days of the parcel reaching our warehouse.',
    );
    // Another application's article, on a topic A's bot is asked about: it must never answer with it.
    await writeArticle(b, 'Warranty', 'Every kettle carries a seven year warranty against rust.');

    const res = await api(a, 'POST', STARTER_BOT_PATHS.starterBot, { source: 'helpcenter' });
    expect(res.statusCode).toBe(200);
    const made = res.json().data as StarterBot;
    expect(made.bot).toMatchObject({ engine: 'kompose', enabled: true, firstResponder: true });
    expect(made.source).toMatchObject({ kind: 'helpcenter', status: 'pending' });

    await worker.drain();
    const reply = await ask(a, made.bot.id, 'how long does a refund take to reach my card?');
    expect(reply.fallback, JSON.stringify(reply)).toBe(false);
    expect(text(reply)).toContain('fourteen days');

    const foreign = await ask(a, made.bot.id, 'how many years of warranty does the kettle have?');
    expect(text(foreign)).not.toContain('seven year');

    // The welcome and fallback exist, and the guide's bot step is ticked.
    const intents = await api(a, 'GET', BOT_PATHS.intents.replace(':botId', made.bot.id));
    const names = (intents.json().data as { section: string }[]).map((i) => i.section);
    expect(names).toEqual(expect.arrayContaining(['welcome-message', 'fallback']));
    const guide = await api(a, 'GET', '/api/onboarding');
    const states = (guide.json().data.steps as { state: number }[]).map((s) => s.state);
    expect(states).toContain(ONBOARDING_STATE.BOT_CREATED);

    // B's bot list never sees A's starter bot.
    const theirs = await api(b, 'GET', BOT_PATHS.bots);
    expect((theirs.json().data as { id: string }[]).map((x) => x.id)).not.toContain(made.bot.id);
  });

  it('refuses a private address and leaves no bot behind', async () => {
    const [, b] = tenants;
    const before = (await api(b, 'GET', BOT_PATHS.bots)).json().data.length as number;
    const res = await api(b, 'POST', STARTER_BOT_PATHS.starterBot, {
      source: 'url',
      url: 'http://169.254.169.254/latest/meta-data',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('ADDRESS_NOT_ALLOWED');
    expect((await api(b, 'GET', BOT_PATHS.bots)).json().data.length).toBe(before);
  });

  it('needs a signed-in member (the route is admin-guarded; the privileges test walks it)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: STARTER_BOT_PATHS.starterBot,
      payload: { source: 'helpcenter' },
    });
    expect(res.statusCode).toBe(401);
  });
});
