import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp, setUpDashboardHarness } from '../../../testing/render';
import { markMessagesShown } from '../hooks/use-messages';
import type { ComposerHandle } from './composer';
import { DeferredComposer } from './composer-shell';

setUpDashboardHarness();

describe('DeferredComposer', () => {
  it('shows the stand-in until the messages are shown, then the real box once idle', async () => {
    renderWithApp(<DeferredComposer groupId={101} canNote={false} />);
    expect(await screen.findByTestId('composer-shell')).toBeTruthy();
    expect(screen.queryByTestId('composer')).toBeNull();
    act(() => markMessagesShown(101));
    expect(await screen.findByTestId('composer')).toBeTruthy();
    expect(screen.queryByTestId('composer-shell')).toBeNull();
  });

  it('mounts the real box at once for the reply shortcut and focuses it', async () => {
    const ref = createRef<ComposerHandle>();
    renderWithApp(<DeferredComposer ref={ref} groupId={102} canNote />);
    await screen.findByTestId('composer-shell');
    act(() => ref.current?.focus('note'));
    const box = await screen.findByTestId('composer');
    await waitFor(() => expect(document.activeElement).toBe(box));
    expect(box.getAttribute('aria-label')).toBe('Private note');
  });

  it('hands the focus of the stand-in (a Tab, a click) to the real box', async () => {
    renderWithApp(<DeferredComposer groupId={103} canNote={false} />);
    await screen.findByTestId('composer-shell');
    fireEvent.focus(screen.getByRole('textbox', { name: 'Reply' }));
    const box = await screen.findByTestId('composer');
    await waitFor(() => expect(document.activeElement).toBe(box));
  });

  it('puts a suggestion picked before the real box is mounted into the real box', async () => {
    const ref = createRef<ComposerHandle>();
    renderWithApp(<DeferredComposer ref={ref} groupId={104} canNote={false} />);
    await screen.findByTestId('composer-shell');
    act(() => ref.current?.insertSuggestion('Your order ships today.'));
    const box = await screen.findByTestId('composer');
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('Your order ships today.'));
  });
});
