// Opening a conversation draws its messages first: the reply box (an autosized Mantine textarea,
// the emoji popover, attachments, quick replies, typing notices) mounts once the first messages are
// on screen and the browser is idle, and until then a light stand-in of the same look and size holds
// its place (issue 39 item 4: 5,000-message conversation visible < 200 ms after the click).
// Focusing the stand-in, or the r / n / / shortcuts, mount the real box at once and hand it the focus.
// A click on its emoji or attachment button, or on a suggestion, is handed on too: those keep the
// stand-in through the press (a swap between press and click left the click nowhere).

import { ActionIcon, Button, Group, Textarea } from '@mantine/core';
import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { whenIdle } from '../../../lib/when-idle';
import { useMessagesShown } from '../hooks/use-messages';
import { readDraft } from '../lib/drafts';
import { Composer } from './composer';
import {
  ComposerFrame,
  type ComposerHandle,
  type ComposerMode,
  composerPlaceholder,
  PaperclipIcon,
} from './composer-frame';
import { ReplySuggestions } from './reply-suggestions';

type ComposerProps = React.ComponentProps<typeof Composer>;

const noop = () => {};
// A press that does not move the focus: the focus would swap in the real box before the click.
const keepFocus = (event: React.MouseEvent) => event.preventDefault();

// The height the autosized box gives itself for two rows (react-textarea-autosize: a row is one
// line plus the padding, read as a whole-pixel scrollHeight, less the padding), so that the swap
// moves nothing.
const PAD = '2 * var(--input-padding-y, 0rem)';
const TWO_ROWS = {
  input: { height: `calc(2 * (round(1lh + ${PAD}, 1px) - ${PAD}) + ${PAD} + 2px)` },
};

// What keeps the stand-in on focus (data-keeps-stand-in): the suggestions, whose click hands their
// text on.
const KEEPS_STAND_IN = '[data-keeps-stand-in]';

/** The reply box's look without its behaviour: any focus inside it (but a suggestion's) asks for the real one. */
function ComposerShell({
  groupId,
  canNote,
  channel,
  lastCustomerMessageId,
  onWake,
  onAction,
}: ComposerProps & {
  onWake: (mode?: ComposerMode) => void;
  /** What a click on the stand-in asks of the real box (mounted for it). */
  onAction: (action: (box: ComposerHandle) => void) => void;
}) {
  const { t } = useTranslation('inbox');
  return (
    // Focus comes before the switch's change (which the swap would lose): its radio says the mode.
    // A suggestion's focus does not swap: a pressed chip gets the focus before its click, and a swap
    // in between left the click nowhere (the suggestion was lost); its click hands the text on.
    <div
      onFocusCapture={(e) => {
        if (e.target instanceof Element && e.target.closest(KEEPS_STAND_IN) !== null) return;
        onWake(e.target instanceof HTMLInputElement && e.target.value === 'note' ? 'note' : 'reply');
      }}
      data-testid="composer-shell"
    >
      <ComposerFrame mode="reply" onMode={onWake} canNote={canNote}>
        <div data-keeps-stand-in style={{ display: 'contents' }}>
          <ReplySuggestions
            groupId={groupId}
            messageId={lastCustomerMessageId ?? null}
            onPick={(text) => onAction((box) => box.insertSuggestion(text))}
          />
        </div>
        {/* Not autosized (it measures itself on mount): two rows, as the real box starts. */}
        <Textarea
          value=""
          onChange={noop}
          readOnly
          placeholder={composerPlaceholder(t, 'reply', channel)}
          aria-label={t('composer.reply')}
          rows={2}
          styles={TWO_ROWS}
        />
        <Group justify="space-between">
          <Group gap={4}>
            <ActionIcon
              variant="subtle"
              aria-label={t('composer.emoji')}
              onMouseDown={keepFocus}
              onClick={() => onAction((box) => box.openEmoji())}
            >
              <span aria-hidden>😊</span>
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('composer.attach')}
              onMouseDown={keepFocus}
              onClick={() => onAction((box) => box.pickFile())}
            >
              <PaperclipIcon />
            </ActionIcon>
          </Group>
          <Button size="xs" disabled>
            {t('composer.send')}
          </Button>
        </Group>
      </ComposerFrame>
    </div>
  );
}

/** Whether a messaging channel's 24-hour window is closed now (the real box then shows templates). */
const windowClosed = (closesAt: number | null | undefined) =>
  closesAt !== undefined && (closesAt === null || closesAt <= Date.now());

/** The reply box, mounted after the conversation's first messages are drawn (see the top comment). */
export const DeferredComposer = forwardRef<ComposerHandle, ComposerProps>(
  function DeferredComposer(props, ref) {
    const shown = useMessagesShown(props.groupId);
    // A closed window shows the template picker, not a text box, and a kept draft may take more than
    // two rows: no stand-in for either.
    const [live, setLive] = useState(
      () => windowClosed(props.serviceWindowClosesAt) || readDraft(props.groupId) !== '',
    );
    const real = useRef<ComposerHandle>(null);
    // What the agent asked of the box before it was mounted (a shortcut, a focus).
    const pending = useRef<((box: ComposerHandle) => void) | null>(null);

    useEffect(() => {
      if (live || !shown) return;
      return whenIdle(() => setLive(true), 1000);
    }, [live, shown]);
    useEffect(() => {
      if (!live || !real.current || !pending.current) return;
      pending.current(real.current);
      pending.current = null;
    }, [live]);

    useImperativeHandle(ref, () => {
      const run = (action: (box: ComposerHandle) => void) => {
        if (real.current) action(real.current);
        else {
          pending.current = action;
          setLive(true);
        }
      };
      return {
        focus: (mode: ComposerMode) => run((box) => box.focus(mode)),
        openQuickReplies: () => run((box) => box.openQuickReplies()),
        insertSuggestion: (text: string) => run((box) => box.insertSuggestion(text)),
        openEmoji: () => run((box) => box.openEmoji()),
        pickFile: () => run((box) => box.pickFile()),
      };
    }, []);

    if (live) return <Composer ref={real} {...props} />;
    // The switch picks a mode; any other focus is the agent about to reply.
    const wake = (mode: ComposerMode = 'reply') => {
      pending.current ??= (box) => box.focus(mode);
      setLive(true);
    };
    // A suggestion picked (or a button clicked) on the stand-in acts on the real box, as there.
    const handOn = (action: (box: ComposerHandle) => void) => {
      pending.current = action;
      setLive(true);
    };
    return <ComposerShell {...props} onWake={wake} onAction={handOn} />;
  },
);
