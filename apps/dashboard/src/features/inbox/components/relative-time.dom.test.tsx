import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setUpDashboardHarness } from '../../../testing/render';
import { RelativeTime } from './relative-time';

setUpDashboardHarness();

// The full date is the tooltip's: written when the pointer comes over the time, not at render.
describe('RelativeTime', () => {
  it('shows the relative time, and the full date once the pointer is over it', () => {
    const ms = Date.now() - 5 * 60_000;
    const { container } = render(<RelativeTime ms={ms} />);
    const time = container.querySelector('time') as HTMLElement;
    expect(time.textContent).toMatch(/mins ago$/);
    expect(time.getAttribute('datetime')).toBe(new Date(ms).toISOString());
    expect(time.title).toBe('');
    fireEvent.pointerEnter(time);
    expect(time.title).toBe(new Date(ms).toLocaleString());
  });
});
