import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { HttpResponse, http } from 'msw';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ORIGIN, renderWithApp, setUpDashboardHarness, use } from '../../../testing/render';
import { markMessagesShown } from '../hooks/use-messages';
import type { ComposerHandle } from './composer';
import { DeferredComposer } from './composer-shell';

setUpDashboardHarness();

/** The suggestions endpoint's answer: one reply for the customer's message `messageId`. */
function suggestionsAnswer(
  messageId: number,
  reply: { source: 'quick-reply' | 'llm'; title: string; text: string },
) {
  return HttpResponse.json({
    code: 'SUCCESS',
    data: {
      messageId,
      suggestions: [{ ...reply, score: 0.5 }],
      llm: reply.source === 'llm' ? 'answered' : 'off',
    },
  });
}

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

  it('puts a suggestion clicked on the stand-in into the real box (the press focuses the chip first)', async () => {
    use(
      http.get(`${ORIGIN}/api/api/conversations/106/suggestions`, () =>
        suggestionsAnswer(7, { source: 'quick-reply', title: 'returns', text: 'Returns are free.' }),
      ),
    );
    renderWithApp(<DeferredComposer groupId={106} canNote={false} lastCustomerMessageId={7} />);
    await screen.findByTestId('composer-shell');
    const chip = await screen.findByRole('button', { name: 'Insert the suggested reply: Returns are free.' });
    // A real press: pointer down, focus, pointer up, click (fireEvent.click alone has no focus).
    await userEvent.click(chip);
    const box = await screen.findByTestId('composer');
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe('Returns are free.'));
  });

  it('opens the emoji picker of the real box for a click on the stand-in’s', async () => {
    renderWithApp(<DeferredComposer groupId={107} canNote={false} />);
    await screen.findByTestId('composer-shell');
    await userEvent.click(screen.getByRole('button', { name: 'Insert an emoji' }));
    await screen.findByTestId('composer');
    const emoji = screen.getByRole('button', { name: 'Insert an emoji' });
    await waitFor(() => expect(emoji.getAttribute('aria-expanded')).toBe('true'));
    expect(await screen.findByLabelText('😀')).toBeTruthy();
  });

  it('hands a click on the attachment button of the stand-in to the real one', async () => {
    const chooser = vi.spyOn(HTMLInputElement.prototype, 'click').mockImplementation(() => {});
    try {
      renderWithApp(<DeferredComposer groupId={108} canNote={false} />);
      await screen.findByTestId('composer-shell');
      await userEvent.click(screen.getByRole('button', { name: 'Attach a file (up to 3 MB)' }));
      await screen.findByTestId('composer');
      await waitFor(() => expect(chooser).toHaveBeenCalledTimes(1));
      expect((chooser.mock.contexts[0] as HTMLInputElement).type).toBe('file');
    } finally {
      chooser.mockRestore();
    }
  });

  it('asks once for the suggestions when the real box replaces the stand-in mid-request', async () => {
    // Each request is an AI-agent call the application pays for (and the e2e fake answers once).
    let requests = 0;
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => {
      answer = resolve;
    });
    use(
      http.get(`${ORIGIN}/api/api/conversations/105/suggestions`, async () => {
        requests++;
        await answered;
        return suggestionsAnswer(9, { source: 'llm', title: 'AI', text: 'Yes, within 30 days.' });
      }),
    );
    renderWithApp(<DeferredComposer groupId={105} canNote={false} lastCustomerMessageId={9} />);
    await screen.findByTestId('composer-shell');
    await waitFor(() => expect(requests).toBe(1));
    act(() => markMessagesShown(105));
    await screen.findByTestId('composer');
    answer();
    expect(
      await screen.findByRole('button', { name: 'Insert the suggested reply: Yes, within 30 days.' }),
    ).toBeTruthy();
    expect(requests).toBe(1);
  });
});
