import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PlainSegmentedControl } from './plain-segmented-control';

const DATA = [
  { value: 'all', label: 'All users' },
  { value: 'agents', label: 'All agents' },
  { value: 'bots', label: 'All bots' },
] as const;

function Audience({ onChange, disabled }: { onChange?: (v: string) => void; disabled?: boolean }) {
  const [value, setValue] = useState<(typeof DATA)[number]['value']>('all');
  return (
    <PlainSegmentedControl
      aria-label="Audience"
      data={DATA}
      value={value}
      disabled={disabled}
      onChange={(v) => {
        setValue(v);
        onChange?.(v);
      }}
    />
  );
}

// Plain radio inputs in place of Mantine's SegmentedControl (issue 39 item 2): a named group, each
// segment a radio by its label, the chosen one checked and drawn active.
describe('PlainSegmentedControl', () => {
  afterEach(cleanup);

  it('is a named radio group whose segments are chosen by their labels', () => {
    const onChange = vi.fn();
    render(<Audience onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Audience' });
    expect(group).toBeTruthy();
    const all = screen.getByRole('radio', { name: 'All users' }) as HTMLInputElement;
    const bots = screen.getByRole('radio', { name: 'All bots' }) as HTMLInputElement;
    expect(all.checked).toBe(true);
    fireEvent.click(screen.getByText('All bots'));
    expect(onChange).toHaveBeenCalledWith('bots');
    expect(bots.checked).toBe(true);
    expect(all.checked).toBe(false);
    expect(screen.getByText('All bots').closest('label')?.hasAttribute('data-active')).toBe(true);
    // One group: the inputs share a name, so the keyboard moves between them as in any radio group.
    expect(new Set([all.name, bots.name]).size).toBe(1);
  });

  it('offers no choice while disabled', () => {
    const onChange = vi.fn();
    render(<Audience onChange={onChange} disabled />);
    const agents = screen.getByRole('radio', { name: 'All agents' }) as HTMLInputElement;
    expect(agents.disabled).toBe(true);
  });
});
