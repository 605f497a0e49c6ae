import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it } from 'vitest';
import { groupFeed } from '../../../testing/group-feed';
import { ORIGIN, renderWithApp, setUpDashboardHarness, use } from '../../../testing/render';
import { markMessagesShown } from '../hooks/use-messages';
import { ConversationHeader } from './conversation-header';

setUpDashboardHarness();

const MESSAGING = `${ORIGIN}/messaging/rest/ws`;
const ok = (response: unknown) => HttpResponse.json({ status: 'success', generatedAt: 1, response });

const feed = (id: number) => groupFeed(id, { name: 'A conversation', tags: [{ id: 't-1', name: 'vip' }] });

function serve() {
  use(
    http.get(`${MESSAGING}/user/list`, () => ok({ users: [], totalCount: 0, startIndex: 0, pageSize: 100 })),
    http.get(`${MESSAGING}/team/v2/list`, () => ok([])),
    http.get(`${ORIGIN}/api/api/tags`, () =>
      HttpResponse.json({ code: 'SUCCESS', data: { active: [], deleted: [] } }),
    ),
  );
}

describe('ConversationHeader', () => {
  it('shows stand-ins for the assignee and tags pickers until the messages are shown', async () => {
    serve();
    renderWithApp(<ConversationHeader feed={feed(201)} title="A conversation" />);
    expect(await screen.findByRole('textbox', { name: 'Assignee' })).toBeTruthy();
    expect(screen.getByText('vip')).toBeTruthy();
    expect(screen.queryByTestId('assignee-select')).toBeNull();
    expect(screen.queryByTestId('tags-select')).toBeNull();
    act(() => markMessagesShown(201));
    expect(await screen.findByTestId('assignee-select')).toBeTruthy();
    expect(screen.getByTestId('tags-select')).toBeTruthy();
    expect(screen.getAllByText('vip').length).toBeGreaterThan(0);
  });

  it('mounts the real picker at once when its stand-in gets the focus, and focuses it', async () => {
    serve();
    renderWithApp(<ConversationHeader feed={feed(202)} title="A conversation" />);
    fireEvent.focus(await screen.findByRole('textbox', { name: 'Assignee' }));
    const select = await screen.findByTestId('assignee-select');
    await waitFor(() => expect(document.activeElement).toBe(select));
  });
});
