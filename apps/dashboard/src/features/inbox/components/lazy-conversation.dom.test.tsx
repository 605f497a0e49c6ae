import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportError } from '../../../app/errors/error-reporting';
import { renderWithApp, setUpDashboardHarness } from '../../../testing/render';
import { LazyConversationPane, LazyDetailsDrawer } from './lazy-conversation';

// A release replaced the files: the open conversation's chunk is gone.
vi.mock('./open-conversation', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('../../../app/errors/error-reporting', () => ({ reportError: vi.fn() }));

setUpDashboardHarness();
// The failure is logged on purpose (chunkFailed); keep the run's output clean.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const NEWER = 'A newer version of application is available. Please refresh.';

describe('the open conversation when its chunk fails to load', () => {
  it('shows the newer-version notice in the pane, not the route error screen', async () => {
    renderWithApp(
      <LazyConversationPane groupId={1} composerRef={{ current: null }} onBack={() => undefined} />,
    );
    await waitFor(() => expect(screen.getAllByText(NEWER)).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
  });

  it('the details drawer leaves its place empty and shows the notice as a toast', async () => {
    vi.mocked(reportError).mockClear();
    const { container } = renderWithApp(
      <LazyDetailsDrawer groupId={1} opened={false} onClose={() => undefined} />,
    );
    await waitFor(() => expect(vi.mocked(reportError)).toHaveBeenCalled());
    expect(await screen.findByText(NEWER)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Refresh' })).toBeNull();
    expect(container.textContent).not.toContain(NEWER);
  });
});
