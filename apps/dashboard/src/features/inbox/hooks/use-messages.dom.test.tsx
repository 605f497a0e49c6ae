import type { Message } from '@convo/api';
import { act, screen, waitFor } from '@testing-library/react';
import { HttpResponse, http } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { connectionStore, type RealtimeEvent, realtime } from '../../../app/realtime';
import { saveSession } from '../../../app/session/session-store';
import { groupFeed } from '../../../testing/group-feed';
import { ORIGIN, renderWithApp, SESSION, setUpDashboardHarness, use } from '../../../testing/render';
import { prefetchConversation } from '../components/conversation-query';
import { testMessage } from '../lib/test-message';
import { useMessages } from './use-messages';

setUpDashboardHarness();
afterEach(() => connectionStore.setState({ state: 'idle' }));

const MESSAGING = `${ORIGIN}/messaging/rest/ws`;

/** Serves one conversation (its info and newest page) and counts the requests for its messages. */
function serve(groupId: number, messages: Message[]) {
  let requests = 0;
  use(
    http.get(`${MESSAGING}/group/v2/info`, () =>
      HttpResponse.json({ status: 'success', generatedAt: 1, response: groupFeed(groupId) }),
    ),
    http.get(`${MESSAGING}/message/v3/list`, () => {
      requests++;
      return HttpResponse.json({ message: messages, groupFeeds: [], userDetails: [], conversationPxys: [] });
    }),
  );
  return { requests: () => requests };
}

function Messages({ groupId, customer }: { groupId: number; customer: string | null }) {
  const { state } = useMessages(groupId, customer);
  return (
    <>
      <ul>
        {state.messages.map((m) => (
          <li key={m.id}>{m.message}</li>
        ))}
      </ul>
      <p>read up to {state.readUpTo}</p>
    </>
  );
}

/** What the inbox does on a click (signed in): prefetch, then the pane mounts. */
async function open(groupId: number, customer: string | null = null) {
  saveSession(SESSION);
  prefetchConversation(queryClient, groupId);
  return renderWithApp(<Messages groupId={groupId} customer={customer} />);
}

/** A live frame as the socket hands it to its subscribers. */
function receive(event: RealtimeEvent) {
  act(() => (realtime as unknown as { dispatch(e: RealtimeEvent): void }).dispatch(event));
}

/** A conversation with one message, opened once (one request for its page) and closed. */
async function openedAndClosed(groupId: number, customer: string | null = null) {
  const network = serve(groupId, [testMessage({ id: 1, groupId, message: 'Hello' })]);
  const pane = await open(groupId, customer);
  expect(await screen.findByText('Hello')).toBeTruthy();
  expect(network.requests()).toBe(1);
  pane.unmount();
  return network;
}

/** Anything asked for by now would have been sent. */
const settled = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

describe('the messages of a conversation opened', () => {
  it('asks once for the newest page when a click prefetched it, and not at all when opened again', async () => {
    const network = await openedAndClosed(401);
    await open(401);
    expect(screen.getByText('Hello')).toBeTruthy();
    await settled();
    expect(network.requests()).toBe(1);
  });

  it('keeps a closed conversation current with live messages, without asking again', async () => {
    const network = await openedAndClosed(402);
    receive({
      type: 'message.received',
      data: { message: testMessage({ id: 2, groupId: 402, createdAtTime: 2, message: 'Still there?' }) },
    });
    await open(402);
    expect(screen.getByText('Hello')).toBeTruthy();
    expect(screen.getByText('Still there?')).toBeTruthy();
    await settled();
    expect(network.requests()).toBe(1);
  });

  it('asks for the newest page again once the socket was lost (live messages may be missing)', async () => {
    const network = await openedAndClosed(403);
    act(() => connectionStore.setState({ state: 'lost' }));
    await open(403);
    await waitFor(() => expect(network.requests()).toBe(2));
  });

  it("moves a closed conversation's receipts with its customer's, not anyone else's", async () => {
    const network = await openedAndClosed(404, 'customer-404');
    receive({ type: 'message.read', data: { groupId: 404, userId: 'agent-7', messageId: 9 } });
    receive({ type: 'message.read', data: { groupId: 404, userId: 'customer-404', messageId: 5 } });
    await open(404, 'customer-404');
    expect(screen.getByText('read up to 5')).toBeTruthy();
    await settled();
    expect(network.requests()).toBe(1);
  });
});
