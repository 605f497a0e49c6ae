import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, setUpDashboardHarness } from '../../testing/render';
import { LazyTooltip } from './lazy-tooltip';

setUpDashboardHarness();

// A file of its own: the overlays' module is loaded once per file, and the stand-in only shows until then.
describe('a tooltip loaded on first use', () => {
  it('a tooltip opens when the mouse is still over its child as it loads; the child keeps its handlers', async () => {
    let entered = 0;
    renderWithApp(
      <LazyTooltip label="Copy the link">
        <button type="button" onPointerEnter={() => entered++}>
          Copy
        </button>
      </LazyTooltip>,
    );
    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Copy' }), { pointerType: 'mouse' });
    expect(await screen.findByText('Copy the link')).toBeTruthy();
    expect(entered).toBeGreaterThan(0);
  });
});
