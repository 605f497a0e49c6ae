import { BOT_PATHS, type Bot, botPath, CODE_ACTION_PATHS, type CodeAction, codeActionPath } from '@convo/api';
import { ROLE_TYPE, type RoleType } from '@convo/domain';
import { type FakeProvider, startFakeOpenAI } from '@convo/provider-fakes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInMember } from '../../../testing/members.js';
import type { Tenant } from '../../../testing/messaging-fixtures.js';
import { testDatabaseKinds } from '../../../testing/test-database.js';
import { useTestApp } from '../../../testing/use-test-app.js';
import { listCodeActionsOf, runCodeAction } from '../index.js';

// Issue 36 item 4 through the real app: the application's AI agent's model (the OpenAI fake)
// writes the function, a provider failure is 'Error generating code', the code runs in the
// sandbox, saved actions stay in their application, only admins change them, and the key never
// comes back.

const KEY = 'sk-codegen-THIS-KEY-NEVER-COMES-BACK-4242';
const GENERATED = [
  'function action(input) {',
  '  // Total of an order with VAT',
  '  const total = Number(input.amount) * 1.2;',
  '  return { total: Math.round(total * 100) / 100 };',
  '}',
].join('\n');

describe.each(testDatabaseKinds())('custom actions (code pilot) on %s', (kind) => {
  let openai: FakeProvider;
  beforeAll(async () => {
    openai = await startFakeOpenAI({ apiKey: KEY });
  });
  afterAll(async () => {
    await openai?.close();
  });
  const { t, tenants } = useTestApp(kind, { tenants: 2, env: () => ({ OPENAI_BASE_URL: openai.url }) });
  const [tenant, other] = tenants;

  async function llmBot(target: Tenant, apiKey: string): Promise<Bot> {
    const created = await t.app.inject({
      method: 'POST',
      url: BOT_PATHS.bots,
      headers: target.admin,
      payload: {
        name: `Writer ${apiKey.slice(-4)} ${Math.random().toString(36).slice(2, 6)}`,
        engine: 'openai',
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const bot = created.json().data as Bot;
    const keyed = await t.app.inject({
      method: 'PUT',
      url: botPath(BOT_PATHS.botEngine, { botId: bot.id }),
      headers: target.admin,
      payload: { settings: {}, apiKey },
    });
    expect(keyed.statusCode, keyed.body).toBe(200);
    return bot;
  }
  const generate = (target: Tenant, payload: Record<string, unknown>, headers = target.admin) =>
    t.app.inject({ method: 'POST', url: CODE_ACTION_PATHS.generate, headers, payload });

  it('says Error generating code when the application has no model set up', async () => {
    const res = await generate(other!, { description: 'Add VAT' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'ERROR_GENERATING_CODE',
      message: expect.stringMatching(/^Error generating code/),
      details: { reason: 'LLM_NOT_CONFIGURED' },
    });
  });

  it('has the AI agent’s model write the function, and never returns its key', async () => {
    const bot = await llmBot(tenant!, KEY);
    openai.script({ kind: 'text', chunks: ['Here it is:\n```javascript\n', GENERATED, '\n```\n'] });
    const before = openai.calls.length;
    const res = await generate(tenant!, { description: 'Add 20 % VAT to the amount' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      code: GENERATED,
      generatedBy: { botId: bot.id, botName: bot.name, engine: 'openai' },
    });
    expect(res.body).not.toContain(KEY);
    const call = openai.calls.at(before);
    expect(call?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(call?.rawBody).toContain('Add 20 % VAT to the amount');
    expect(call?.rawBody).toContain('function named action');
  });

  it('says Error generating code on a provider failure or an answer without the function', async () => {
    const bot = await llmBot(tenant!, KEY);
    openai.script({ kind: 'error', error: 'server' });
    const failed = await generate(tenant!, { description: 'Add VAT', botId: bot.id });
    expect(failed.statusCode).toBe(502);
    expect(failed.json()).toMatchObject({
      code: 'ERROR_GENERATING_CODE',
      message: expect.stringMatching(/^Error generating code: /),
      details: { reason: 'PROVIDER_ERROR' },
    });

    const wrongKey = await llmBot(tenant!, 'sk-wrong-key-0000');
    const refused = await generate(tenant!, { description: 'Add VAT', botId: wrongKey.id });
    expect(refused.statusCode).toBe(502);
    expect(refused.json()).toMatchObject({
      code: 'ERROR_GENERATING_CODE',
      details: { reason: 'INVALID_CREDENTIALS' },
    });
    expect(refused.body).not.toContain('sk-wrong-key-0000');

    openai.script({ kind: 'text', chunks: ['I cannot help with that.'] });
    const prose = await generate(tenant!, { description: 'Add VAT', botId: bot.id });
    expect(prose.json()).toMatchObject({
      code: 'ERROR_GENERATING_CODE',
      details: { reason: 'INVALID_CODE' },
    });

    // Another application's agent is not this one's to use.
    const theirs = await generate(other!, { description: 'Add VAT', botId: bot.id });
    expect(theirs.statusCode).toBe(404);
  });

  it('tests code on a sample input in the sandbox, refusing what the sandbox refuses', async () => {
    const test = (code: string, input: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: CODE_ACTION_PATHS.testCode,
        headers: tenant!.admin,
        payload: { code, input },
      });
    const ok = await test(GENERATED, { amount: 10 });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ ok: true, output: { total: 12 } });

    const loop = await test('function action() { while (true) {} }', {});
    expect(loop.json().data).toMatchObject({ ok: false, kind: 'timeout' });
    const network = await test('async function action() { return await fetch("http://127.0.0.1:9"); }', {});
    expect(network.json().data).toMatchObject({ ok: false, kind: 'error' });

    const tooBig = await test(GENERATED, { blob: 'x'.repeat(20_000) });
    expect(tooBig.statusCode).toBe(400);
    expect(tooBig.json().code).toBe('INVALID_PARAMETER');
  });

  it('saves, lists, updates and deletes actions per application; flows run them', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: CODE_ACTION_PATHS.actions,
      headers: tenant!.admin,
      payload: {
        name: 'Add VAT',
        description: 'Adds 20 % VAT',
        code: GENERATED,
        sampleInput: { amount: 10 },
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const action = created.json().data as CodeAction;
    expect(action).toMatchObject({ name: 'Add VAT', sampleInput: { amount: 10 } });

    const duplicate = await t.app.inject({
      method: 'POST',
      url: CODE_ACTION_PATHS.actions,
      headers: tenant!.admin,
      payload: { name: 'Add VAT', code: GENERATED },
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().code).toBe('CODE_ACTION_EXISTS');

    const list = await t.app.inject({
      method: 'GET',
      url: CODE_ACTION_PATHS.actions,
      headers: tenant!.admin,
    });
    expect((list.json().data as CodeAction[]).map((a) => a.id)).toEqual([action.id]);

    // The other application sees nothing, and cannot change, delete or run it.
    const theirList = await t.app.inject({
      method: 'GET',
      url: CODE_ACTION_PATHS.actions,
      headers: other!.admin,
    });
    expect(theirList.json().data).toEqual([]);
    const theirUpdate = await t.app.inject({
      method: 'PUT',
      url: codeActionPath(action.id),
      headers: other!.admin,
      payload: { name: 'Hijacked', code: 'function action() { return {}; }' },
    });
    expect(theirUpdate.statusCode).toBe(404);
    const theirDelete = await t.app.inject({
      method: 'DELETE',
      url: codeActionPath(action.id),
      headers: other!.admin,
    });
    expect(theirDelete.statusCode).toBe(404);
    const deps = { db: t.database.db };
    expect(
      await runCodeAction(deps, { applicationId: other!.applicationId, actionId: action.id, input: {} }),
    ).toEqual({
      ok: false,
      error: 'No such action.',
    });
    expect(await listCodeActionsOf(deps, other!.applicationId)).toEqual([]);

    expect(
      await runCodeAction(deps, {
        applicationId: tenant!.applicationId,
        actionId: action.id,
        input: { amount: 5 },
      }),
    ).toEqual({ ok: true, output: { total: 6 } });
    expect(await listCodeActionsOf(deps, tenant!.applicationId)).toEqual([
      { id: action.id, name: 'Add VAT', description: 'Adds 20 % VAT' },
    ]);

    const updated = await t.app.inject({
      method: 'PUT',
      url: codeActionPath(action.id),
      headers: tenant!.admin,
      payload: {
        name: 'Add VAT',
        code: 'function action(i) { return { total: i.amount * 2 }; }',
        sampleInput: {},
      },
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(
      await runCodeAction(deps, {
        applicationId: tenant!.applicationId,
        actionId: action.id,
        input: { amount: 5 },
      }),
    ).toEqual({ ok: true, output: { total: 10 } });

    const removed = await t.app.inject({
      method: 'DELETE',
      url: codeActionPath(action.id),
      headers: tenant!.admin,
    });
    expect(removed.statusCode).toBe(200);
    expect(await listCodeActionsOf(deps, tenant!.applicationId)).toEqual([]);
  });

  it('refuses every role but the admins on generate, test and changes; the list stays readable', async () => {
    const refused: readonly RoleType[] = [
      ROLE_TYPE.AGENT,
      ROLE_TYPE.BOT,
      ROLE_TYPE.DEVELOPER,
      ROLE_TYPE.OPERATOR,
    ];
    const saved = await t.app.inject({
      method: 'POST',
      url: CODE_ACTION_PATHS.actions,
      headers: tenant!.admin,
      payload: { name: 'Guarded', code: GENERATED },
    });
    const actionId = (saved.json().data as CodeAction).id;
    const writes = [
      { method: 'POST', url: CODE_ACTION_PATHS.generate, payload: { description: 'x' } },
      { method: 'POST', url: CODE_ACTION_PATHS.testCode, payload: { code: GENERATED, input: {} } },
      { method: 'POST', url: CODE_ACTION_PATHS.actions, payload: { name: 'Mine', code: GENERATED } },
      { method: 'PUT', url: codeActionPath(actionId), payload: { name: 'Mine', code: GENERATED } },
      { method: 'DELETE', url: codeActionPath(actionId) },
    ] as const;
    const answers: string[] = [];
    for (const role of refused) {
      const member = await signedInMember(t.database, tenant!.applicationId, role);
      for (const w of writes) {
        const res = await t.app.inject({
          method: w.method,
          url: w.url,
          headers: member.headers,
          ...('payload' in w ? { payload: w.payload } : {}),
        });
        answers.push(`${role} ${w.method} ${w.url}: ${res.statusCode}`);
      }
    }
    expect(answers).toEqual(
      refused.flatMap((role) => writes.map((w) => `${role} ${w.method} ${w.url}: 403`)),
    );
    const admin = await signedInMember(t.database, tenant!.applicationId, ROLE_TYPE.ADMIN);
    const agent = await signedInMember(t.database, tenant!.applicationId, ROLE_TYPE.AGENT);
    const list = await t.app.inject({
      method: 'GET',
      url: CODE_ACTION_PATHS.actions,
      headers: agent.headers,
    });
    expect(list.statusCode).toBe(200);
    expect((list.json().data as CodeAction[]).map((a) => a.name)).toEqual(['Guarded']);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: codeActionPath(actionId),
      headers: admin.headers,
    });
    expect(removed.statusCode).toBe(200);
  });
});
