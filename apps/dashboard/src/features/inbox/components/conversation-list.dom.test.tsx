import type { GroupFeed } from '@convo/api';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import type { ReactNode } from 'react';
import { VirtuosoMockContext } from 'react-virtuoso';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../app/query-client';
import { saveSession } from '../../../app/session/session-store';
import { groupFeed } from '../../../testing/group-feed';
import { ORIGIN, renderWithApp, SESSION, setUpDashboardHarness, use } from '../../../testing/render';
import { prefetchInitialList } from '../lib/conversation-list-query';
import { DEFAULT_FILTER } from '../lib/inbox-filter';
import { requestFirstListPage } from '../lib/saved-filter';
import { ConversationList } from './conversation-list';

setUpDashboardHarness();

const MESSAGING = `${ORIGIN}/messaging/rest/ws`;
const ok = (response: unknown) => HttpResponse.json({ status: 'success', generatedAt: 1, response });

const feed = (id: number, name: string, preview: string): GroupFeed =>
  groupFeed(id, {
    name,
    unreadCount: id === 1 ? 2 : 0,
    lastMessage: { preview, contentType: 0, senderType: 2 },
  });

/** The inbox's reference data and a search answering `feeds`; returns the search bodies sent. */
function serve(feeds: GroupFeed[]) {
  const searches: unknown[] = [];
  use(
    http.post(`${MESSAGING}/group/support/search`, async ({ request }) => {
      searches.push(await request.json());
      return ok({ groupFeeds: feeds, nextStartIndex: null });
    }),
    http.get(`${MESSAGING}/user/list`, () => ok({ users: [], totalCount: 0, startIndex: 0, pageSize: 100 })),
    http.get(`${MESSAGING}/team/v2/list`, () => ok([])),
    http.get(`${ORIGIN}/api/api/tags`, () =>
      HttpResponse.json({ code: 'SUCCESS', data: { active: [], deleted: [] } }),
    ),
  );
  return searches;
}

// Virtuoso measures its viewport; happy-dom lays nothing out, so the library's own test context gives it sizes.
const sized = (ui: ReactNode) => (
  <VirtuosoMockContext.Provider value={{ viewportHeight: 800, itemHeight: 64 }}>
    {ui}
  </VirtuosoMockContext.Provider>
);

function list(onOpen = vi.fn(), onIntent = vi.fn()) {
  return sized(
    <ConversationList
      filter={DEFAULT_FILTER}
      onFilter={() => {}}
      selectedId={null}
      onOpen={onOpen}
      onIntent={onIntent}
      onItems={() => {}}
    />,
  );
}

