import { screen, within } from '@testing-library/react';
import { HttpResponse, http, ws } from 'msw';
import { describe, expect, it } from 'vitest';
import { ORIGIN, renderWithApp, SESSION, server, setUpDashboardHarness, use } from '../../testing/render';
import { AppLayout } from './app-layout';

setUpDashboardHarness();

// The navigation is plain links styled as Mantine's NavLink (issue 39 item 2): each screen a link
// by its name, in groups named by their label, the current screen's link marked active.
describe("the shell's navigation", () => {
  it('names its groups and links, and marks the current screen and its section', async () => {
    // The shell's other parts (presence, banners, the real-time socket) get empty answers.
    use(http.get(`${ORIGIN}/:anything*`, () => HttpResponse.json({ code: 'SUCCESS', data: {} })));
    server.use(ws.link(/.*/).addEventListener('connection', () => undefined));
    renderWithApp(
      <AppLayout>
        <p>content</p>
      </AppLayout>,
      { route: '/conversations/42', session: SESSION },
    );
    const navigation = await screen.findByRole('navigation', { name: 'Main navigation' });
    const inbox = within(navigation).getByRole('group', { name: 'Inbox' });
    const conversations = within(inbox).getByRole('link', { name: 'Conversations' });
    expect(conversations.getAttribute('href')).toBe('/conversations');
    // Active for a conversation's own address too (activeNavPaths), not only its list.
    expect(conversations.hasAttribute('data-active')).toBe(true);
    const dashboard = within(navigation).getByRole('link', { name: 'Dashboard' });
    expect(dashboard.hasAttribute('data-active')).toBe(false);
    expect(dashboard.getAttribute('aria-current')).toBeNull();
  });
});
