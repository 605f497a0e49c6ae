import type { Bot, Intent } from '@convo/api';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ORIGIN, renderWithApp, setUpDashboardHarness, use } from '../../../testing/render';
import { ClassicView } from './classic-view';

setUpDashboardHarness();

const bot: Bot = {
  id: '8f9d2c1e-4b7a-4c3e-9d2f-1a2b3c4d5e6f',
  userName: 'bot-helper-abc123',
  name: 'Helper',
  engine: 'kompose',
  enabled: true,
  defaultLanguage: 'en',
  languages: ['en'],
  operationMode: 'classic',
  settings: {},
  hasApiKey: false,
  credentials: null,
  firstResponder: false,
  firstResponderTeamIds: [],
  conversationsThisWeek: 0,
  lastError: null,
  createdAt: 0,
  updatedAt: 0,
};

const INTENTS = `${ORIGIN}/api/api/bots/${bot.id}/intents`;

/** An empty bot whose intent writes are recorded and answered like the server. */
function serve() {
  const writes: Record<string, unknown>[] = [];
  use(
    http.get(INTENTS, () => HttpResponse.json({ code: 'SUCCESS', data: [] })),
    // No model trained yet, in any language.
    http.get(`${ORIGIN}/api/api/bots/${bot.id}/training`, () =>
      HttpResponse.json({ code: 'SUCCESS', data: [] }),
    ),
    http.post(INTENTS, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      writes.push(body);
      const intent: Intent = {
        id: '3f1e2d4c-0000-4000-8000-000000000001',
        language: 'en',
        section: String(body.section),
        name: String(body.name),
        userSays: body.userSays as string[],
        botSays: [],
        updatedAt: 1,
      };
      return HttpResponse.json({ code: 'SUCCESS', data: intent });
    }),
  );
  return writes;
}

const view = () => <ClassicView bot={bot} language="en" variant="classic" onDirtyChange={() => {}} />;

describe('ClassicView (bot builder)', () => {
  it('shows what is missing instead of saving an empty answer', async () => {
    const writes = serve();
    const user = userEvent.setup();
    renderWithApp(view());
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // The field says it, and so may the error toast (its host loads with the first toast).
    expect((await screen.findAllByText('Give it a name.')).length).toBeGreaterThan(0);
    expect(
      (await screen.findAllByText('Add at least one phrase the customer may say.')).length,
    ).toBeGreaterThan(0);
    expect(writes).toHaveLength(0);
  });

  it('adds an intent with two phrases and saves them', async () => {
    const writes = serve();
    const user = userEvent.setup();
    renderWithApp(view());
    await user.click(await screen.findByRole('button', { name: 'Add' }));
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'Delivery time');
    await user.type(screen.getByRole('textbox', { name: 'Phrase 1' }), 'When will it arrive?');
    await user.click(screen.getByRole('button', { name: 'Add a phrase' }));
    await user.type(screen.getByRole('textbox', { name: 'Phrase 2' }), 'Where is my parcel?');
    await user.type(screen.getByRole('textbox', { name: 'Reply 1 text' }), 'Within two days.');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      name: 'Delivery time',
      userSays: ['When will it arrive?', 'Where is my parcel?'],
    });
  });
});