describe('ConversationList', () => {
  it('renders a row per conversation with its name and preview', async () => {
    const searches = serve([
      feed(1, 'Grace Hopper', 'Where is my order?'),
      feed(2, 'Alan Turing', 'Thanks!'),
    ]);
    renderWithApp(list());
    const rows = await screen.findAllByTestId('conversation-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText('Grace Hopper')).toBeTruthy();
    expect(within(rows[0] as HTMLElement).getByText('Where is my order?')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('Alan Turing')).toBeTruthy();
    expect(searches).toHaveLength(1);
  });

  it('shows the first page a cold /conversations asked for at boot, without asking again', async () => {
    const searches = serve([feed(1, 'Grace Hopper', 'Where is my order?')]);
    saveSession(SESSION);
    prefetchInitialList(queryClient);
    await waitFor(() => expect(searches).toHaveLength(1));
    renderWithApp(list());
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(searches).toHaveLength(1);
  });

  it('takes the answer of the search sent at boot before its code came, without asking again', async () => {
    const searches = serve([feed(1, 'Grace Hopper', 'Where is my order?')]);
    saveSession(SESSION);
    requestFirstListPage();
    await waitFor(() => expect(searches).toHaveLength(1));
    // As boot does once the page's code is in, then the list itself.
    prefetchInitialList(queryClient);
    renderWithApp(list());
    expect(await screen.findByText('Grace Hopper')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(searches).toHaveLength(1);
  });

  it('asks for the teams and tags once "More filters" is opened, not to draw the list', async () => {
    serve([feed(1, 'Grace Hopper', 'Where is my order?')]);
    const asked: string[] = [];
    use(
      http.get(`${MESSAGING}/team/v2/list`, () => {
        asked.push('teams');
        return ok([]);
      }),
      http.get(`${ORIGIN}/api/api/tags`, () => {
        asked.push('tags');
        return HttpResponse.json({ code: 'SUCCESS', data: { active: [], deleted: [] } });
      }),
    );
    renderWithApp(list());
    await screen.findAllByTestId('conversation-row');
    expect(screen.queryByRole('combobox', { name: 'Team' })).toBeNull();
    expect(asked).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: 'More filters' }));
    expect(await screen.findByRole('combobox', { name: 'Team' })).toBeTruthy();
    await waitFor(() => expect(asked.sort()).toEqual(['tags', 'teams']));
  });

  it('says so when no conversation matches', async () => {
    serve([]);
    renderWithApp(list());
    expect((await screen.findByTestId('empty-list')).textContent).toBe(
      'No conversations match these filters.',
    );
    expect(screen.queryAllByTestId('conversation-row')).toHaveLength(0);
  });

  it('says which row the mouse rests on or a pointer presses, and when it leaves', async () => {
    serve([feed(1, 'Grace Hopper', 'Where is my order?'), feed(2, 'Alan Turing', 'Thanks!')]);
    const onIntent = vi.fn();
    const user = userEvent.setup();
    renderWithApp(list(vi.fn(), onIntent));
    const row = within((await screen.findAllByTestId('conversation-row'))[1] as HTMLElement);
    const button = row.getByText('Alan Turing').closest('button') as HTMLElement;
    await user.hover(button);
    expect(onIntent).toHaveBeenLastCalledWith(2);
    await user.unhover(button);
    expect(onIntent).toHaveBeenLastCalledWith(null);
    await user.pointer({ keys: '[TouchA]', target: button });
    expect(onIntent).toHaveBeenCalledWith(2, true);
  });

  it('opens a conversation and selects rows from the keyboard', async () => {
    serve([feed(1, 'Grace Hopper', 'Where is my order?'), feed(2, 'Alan Turing', 'Thanks!')]);
    const onOpen = vi.fn();
    const user = userEvent.setup();
    renderWithApp(list(onOpen));
    await screen.findAllByTestId('conversation-row');
    const check = screen.getByRole('checkbox', { name: 'Select Alan Turing' });
    check.focus();
    await user.keyboard(' ');
    await waitFor(() => expect(screen.getByText('1 selected')).toBeTruthy());
    await user.tab(); // from the checkbox to the row's button
    expect(document.activeElement?.textContent).toContain('Alan Turing');
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(2);
  });

  it('selects all rows from the header box, which shows a partial selection as mixed', async () => {
    serve([feed(1, 'Grace Hopper', 'Where is my order?'), feed(2, 'Alan Turing', 'Thanks!')]);
    const user = userEvent.setup();
    renderWithApp(list());
    await screen.findAllByTestId('conversation-row');
    const all = screen.getByRole('checkbox', { name: 'Select all' }) as HTMLInputElement;
    expect(all.checked).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Select Alan Turing' }));
    const some = screen.getByRole('checkbox', { name: '1 selected' }) as HTMLInputElement;
    expect(some.indeterminate).toBe(true);
    await user.click(some);
    const both = screen.getByRole('checkbox', { name: '2 selected' }) as HTMLInputElement;
    expect(both.checked).toBe(true);
    expect(both.indeterminate).toBe(false);
    expect((screen.getByRole('checkbox', { name: 'Select Grace Hopper' }) as HTMLInputElement).checked).toBe(
      true,
    );
  });
});
