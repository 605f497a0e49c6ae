import { MenuItem } from '@mantine/core';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, setUpDashboardHarness } from '../../testing/render';
import { LazyMenu } from './lazy-menu';
import { LazySelect } from './lazy-select';

setUpDashboardHarness();

// The stand-ins' names and states are the real components' (e2e selectors), and the keyboard opens
// them before the real component is loaded (issue 39).
describe('overlays loaded on first use', () => {
  it('a menu button opens with ArrowDown from the keyboard and keeps the focus near it', async () => {
    renderWithApp(
      <LazyMenu target={<button type="button">Actions</button>}>
        <MenuItem>First</MenuItem>
        <MenuItem>Second</MenuItem>
      </LazyMenu>,
    );
    const stand = screen.getByRole('button', { name: 'Actions' });
    expect(stand.getAttribute('aria-haspopup')).toBe('menu');
    expect(stand.getAttribute('aria-expanded')).toBe('false');
    stand.focus();
    fireEvent.keyDown(stand, { key: 'ArrowDown' });
    expect(await screen.findByRole('menuitem', { name: 'Second' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Actions' }).getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(document.activeElement).not.toBe(document.body));
  });

  it('a select shows its value and opens on click, with its options', async () => {
    renderWithApp(
      <LazySelect
        aria-label="Sort"
        data={[
          { value: 'newest', label: 'Newest first' },
          { value: 'oldest', label: 'Oldest first' },
        ]}
        value="newest"
        onChange={() => undefined}
      />,
    );
    const stand = screen.getByRole('combobox', { name: 'Sort' }) as HTMLInputElement;
    expect(stand.value).toBe('Newest first');
    expect(stand.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(stand);
    expect(await screen.findByRole('option', { name: 'Oldest first' })).toBeTruthy();
    const real = screen.getByRole('combobox', { name: 'Sort' }) as HTMLInputElement;
    expect(real.value).toBe('Newest first');
  });
});
