import { fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ORIGIN, renderWithApp, setUpDashboardHarness, use } from '../../../testing/render';
import { ConversationPane } from './conversation-pane';

setUpDashboardHarness();

const MESSAGING = `${ORIGIN}/messaging/rest/ws`;
const ok = (response: unknown) => HttpResponse.json({ status: 'success', generatedAt: 1, response });

/** The conversation's info answers `info`; its messages and the teammates answer empty. */
function serve(info: () => Response) {
  let infoRequests = 0;
  use(
    http.get(`${MESSAGING}/group/v2/info`, () => {
      infoRequests++;
      return info();
    }),
    http.get(`${MESSAGING}/message/v3/list`, () =>
      HttpResponse.json({ message: [], groupFeeds: [], userDetails: [], conversationPxys: [] }),
    ),
    http.get(`${MESSAGING}/user/list`, () => ok({ users: [], totalCount: 0, startIndex: 0, pageSize: 100 })),
  );
  return { infoRequests: () => infoRequests };
}

describe('ConversationPane states', () => {
  it('a conversation the server does not know: not found, and a way back to the list', async () => {
    serve(() => HttpResponse.json({ status: 'error', errorResponse: [] }, { status: 404 }));
    const onBack = vi.fn();
    renderWithApp(<ConversationPane groupId={301} onBack={onBack} />);
    const notice = await screen.findByTestId('conversation-not-found');
    expect(notice.textContent).toContain('Conversation not found');
    expect(notice.textContent).toContain('It does not exist, or it belongs to another workspace.');
    fireEvent.click(screen.getByRole('button', { name: 'Back to the list' }));
    expect(onBack).toHaveBeenCalledOnce();
  });

  it('a server out of reach: unreachable, and a retry that asks again', async () => {
    const network = serve(() => HttpResponse.error());
    renderWithApp(<ConversationPane groupId={302} onBack={() => undefined} />);
    const notice = await screen.findByTestId('conversation-unreachable', {}, { timeout: 5000 });
    expect(notice.textContent).toContain('The server cannot be reached');
    const before = network.infoRequests();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(network.infoRequests()).toBeGreaterThan(before));
  });
});
