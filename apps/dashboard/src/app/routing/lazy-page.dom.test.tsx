import { screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, setUpDashboardHarness } from '../../testing/render';
import { reportError } from '../errors/error-reporting';
import { ChunkLoadError } from './chunk-errors';
import { lazyPage, loadOnce } from './lazy-page';

vi.mock('../errors/error-reporting', () => ({ reportError: vi.fn() }));

setUpDashboardHarness();
// The failure is logged on purpose (chunkFailed); keep the run's output clean.
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const NEWER = 'A newer version of application is available. Please refresh.';
// What the browser says when a release removed the chunk's file.
const gone = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));

describe('lazyPage: a chunk that fails to load', () => {
  it('shows the newer-version notice in its place, as a toast too, and reports it', async () => {
    const Page = lazyPage<object>(gone, { bootStylesOnly: true });
    renderWithApp(
      <Suspense fallback="loading">
        <Page />
      </Suspense>,
    );
    await waitFor(() => expect(screen.getAllByText(NEWER)).toHaveLength(2));
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(vi.mocked(reportError)).toHaveBeenCalledWith(expect.any(ChunkLoadError), 'chunk-load');
  });

  it('drawn over the page, shows the toast alone', async () => {
    const Drawer = lazyPage<object>(gone, { bootStylesOnly: true, overPage: true });
    renderWithApp(
      <div data-testid="place">
        <Suspense fallback="loading">
          <Drawer />
        </Suspense>
      </div>,
    );
    // The fallback gives way to nothing.
    await waitFor(() => expect(screen.getByTestId('place').textContent).toBe(''));
    expect(await screen.findByText(NEWER)).toBeTruthy();
  });
});

describe('loadOnce', () => {
  it('loads once, and forgets a failure so that the next call tries again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValue('module');
    const chunk = loadOnce(load);
    await expect(chunk.load()).rejects.toThrow('offline');
    expect(chunk.loaded()).toBeNull();
    await expect(chunk.load()).resolves.toBe('module');
    await expect(chunk.load()).resolves.toBe('module');
    expect(load).toHaveBeenCalledTimes(2);
    expect(chunk.loaded()).toBe('module');
  });
});
