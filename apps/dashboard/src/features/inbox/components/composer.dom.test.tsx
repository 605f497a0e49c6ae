import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { ORIGIN, renderWithApp, setUpDashboardHarness, use } from '../../../testing/render';
import { Composer } from './composer';

setUpDashboardHarness();

const SEND = `${ORIGIN}/messaging/rest/ws/message/v2/send`;

/** Records each send's JSON body and answers like the server. */
function recordSends() {
  const bodies: Record<string, unknown>[] = [];
  use(
    http.post(SEND, async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      return HttpResponse.json({
        messageKey: String(body.key),
        createdAt: 1,
        groupId: 7,
        conversationId: 7,
        id: 99,
      });
    }),
  );
  return bodies;
}

describe('Composer', () => {
  it('sends the typed reply on Enter with the conversation, a key and the text, then empties the box', async () => {
    const bodies = recordSends();
    const user = userEvent.setup();
    renderWithApp(<Composer groupId={7} canNote={false} />);
    const box = await screen.findByRole('textbox', { name: 'Reply' });
    await user.type(box, '  Hello there  {Enter}');
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ groupId: 7, message: 'Hello there', contentType: 0 });
    expect(typeof bodies[0]?.key).toBe('string');
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
  });

  it('sends with the Send button, and Shift+Enter only breaks the line', async () => {
    const bodies = recordSends();
    const user = userEvent.setup();
    renderWithApp(<Composer groupId={8} canNote={false} />);
    const box = await screen.findByRole('textbox', { name: 'Reply' });
    await user.type(box, 'first{Shift>}{Enter}{/Shift}second');
    expect(bodies).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ groupId: 8, message: 'first\nsecond' });
  });

  it('sends nothing for an empty or blank reply', async () => {
    const bodies = recordSends();
    const user = userEvent.setup();
    renderWithApp(<Composer groupId={9} canNote={false} />);
    const box = await screen.findByRole('textbox', { name: 'Reply' });
    await user.type(box, '   {Enter}');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(bodies).toHaveLength(0);
  });

  it("lists quick replies after '/' and puts the chosen one in the box by keyboard", async () => {
    const bodies = recordSends();
    use(
      http.get(`${ORIGIN}/api/api/quick-replies`, () =>
        HttpResponse.json({
          code: 'SUCCESS',
          data: [
            {
              id: 'q1',
              shortcut: 'hi',
              content: 'Hello! How can I help?',
              shared: true,
              ownerUserId: null,
              editable: true,
              updatedAt: 1,
            },
            {
              id: 'q2',
              shortcut: 'bye',
              content: 'Thanks, goodbye!',
              shared: true,
              ownerUserId: null,
              editable: true,
              updatedAt: 1,
            },
          ],
        }),
      ),
    );
    const user = userEvent.setup();
    renderWithApp(<Composer groupId={10} canNote={false} />);
    const box = await screen.findByRole('textbox', { name: 'Reply' });
    await user.type(box, '/');
    const list = await screen.findByRole('listbox', { name: 'Quick replies' });
    expect(list.textContent).toContain('Thanks, goodbye!');
    await user.keyboard('{ArrowDown}{Enter}');
    expect((box as HTMLTextAreaElement).value).toBe('Thanks, goodbye!');
    expect(bodies).toHaveLength(0);
  });
});
