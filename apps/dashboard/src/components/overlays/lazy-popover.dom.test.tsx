import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, setUpDashboardHarness } from '../../testing/render';
import { LazyPopover } from './lazy-popover';

setUpDashboardHarness();

function Picker() {
  const [opened, setOpened] = useState(false);
  return (
    <LazyPopover
      opened={opened}
      onChange={setOpened}
      target={
        <button type="button" onClick={() => setOpened(true)}>
          Emoji
        </button>
      }
    >
      <p>Smileys</p>
    </LazyPopover>
  );
}

// A file of its own: the overlays' module is loaded once per file, and the stand-in only shows until then.
describe('a popover loaded on first use', () => {
  it('a popover opened from its target shows its dropdown, the target keeping its own click', async () => {
    renderWithApp(<Picker />);
    const stand = screen.getByRole('button', { name: 'Emoji' });
    expect(stand.getAttribute('aria-haspopup')).toBe('dialog');
    fireEvent.click(stand);
    expect(await screen.findByText('Smileys')).toBeTruthy();
  });
});
