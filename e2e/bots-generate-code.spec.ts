import { CODE_ACTION_PATHS, type CodeAction, codeActionPath } from '@convo/api';
import { type FakeProvider, startFakeOpenAI } from '@convo/provider-fakes';
import { apiLogin, logIn } from './support/inbox';
import { expectFitsViewport } from './support/layout';
import { expect, test } from './support/test';

// Issue 36 item 4, the builder's "generate code" section: an AI agent whose model is a local
// OpenAI-compatible fake writes action(input) from the admin's description; the admin edits it,
// runs the test on a sample input in the server's sandbox, sees the output, and saves it. A
// provider failure says 'Error generating code'. The section fits a phone.

const OWNER = 'owner@demo.convo.local';
const tag = Date.now().toString(36);
const KEY = `sk-e2e-codegen-${tag}-secret`;
const ACTION = `Add VAT ${tag}`;
const GENERATED = [
  'function action(input) {',
  '  // Adds 20 % VAT to the amount',
  '  return { total: Math.round(Number(input.amount) * 1.2 * 100) / 100 };',
  '}',
].join('\n');
let fake: FakeProvider;

test.beforeAll(async () => {
  fake = await startFakeOpenAI({ apiKey: KEY });
});
test.afterAll(async () => {
  await fake?.close();
});

test('an admin generates a custom action, edits it, tests it in the sandbox and saves it', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const { token } = await apiLogin(request, OWNER);
  const auth = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/bots', {
    headers: auth,
    data: { name: `Code writer ${tag}`, engine: 'openai' },
  });
  expect(created.ok(), await created.text()).toBe(true);
  const botId = (await created.json()).data.id as string;
  const keyed = await request.put(`/api/bots/${botId}/engine`, {
    headers: auth,
    data: { settings: { baseUrl: fake.url, model: 'gpt-test' }, apiKey: KEY },
  });
  expect(keyed.ok(), await keyed.text()).toBe(true);

  const page = await logIn(browser, OWNER);
  try {
    await page.goto(`/bots/bot-builder/openai?botId=${botId}`);
    await page
      .getByRole('navigation', { name: 'Builder sections' })
      .getByRole('button', { name: 'Generate code' })
      .click();
    const section = page.getByTestId('generate-code-section');
    await expect(section).toBeVisible();

    await test.step('describe and generate: the agent’s model writes the function', async () => {
      fake.script({ kind: 'text', chunks: ['```javascript\n', GENERATED, '\n```'], firstChunkDelayMs: 300 });
      await section.getByLabel('Describe the action').fill('Add 20 % VAT to "amount" and return "total".');
      await section.getByRole('button', { name: 'Generate code' }).click();
      await expect(page.getByText(`Code written by Code writer ${tag}`)).toBeVisible();
      await expect(page.getByTestId('code-editor')).toHaveValue(GENERATED);
      expect(fake.calls.at(-1)?.rawBody).toContain('Add 20 % VAT');
    });

    await test.step('edit, run the test on a sample input, see the output', async () => {
      const editor = page.getByTestId('code-editor');
      await editor.fill(GENERATED.replace('1.2', '1.1').replace('20 %', '10 %'));
      await page.getByTestId('code-sample-input').fill('{ "amount": 10 }');
      await section.getByRole('button', { name: 'Run test' }).click();
      await expect(page.getByTestId('code-run-output')).toContainText('"total": 11');

      // An endless loop is stopped by the sandbox and said so; Ctrl+Enter runs the test.
      await editor.fill('function action() { while (true) {} }');
      await editor.press('Control+Enter');
      await expect(page.getByTestId('code-run-result')).toContainText('Too slow');
      await editor.fill(GENERATED.replace('1.2', '1.1').replace('20 %', '10 %'));
    });

    await test.step('save: the action is listed and stored', async () => {
      await section.getByLabel('Action name').fill(ACTION);
      await section.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Action saved')).toBeVisible();
      await expect(section.getByRole('list', { name: 'Saved actions' })).toContainText(ACTION);
      const list = await request.get(CODE_ACTION_PATHS.actions, { headers: auth });
      const saved = ((await list.json()).data as CodeAction[]).find((a) => a.name === ACTION);
      expect(saved).toMatchObject({ sampleInput: { amount: 10 } });
      expect(saved?.code).toContain('1.1');
    });

    await test.step('a provider failure says Error generating code', async () => {
      fake.script({ kind: 'error', error: 'server' });
      await section.getByRole('button', { name: 'Generate again' }).click();
      await expect(page.getByText(/^Error generating code/)).toBeVisible();
    });

    await test.step('the section fits a phone', async () => {
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(section).toBeVisible();
      await expectFitsViewport(page);
    });
  } finally {
    await page.close();
    const list = await request.get(CODE_ACTION_PATHS.actions, { headers: auth });
    for (const a of ((await list.json()).data as CodeAction[]).filter((x) => x.name === ACTION)) {
      await request.delete(codeActionPath(a.id), { headers: auth });
    }
    await request.delete(`/api/bots/${botId}`, { headers: auth });
  }
});
