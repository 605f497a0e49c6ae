import { MenuItem } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reportError } from '../../app/errors/error-reporting';
import { renderWithApp, setUpDashboardHarness } from '../../testing/render';
import { LazyMenu } from './lazy-menu';

// A release replaced the files: the overlays' chunk is gone.
vi.mock('./overlays', () => {
  throw new TypeError('Failed to fetch dynamically imported module');
});
vi.mock('../../app/errors/error-reporting', () => ({ reportError: vi.fn() }));

setUpDashboardHarness();
// The failure is logged on purpose (chunkFailed); keep the run's output clean.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

describe('overlays whose chunk fails to load', () => {
  it('keep the stand-in and show the newer-version notice, as a page does', async () => {
    renderWithApp(
      <LazyMenu target={<button type="button">Actions</button>}>
        <MenuItem>First</MenuItem>
      </LazyMenu>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Actions' }));
    expect(
      await screen.findByText('A newer version of application is available. Please refresh.'),
    ).toBeTruthy();
    await waitFor(() => expect(vi.mocked(reportError)).toHaveBeenCalled());
    expect(screen.getByRole('button', { name: 'Actions' }).getAttribute('aria-expanded')).toBe('false');
  });
});
